import type { RequestCustomerView } from '@tiredash/contracts';
import { useMessages } from '../../../shared/i18n/i18n';
import { trackingCustomerCardMessages } from '../../../shared/i18n/locales/en/tracking';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';

/** The placeholder rating the provider's customer card shows (spec section 9). */
export const CUSTOMER_PLACEHOLDER_RATING = '4.8/5';

/**
 * The provider's view of the customer: full name, the fixed 4.8/5, Call Customer (tel link), Send Message (moves to
 * the job chat's message box when the screen has one; no action otherwise, as in the spec).
 */
export function CustomerCard({ customer, onMessage }: { customer: RequestCustomerView; onMessage?: () => void }) {
  const tCustomerCard = useMessages(trackingCustomerCardMessages);
  return (
    <Card title={tCustomerCard.title}>
      <div className="person-card">
        <span className="person-card__avatar" aria-hidden="true">
          {(customer.fullName || '?').slice(0, 1).toUpperCase()}
        </span>
        <div>
          <p className="person-card__name">{customer.fullName}</p>
          <p className="muted" aria-label={tCustomerCard.rating({ rating: CUSTOMER_PLACEHOLDER_RATING })}>
            ★ {CUSTOMER_PLACEHOLDER_RATING}
          </p>
        </div>
      </div>
      <div className="row">
        {customer.phone ? (
          <a className="btn btn--primary btn--md" href={`tel:${customer.phone}`}>
            {tCustomerCard.call}
          </a>
        ) : (
          <Button disabled>{tCustomerCard.call}</Button>
        )}
        <Button variant="outline" onClick={onMessage}>
          {tCustomerCard.message}
        </Button>
      </div>
    </Card>
  );
}

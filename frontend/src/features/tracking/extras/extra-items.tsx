import type { ServiceRequestView } from '@tiredash/contracts';
import { formatMoney } from '../../../shared/format';
import { useMessages } from '../../../shared/i18n/i18n';
import { trackingExtrasMessages, trackingServiceTypesMessages } from '../../../shared/i18n/locales/en/tracking';
import { serviceTypeLabel } from '../tracking-labels';
import { itemisedTotal } from './extras.model';

/**
 * A job's items in a history row (issue 13 item 1): the accepted bid, each approved extra, the card fee and the total.
 * Nothing when the job has no approved extra (the row's amount says it all).
 */
export function ExtraItems({ request }: { request: Pick<ServiceRequestView, 'amount' | 'budget' | 'extras' | 'paymentMethod'> }) {
  const t = useMessages(trackingExtrasMessages);
  const serviceTypes = useMessages(trackingServiceTypesMessages);
  const items = itemisedTotal(request);
  if (items.extras.length === 0) return null;
  return (
    <dl className="extra-items" aria-label={t.items}>
      <div>
        <dt>{t.bid}</dt>
        <dd>{formatMoney(items.bid)}</dd>
      </div>
      {items.extras.map((e) => (
        <div key={e.id}>
          <dt>{t.extraLine({ service: serviceTypeLabel(e.serviceType, serviceTypes) })}</dt>
          <dd>{formatMoney(e.amount)}</dd>
        </div>
      ))}
      {items.cardFee !== null && (
        <div>
          <dt>{t.cardFee}</dt>
          <dd>{formatMoney(items.cardFee)}</dd>
        </div>
      )}
      <div className="extra-items__total">
        <dt>{t.total}</dt>
        <dd>{formatMoney(items.total)}</dd>
      </div>
    </dl>
  );
}

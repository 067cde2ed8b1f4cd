import { Card } from '../../../shared/ui/card';
import { ClockIcon } from '../../../shared/ui/icons';

/** What a provider whose application is not approved sees instead of the dashboard tabs. */
export function UnderReview({ rejected }: { rejected: boolean }) {
  return (
    <Card className="under-review">
      <ClockIcon className="under-review__icon" width={48} height={48} />
      <h2 className="card__title">Account Under Review</h2>
      <p>
        Thank you for applying. Our team is reviewing your application; this usually takes 1-3 business days. This page
        updates by itself as soon as your account is approved.
      </p>
      {rejected && (
        <p className="notice" role="status">
          Your application was not approved. Please contact support if you think this is a mistake.
        </p>
      )}
    </Card>
  );
}

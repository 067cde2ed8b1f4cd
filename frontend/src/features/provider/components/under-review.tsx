import { Card } from '../../../shared/ui/card';
import { ClockIcon } from '../../../shared/ui/icons';
import { useGetProviderQuery } from '../api';

/** How often the review screen re-reads the provider's approval (the dashboard flips to its tabs on approval). */
export const UNDER_REVIEW_POLL_MS = 4000;

interface UnderReviewProps {
  rejected: boolean;
  /**
   * The provider's documentId: while this screen is shown it polls GET /providers/{id}; the dashboard reads
   * the same cache entry, so an approval replaces this screen with the tabs without a reload.
   */
  providerId?: string;
  pollMs?: number;
}

/** What a provider whose application is not approved sees instead of the dashboard tabs. */
export function UnderReview({ rejected, providerId, pollMs = UNDER_REVIEW_POLL_MS }: UnderReviewProps) {
  useGetProviderQuery(providerId ?? '', { skip: !providerId, pollingInterval: pollMs });
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

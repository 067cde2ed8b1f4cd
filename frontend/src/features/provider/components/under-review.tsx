import { useMessages } from '../../../shared/i18n/i18n';
import { providerReviewMessages } from '../../../shared/i18n/locales/en/provider';
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
  const t = useMessages(providerReviewMessages);
  return (
    <Card className="under-review">
      <ClockIcon className="under-review__icon" width={48} height={48} />
      <h2 className="card__title">{t.title}</h2>
      <p>{t.text}</p>
      {rejected && (
        <p className="notice" role="status">
          {t.rejected}
        </p>
      )}
    </Card>
  );
}

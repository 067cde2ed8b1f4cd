import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { formatDate } from '../../../shared/format';
import { useMessages } from '../../../shared/i18n/i18n';
import { reviewsMessages } from '../../../shared/i18n/locales/en/ratings';
import { Card } from '../../../shared/ui/card';
import { Pager } from '../../../shared/ui/list-controls';
import { EmptyState, ErrorState, Spinner } from '../../../shared/ui/status';
import { useListProviderReviewsQuery } from '../api';

/** Five stars, n filled, read out as 'n out of 5 stars'. */
export function Stars({ value }: { value: number }) {
  const filled = Math.round(value);
  const t = useMessages(reviewsMessages);
  return (
    <span className="stars" role="img" aria-label={t.stars({ value })}>
      {[1, 2, 3, 4, 5].map((i) => (
        <span key={i} aria-hidden="true" className={i <= filled ? 'stars__on' : 'stars__off'}>
          ★
        </span>
      ))}
    </span>
  );
}

/** The provider's own ratings and reviews: the average and count, then the reviews, newest first, 10 a page. */
export function ReviewsTab({ providerId }: { providerId: string }) {
  const [page, setPage] = useState(1);
  const t = useMessages(reviewsMessages);
  const { data, isLoading, isError, error, refetch, isFetching } = useListProviderReviewsQuery({ providerId, page }, { refetchOnMountOrArgChange: true });
  if (isLoading) return <Spinner label={t.loading} />;
  if (isError || !data) return <ErrorState message={errorMessage(error, t.loadFailed)} onRetry={() => void refetch()} />;
  return (
    <section className="stack" aria-label={t.sectionLabel}>
      <Card title={t.yourRating}>
        {data.ratingCount === 0 || data.averageRating === null ? (
          <p className="muted">{t.noRatings}</p>
        ) : (
          <p className="rating-summary">
            <Stars value={data.averageRating} /> <strong>{data.averageRating.toFixed(1)}</strong> {t.fromRatings(data.ratingCount)}
          </p>
        )}
      </Card>
      {data.reviews.length === 0 ? (
        <EmptyState>{t.noReviews}</EmptyState>
      ) : (
        <ul className="list" aria-label={t.listLabel} aria-busy={isFetching || undefined}>
          {data.reviews.map((r) => (
            <li key={r.id} className="list__item review">
              <div>
                <p className="list__title">
                  <Stars value={r.rating} /> <span className="muted">{formatDate(r.createdAt)}</span>
                </p>
                {r.comment ? <p>{r.comment}</p> : <p className="muted">{t.noComment}</p>}
                <p className="muted">{r.customerName.split(' ')[0]}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager label={t.pages} page={data.page} pageCount={data.pageCount} total={data.total} busy={isFetching} onPage={setPage} />
    </section>
  );
}

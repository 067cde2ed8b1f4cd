import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { formatDate } from '../../../shared/format';
import { Card } from '../../../shared/ui/card';
import { Pager } from '../../../shared/ui/list-controls';
import { EmptyState, ErrorState, Spinner } from '../../../shared/ui/status';
import { useListProviderReviewsQuery } from '../api';

/** Five stars, n filled, read out as 'n out of 5 stars'. */
export function Stars({ value }: { value: number }) {
  const filled = Math.round(value);
  return (
    <span className="stars" role="img" aria-label={`${value} out of 5 stars`}>
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
  const { data, isLoading, isError, error, refetch, isFetching } = useListProviderReviewsQuery({ providerId, page }, { refetchOnMountOrArgChange: true });
  if (isLoading) return <Spinner label="Loading your reviews..." />;
  if (isError || !data) return <ErrorState message={errorMessage(error, 'Could not load your reviews.')} onRetry={() => void refetch()} />;
  return (
    <section className="stack" aria-label="Your reviews">
      <Card title="Your rating">
        {data.ratingCount === 0 || data.averageRating === null ? (
          <p className="muted">No ratings yet. Customers rate a job once they confirm it.</p>
        ) : (
          <p className="rating-summary">
            <Stars value={data.averageRating} /> <strong>{data.averageRating.toFixed(1)}</strong> from {data.ratingCount} rating{data.ratingCount === 1 ? '' : 's'}
          </p>
        )}
      </Card>
      {data.reviews.length === 0 ? (
        <EmptyState>No reviews yet.</EmptyState>
      ) : (
        <ul className="list" aria-label="Reviews" aria-busy={isFetching || undefined}>
          {data.reviews.map((r) => (
            <li key={r.id} className="list__item review">
              <div>
                <p className="list__title">
                  <Stars value={r.rating} /> <span className="muted">{formatDate(r.createdAt)}</span>
                </p>
                {r.comment ? <p>{r.comment}</p> : <p className="muted">No comment.</p>}
                <p className="muted">{r.customerName.split(' ')[0]}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager label="Review pages" page={data.page} pageCount={data.pageCount} total={data.total} busy={isFetching} onPage={setPage} />
    </section>
  );
}

import { Link } from 'react-router-dom';
import { formatDate, formatMoney } from '../../../shared/format';
import { Card } from '../../../shared/ui/card';
import { EmptyState, ErrorState, Spinner } from '../../../shared/ui/status';
import { useListProviderJobsQuery } from '../api';

export const JOB_HISTORY_ERROR = 'Failed to load job history. Please try again.';

const ACTIVE = new Set(['Accepted', 'In Progress']);

/** The provider's jobs with their status and amount; an active one links to its live job page. */
export function ProviderJobHistory({ providerId }: { providerId: string }) {
  const { data, isLoading, isError, refetch } = useListProviderJobsQuery(providerId, { refetchOnMountOrArgChange: true });
  return (
    <Card title="Job History">
      {isLoading && <Spinner label="Loading your jobs..." />}
      {isError && <ErrorState title="Error" message={JOB_HISTORY_ERROR} onRetry={() => void refetch()} />}
      {data && data.length === 0 && <EmptyState>No jobs yet. Accepted bids show up here.</EmptyState>}
      {data && data.length > 0 && (
        <ul className="list" aria-label="Your jobs">
          {data.map((job) => (
            <li key={job.documentId} className="list__item request-row">
              <div>
                <p className="list__title">{job.serviceType}</p>
                <p className="muted">
                  {job.location?.address || job.address || '—'} · {formatDate(job.createdAt)}
                </p>
              </div>
              <div className="request-row__side">
                <span className={`status-badge status-badge--${job.tireStatus.toLowerCase().replace(/\s+/g, '-')}`}>{job.tireStatus}</span>
                <strong>{formatMoney(job.amount ?? job.budget)}</strong>
                {ACTIVE.has(job.tireStatus) && (
                  <Link to={`/provider/tracking/${job.documentId}`} className="muted-link">
                    Open live job
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDate, formatMoney } from '../../../shared/format';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { EmptyState, ErrorState, Spinner } from '../../../shared/ui/status';
import { useListProviderJobsQuery } from '../api';

export const JOB_HISTORY_ERROR = 'Failed to load job history. Please try again.';

const ACTIVE = new Set(['Accepted', 'In Progress']);

/** The statuses the History filter offers ('Completed' covers the confirmed jobs). */
export const HISTORY_STATUSES = [
  { value: '', label: 'All statuses' },
  { value: 'Accepted', label: 'Accepted' },
  { value: 'In Progress', label: 'In Progress' },
  { value: 'Completed', label: 'Completed' },
  { value: 'Cancelled', label: 'Cancelled' },
] as const;

/** 'From' after 'To' is refused before asking the server. */
export function rangeError(from: string, to: string): string | null {
  return from && to && from > to ? 'The start date must be on or before the end date.' : null;
}

/** The provider's jobs with their status and amount, filtered by status and date; an active one links to its live job. */
export function ProviderJobHistory({ providerId }: { providerId: string }) {
  const [status, setStatus] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const problem = rangeError(from, to);
  const filtered = status !== '' || from !== '' || to !== '';
  const { data, isLoading, isError, refetch, isFetching } = useListProviderJobsQuery(
    { providerId, status, from: problem ? '' : from, to: problem ? '' : to },
    { refetchOnMountOrArgChange: true, skip: problem !== null },
  );
  const clear = () => {
    setStatus('');
    setFrom('');
    setTo('');
  };
  return (
    <Card title="Job History">
      <form className="history-filters form-grid" aria-label="Filter jobs" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor="history-status" className="field__label">
            Status
          </label>
          <select id="history-status" className="field__input" value={status} onChange={(e) => setStatus(e.target.value)}>
            {HISTORY_STATUSES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="history-from" className="field__label">
            From
          </label>
          <input id="history-from" className="field__input" type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="history-to" className="field__label">
            To
          </label>
          <input
            id="history-to"
            className="field__input"
            type="date"
            value={to}
            min={from || undefined}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'history-range-error' : undefined}
            onChange={(e) => setTo(e.target.value)}
          />
        </div>
        {filtered && (
          <Button variant="ghost" size="sm" onClick={clear}>
            Clear filters
          </Button>
        )}
      </form>
      {problem && (
        <p id="history-range-error" className="field__error" role="alert">
          {problem}
        </p>
      )}
      {!problem && isLoading && <Spinner label="Loading your jobs..." />}
      {!problem && isError && <ErrorState title="Error" message={JOB_HISTORY_ERROR} onRetry={() => void refetch()} />}
      {!problem && data && data.length === 0 && (
        <EmptyState>{filtered ? 'No jobs match these filters.' : 'No jobs yet. Accepted bids show up here.'}</EmptyState>
      )}
      {!problem && data && data.length > 0 && (
        <ul className="list" aria-label="Your jobs" aria-busy={isFetching || undefined}>
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

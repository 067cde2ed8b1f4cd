import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDate, formatMoney } from '../../../shared/format';
import { useMessages } from '../../../shared/i18n/i18n';
import { trackingHistoryMessages, trackingRequestStatusMessages, trackingServiceTypesMessages } from '../../../shared/i18n/locales/en/tracking';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { EmptyState, ErrorState, Spinner } from '../../../shared/ui/status';
import { useListProviderJobsQuery } from '../api';
import { requestStatusLabel, serviceTypeLabel } from '../tracking-labels';
import { ExtraItems } from '../extras/extra-items';
import { jobAmount } from '../extras/extras.model';

const ACTIVE = new Set(['Accepted', 'In Progress']);

/** The statuses the History filter offers ('Completed' covers the confirmed jobs; '' is all of them). */
export const HISTORY_STATUSES = ['', 'Accepted', 'In Progress', 'Completed', 'Cancelled'] as const;

/** 'From' after 'To' is refused before asking the server. */
export function rangeError(from: string, to: string): string | null {
  return from && to && from > to ? trackingHistoryMessages.get().rangeError : null;
}

/** The provider's jobs with their status and amount, filtered by status and date; an active one links to its live job. */
export function ProviderJobHistory({ providerId }: { providerId: string }) {
  const t = useMessages(trackingHistoryMessages);
  const statuses = useMessages(trackingRequestStatusMessages);
  const serviceTypes = useMessages(trackingServiceTypesMessages);
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
    <Card title={t.title}>
      <form className="history-filters form-grid" aria-label={t.filters} onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor="history-status" className="field__label">
            {t.status}
          </label>
          <select id="history-status" className="field__input" value={status} onChange={(e) => setStatus(e.target.value)}>
            {HISTORY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s === '' ? t.allStatuses : requestStatusLabel(s, statuses)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="history-from" className="field__label">
            {t.from}
          </label>
          <input id="history-from" className="field__input" type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="history-to" className="field__label">
            {t.to}
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
            {t.clear}
          </Button>
        )}
      </form>
      {problem && (
        <p id="history-range-error" className="field__error" role="alert">
          {problem}
        </p>
      )}
      {!problem && isLoading && <Spinner label={t.loading} />}
      {!problem && isError && <ErrorState title={t.errorTitle} message={t.loadFailed} onRetry={() => void refetch()} />}
      {!problem && data && data.length === 0 && (
        <EmptyState>{filtered ? t.noMatch : t.empty}</EmptyState>
      )}
      {!problem && data && data.length > 0 && (
        <ul className="list" aria-label={t.list} aria-busy={isFetching || undefined}>
          {data.map((job) => (
            <li key={job.documentId} className="list__item request-row">
              <div>
                <p className="list__title">{serviceTypeLabel(job.serviceType, serviceTypes)}</p>
                <p className="muted">
                  {job.location?.address || job.address || '—'} · {formatDate(job.createdAt)}
                </p>
                <ExtraItems request={job} />
              </div>
              <div className="request-row__side">
                <span className={`status-badge status-badge--${job.tireStatus.toLowerCase().replace(/\s+/g, '-')}`}>{requestStatusLabel(job.tireStatus, statuses)}</span>
                <strong>{formatMoney(jobAmount(job))}</strong>
                {ACTIVE.has(job.tireStatus) && (
                  <Link to={`/provider/tracking/${job.documentId}`} className="muted-link">
                    {t.openLive}
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

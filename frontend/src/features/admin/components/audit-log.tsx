import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/button';
import { EmptyState, ErrorState, Spinner } from '../../../shared/ui/status';
import { useListAuditLogQuery } from '../api';

export const AUDIT_PAGE_SIZE = 20;

/** A before/after value as compact, readable JSON ('—' when absent). */
export function auditValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 1);
}

function formatWhen(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** The Audit tab: every admin change, newest first (GET /api/audit-log), paginated. */
export function AuditLog() {
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, error, refetch, isFetching } = useListAuditLogQuery(
    { page, pageSize: AUDIT_PAGE_SIZE },
    { refetchOnMountOrArgChange: true },
  );
  const pageCount = data?.meta.pagination.pageCount ?? 1;

  if (isLoading) return <Spinner label="Loading the audit log..." />;
  if (isError) return <ErrorState message={errorMessage(error, 'Could not load the audit log.')} onRetry={() => void refetch()} />;

  return (
    <section aria-labelledby="audit-heading" className="stack">
      <div className="row row--between">
        <h2 id="audit-heading">Audit Log</h2>
        <Button variant="ghost" size="sm" onClick={() => void refetch()} busy={isFetching}>
          Refresh
        </Button>
      </div>
      {!data || data.data.length === 0 ? (
        <EmptyState>No admin changes have been recorded yet.</EmptyState>
      ) : (
        <div className="table-wrap">
          <table className="table audit-table">
            <caption className="visually-hidden">Admin changes, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Before</th>
                <th scope="col">After</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((entry) => (
                <tr key={entry.id}>
                  <td>
                    <time dateTime={entry.at}>{formatWhen(entry.at)}</time>
                  </td>
                  <td>
                    {entry.by ?? 'unknown'}
                    {entry.byRole && <span className="muted"> ({entry.byRole})</span>}
                  </td>
                  <td>
                    <code>{entry.action}</code>
                    <br />
                    <span className="muted">{entry.target}</span>
                  </td>
                  <td>
                    <pre className="audit-value">{auditValue(entry.before)}</pre>
                  </td>
                  <td>
                    <pre className="audit-value">{auditValue(entry.after)}</pre>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav className="row row--between" aria-label="Audit log pages">
        <Button variant="outline" size="sm" disabled={page <= 1 || isFetching} onClick={() => setPage((p) => p - 1)}>
          Newer
        </Button>
        <span className="muted">
          Page {page} of {Math.max(pageCount, 1)}
        </span>
        <Button variant="outline" size="sm" disabled={page >= pageCount || isFetching} onClick={() => setPage((p) => p + 1)}>
          Older
        </Button>
      </nav>
    </section>
  );
}

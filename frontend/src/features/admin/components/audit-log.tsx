import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { formatDateTime } from '../../../shared/format';
import { useMessages } from '../../../shared/i18n/i18n';
import { adminAuditMessages, adminRolesMessages } from '../../../shared/i18n/locales/en/admin';
import { labelOf } from '../../tracking/tracking-labels';
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

/** The Audit tab: every admin change, newest first (GET /api/audit-log), paginated. */
export function AuditLog() {
  const t = useMessages(adminAuditMessages);
  const roles = useMessages(adminRolesMessages);
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, error, refetch, isFetching } = useListAuditLogQuery(
    { page, pageSize: AUDIT_PAGE_SIZE },
    { refetchOnMountOrArgChange: true },
  );
  const pageCount = data?.meta.pagination.pageCount ?? 1;

  if (isLoading) return <Spinner label={t.loading} />;
  if (isError) return <ErrorState message={errorMessage(error, t.loadFailed)} onRetry={() => void refetch()} />;

  return (
    <section aria-labelledby="audit-heading" className="stack">
      <div className="row row--between">
        <h2 id="audit-heading">{t.title}</h2>
        <Button variant="ghost" size="sm" onClick={() => void refetch()} busy={isFetching}>
          {t.refresh}
        </Button>
      </div>
      {!data || data.data.length === 0 ? (
        <EmptyState>{t.empty}</EmptyState>
      ) : (
        <div className="table-wrap">
          <table className="table audit-table">
            <caption className="visually-hidden">{t.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{t.when}</th>
                <th scope="col">{t.who}</th>
                <th scope="col">{t.what}</th>
                <th scope="col">{t.before}</th>
                <th scope="col">{t.after}</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((entry) => (
                <tr key={entry.id}>
                  <td>
                    <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  </td>
                  <td>
                    {entry.by ?? t.unknown}
                    {entry.byRole && <span className="muted"> ({labelOf(roles, entry.byRole)})</span>}
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
      <nav className="row row--between" aria-label={t.pages}>
        <Button variant="outline" size="sm" disabled={page <= 1 || isFetching} onClick={() => setPage((p) => p - 1)}>
          {t.newer}
        </Button>
        <span className="muted">
          {t.pageOf({ page, count: Math.max(pageCount, 1) })}
        </span>
        <Button variant="outline" size="sm" disabled={page >= pageCount || isFetching} onClick={() => setPage((p) => p + 1)}>
          {t.older}
        </Button>
      </nav>
    </section>
  );
}

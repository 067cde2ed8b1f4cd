import type { JobMessageView, ServiceRequestView } from '@tiredash/contracts';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { formatDateTime, formatMoney } from '../../../shared/format';
import { useMessages } from '../../../shared/i18n/i18n';
import { adminRequestsMessages } from '../../../shared/i18n/locales/en/admin';
import { trackingChatMessages, trackingRequestStatusMessages, trackingServiceTypesMessages } from '../../../shared/i18n/locales/en/tracking';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { EmptyState, ErrorState, Spinner } from '../../../shared/ui/status';
import { JobChatLog } from '../../tracking/chat/job-chat-panel';
import { mergeMessages, useLazyListJobMessagesQuery, useListJobMessagesQuery } from '../../tracking/chat/job-chat.api';
import { labelOf } from '../../tracking/tracking-labels';
import { useListAdminRequestsQuery } from '../requests-api';
import { AdminRequestTimelineView } from './admin-request-timeline';

export const ADMIN_REQUESTS_PAGE_SIZE = 20;

/** The Requests tab: every service request, newest first; a request's page shows its details and its job chat. */
export function AdminRequests() {
  const t = useMessages(adminRequestsMessages);
  const statuses = useMessages(trackingRequestStatusMessages);
  const services = useMessages(trackingServiceTypesMessages);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<ServiceRequestView | null>(null);
  const { data, isLoading, isError, error, refetch, isFetching } = useListAdminRequestsQuery(
    { page, pageSize: ADMIN_REQUESTS_PAGE_SIZE },
    { refetchOnMountOrArgChange: true },
  );
  const pageCount = data?.meta.pagination.pageCount ?? 1;

  if (isLoading) return <Spinner label={t.loading} />;
  if (isError) return <ErrorState message={errorMessage(error, t.loadFailed)} onRetry={() => void refetch()} />;

  return (
    <section aria-labelledby="admin-requests-heading" className="stack">
      <div className="row row--between">
        <h2 id="admin-requests-heading">{t.title}</h2>
        <Button variant="ghost" size="sm" onClick={() => void refetch()} busy={isFetching}>
          {t.refresh}
        </Button>
      </div>
      {!data || data.data.length === 0 ? (
        <EmptyState>{t.empty}</EmptyState>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{t.created}</th>
                <th scope="col">{t.service}</th>
                <th scope="col">{t.status}</th>
                <th scope="col">{t.customer}</th>
                <th scope="col">{t.provider}</th>
                <th scope="col">{t.actions}</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((r) => (
                <tr key={r.documentId}>
                  <td>
                    <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>
                  </td>
                  <td>{labelOf(services, r.serviceType)}</td>
                  <td>{labelOf(statuses, r.tireStatus)}</td>
                  <td>{r.customer.fullName}</td>
                  <td>{r.provider?.businessName ?? t.noProvider}</td>
                  <td>
                    <Button variant="outline" size="sm" aria-label={t.viewLabel({ customer: r.customer.fullName, date: formatDateTime(r.createdAt) })} onClick={() => setOpen(r)}>
                      {t.view}
                    </Button>
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
        <span className="muted">{t.pageOf({ page, count: Math.max(pageCount, 1) })}</span>
        <Button variant="outline" size="sm" disabled={page >= pageCount || isFetching} onClick={() => setPage((p) => p + 1)}>
          {t.older}
        </Button>
      </nav>
      {open && (
        <Dialog open title={t.requestTitle} onClose={() => setOpen(null)}>
          <AdminRequestDetails request={open} />
        </Dialog>
      )}
    </section>
  );
}

/** A request's page in the admin area: what was asked, by whom, for whom, and its job chat (read-only). */
function AdminRequestDetails({ request }: { request: ServiceRequestView }) {
  const t = useMessages(adminRequestsMessages);
  const statuses = useMessages(trackingRequestStatusMessages);
  const services = useMessages(trackingServiceTypesMessages);
  return (
    <div className="stack">
      <dl className="detail-list">
        <dt>{t.service}</dt>
        <dd>{labelOf(services, request.serviceType)}</dd>
        <dt>{t.status}</dt>
        <dd>{labelOf(statuses, request.tireStatus)}</dd>
        <dt>{t.customer}</dt>
        <dd>{request.customer.fullName}</dd>
        <dt>{t.provider}</dt>
        <dd>
          {request.provider?.businessName ?? t.noProvider}
          {request.provider && <span className="muted"> ({t.providerNoShows({ count: request.provider.noShows ?? 0 })})</span>}
        </dd>
        {request.arrivedAt && (
          <>
            <dt>{t.arrival}</dt>
            <dd>
              <time dateTime={request.arrivedAt}>{formatDateTime(request.arrivedAt)}</time>
              {' — '}
              {request.arrivalDistanceMeters === null || request.arrivalDistanceMeters === undefined
                ? t.arrivalUnknown
                : t.arrivalDistance({ meters: request.arrivalDistanceMeters })}
            </dd>
          </>
        )}
        {request.arrivalOverrideReason && (
          <>
            <dt>{t.arrivalOverride}</dt>
            <dd>{request.arrivalOverrideReason}</dd>
          </>
        )}
        {request.noShowAt && (
          <>
            <dt>{t.noShowAt}</dt>
            <dd>
              <time dateTime={request.noShowAt}>{formatDateTime(request.noShowAt)}</time>
            </dd>
            <dt>{t.noShowFee}</dt>
            <dd>{formatMoney(request.noShowFee ?? 0)}</dd>
          </>
        )}
        <dt>{t.amount}</dt>
        <dd>{formatMoney(request.amount ?? request.budget)}</dd>
        <dt>{t.address}</dt>
        <dd>{request.location?.address || request.address || '—'}</dd>
        <dt>{t.created}</dt>
        <dd>
          <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
        </dd>
      </dl>
      <AdminRequestTimelineView requestId={request.documentId} />
      <h3>{t.chatTitle}</h3>
      {request.provider || request.accepted_bid ? <AdminJobChat requestId={request.documentId} /> : <p className="muted">{t.noChat}</p>}
    </div>
  );
}

/** The job's chat as the admin reads it (GET .../messages: any job, whatever the messaging setting; no message box). */
export function AdminJobChat({ requestId }: { requestId: string }) {
  const t = useMessages(adminRequestsMessages);
  const tChat = useMessages(trackingChatMessages);
  const first = useListJobMessagesQuery({ requestId, page: 1 });
  const [loadOlder, older] = useLazyListJobMessagesQuery();
  const [messages, setMessages] = useState<JobMessageView[]>([]);
  const [pagesLoaded, setPagesLoaded] = useState(1);

  useEffect(() => {
    const loaded = first.data?.data;
    if (loaded) setMessages((list) => mergeMessages(list, loaded));
  }, [first.data]);

  if (first.isLoading) return <Spinner label={tChat.loading} />;
  if (first.isError) return <ErrorState message={errorMessage(first.error, tChat.loadFailed)} onRetry={() => void first.refetch()} />;
  const total = first.data?.meta.pagination.total ?? 0;
  const showEarlier = async () => {
    const next = pagesLoaded + 1;
    const page = await loadOlder({ requestId, page: next }).unwrap().catch(() => null);
    if (!page) return;
    setPagesLoaded(next);
    setMessages((list) => mergeMessages(list, page.data));
  };
  return (
    <div className="stack">
      <p className="muted">{t.chatReadOnly}</p>
      {messages.length < total && (
        <Button variant="outline" size="sm" onClick={() => void showEarlier()} busy={older.isFetching}>
          {tChat.earlier}
        </Button>
      )}
      <JobChatLog messages={messages} selfUserId={null} t={tChat} />
    </div>
  );
}

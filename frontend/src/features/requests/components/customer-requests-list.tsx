import type { ServiceRequestView } from '@tiredash/contracts';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { formatDate, formatMoney } from '../../../shared/format';
import { ExtraItems } from '../../tracking/extras/extra-items';
import { useMessages } from '../../../shared/i18n/i18n';
import { myRequestsMessages, requestStatusMessages, serviceTypeMessages } from '../../../shared/i18n/locales/en/requests';
import { useToast } from '../../../shared/toast/use-toast';
import { Card } from '../../../shared/ui/card';
import { EmptyState, ErrorState, Spinner } from '../../../shared/ui/status';
import { useListMyRequestsQuery } from '../api';

/** Where a request of the list leads: its bids while open, its tracking page once accepted or under way, its summary once done. */
export function requestLink(r: Pick<ServiceRequestView, 'documentId' | 'tireStatus'> & { cancelledByRole?: ServiceRequestView['cancelledByRole'] }): { to: string; label: string } | null {
  const t = myRequestsMessages.get();
  switch (r.tireStatus) {
    case 'Bids Open':
      return { to: `/bidding/${r.documentId}`, label: t.viewBids };
    case 'Accepted':
    case 'In Progress':
      return { to: `/tracking/${r.documentId}`, label: t.track };
    case 'Service Completed':
    case 'Completed':
    case 'Customer No-Show':
      return { to: `/payment/${r.documentId}`, label: t.viewSummary };
    case 'Expired':
      return { to: `/bidding/${r.documentId}`, label: t.postAgain };
    case 'Cancelled':
      // Cancelled by its provider: the customer may post it again.
      return r.cancelledByRole === 'provider' ? { to: `/bidding/${r.documentId}`, label: t.postAgain } : null;
  }
}

export function statusClass(status: string): string {
  return `status-badge status-badge--${status.toLowerCase().replace(/\s+/g, '-')}`;
}

/** The customer's requests, loaded when the screen opens ('Failed to fetch active requests' on failure). */
export function CustomerRequestsList({ customerId }: { customerId: string | null }) {
  const { data, isLoading, isError, refetch } = useListMyRequestsQuery(customerId, { refetchOnMountOrArgChange: true });
  const { toast } = useToast();
  const told = useRef(false);
  const t = useMessages(myRequestsMessages);
  const serviceTypes = useMessages(serviceTypeMessages) as Record<string, string>;
  const statuses = useMessages(requestStatusMessages) as Record<string, string>;

  useEffect(() => {
    if (isError && !told.current) {
      told.current = true;
      toast({ title: myRequestsMessages.get().fetchFailed, variant: 'destructive' });
    }
    if (!isError) told.current = false;
  }, [isError, toast]);

  return (
    <Card title={t.title} className="my-requests">
      {isLoading && <Spinner label={t.loading} />}
      {isError && !data && <ErrorState message={t.fetchFailed} onRetry={() => void refetch()} />}
      {data && data.length === 0 && <EmptyState>{t.empty}</EmptyState>}
      {data && data.length > 0 && (
        <ul className="list" aria-label={t.listLabel}>
          {data.map((r) => {
            const link = requestLink(r);
            return (
              <li key={r.documentId} className="list__item request-row">
                <div>
                  <p className="list__title">{serviceTypes[r.serviceType] ?? r.serviceType}</p>
                  <p className="muted">
                    {r.tireSize} · {t.budget({ amount: formatMoney(r.budget) })}
                    {r.amount !== null ? ` · ${t.amount({ amount: formatMoney(r.amount) })}` : ''} · {formatDate(r.createdAt)}
                  </p>
                  <ExtraItems request={r} />
                </div>
                <div className="request-row__side">
                  <span className={statusClass(r.tireStatus)}>{statuses[r.tireStatus] ?? r.tireStatus}</span>
                  {link && (
                    <Link to={link.to} className="muted-link" aria-label={`${link.label}: ${serviceTypes[r.serviceType] ?? r.serviceType}, ${formatDate(r.createdAt)}`}>
                      {link.label}
                    </Link>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

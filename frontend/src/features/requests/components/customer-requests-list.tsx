import type { ServiceRequestView } from '@tiredash/contracts';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { formatDate, formatMoney } from '../../../shared/format';
import { useToast } from '../../../shared/toast/use-toast';
import { Card } from '../../../shared/ui/card';
import { EmptyState, ErrorState, Spinner } from '../../../shared/ui/status';
import { useListMyRequestsQuery } from '../api';

/** Where a request of the list leads: its bids while open, its tracking page once accepted or under way, its summary once done. */
export function requestLink(r: Pick<ServiceRequestView, 'documentId' | 'tireStatus'> & { cancelledByRole?: ServiceRequestView['cancelledByRole'] }): { to: string; label: string } | null {
  switch (r.tireStatus) {
    case 'Bids Open':
      return { to: `/bidding/${r.documentId}`, label: 'View bids' };
    case 'Accepted':
    case 'In Progress':
      return { to: `/tracking/${r.documentId}`, label: 'Track provider' };
    case 'Service Completed':
    case 'Completed':
      return { to: `/payment/${r.documentId}`, label: 'View summary' };
    case 'Expired':
      return { to: `/bidding/${r.documentId}`, label: 'Post again' };
    case 'Cancelled':
      // Cancelled by its provider: the customer may post it again.
      return r.cancelledByRole === 'provider' ? { to: `/bidding/${r.documentId}`, label: 'Post again' } : null;
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

  useEffect(() => {
    if (isError && !told.current) {
      told.current = true;
      toast({ title: 'Failed to fetch active requests', variant: 'destructive' });
    }
    if (!isError) told.current = false;
  }, [isError, toast]);

  return (
    <Card title="Your requests" className="my-requests">
      {isLoading && <Spinner label="Loading your requests..." />}
      {isError && !data && <ErrorState message="Failed to fetch active requests" onRetry={() => void refetch()} />}
      {data && data.length === 0 && <EmptyState>You have no service requests yet.</EmptyState>}
      {data && data.length > 0 && (
        <ul className="list" aria-label="Your service requests">
          {data.map((r) => {
            const link = requestLink(r);
            return (
              <li key={r.documentId} className="list__item request-row">
                <div>
                  <p className="list__title">{r.serviceType}</p>
                  <p className="muted">
                    {r.tireSize} · Budget {formatMoney(r.budget)}
                    {r.amount !== null ? ` · Amount ${formatMoney(r.amount)}` : ''} · {formatDate(r.createdAt)}
                  </p>
                </div>
                <div className="request-row__side">
                  <span className={statusClass(r.tireStatus)}>{r.tireStatus}</span>
                  {link && (
                    <Link to={link.to} className="muted-link" aria-label={`${link.label}: ${r.serviceType}, ${formatDate(r.createdAt)}`}>
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

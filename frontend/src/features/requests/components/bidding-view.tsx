import { LIMITS, type ServiceRequestView } from '@tiredash/contracts';
import { useEffect, useMemo, useReducer, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { errorMessage, errorReason, errorStatus } from '../../../shared/api/api-error';
import { formatMoney } from '../../../shared/format';
import { useRealtimeConnection, useSocketEvent } from '../../../shared/realtime/use-realtime';
import { useToast } from '../../../shared/toast/use-toast';
import { useMessages } from '../../../shared/i18n/i18n';
import { biddingMessages, requestStatusMessages } from '../../../shared/i18n/locales/en/requests';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { ErrorState, Spinner } from '../../../shared/ui/status';
import { selectCurrentUser } from '../../auth/auth.slice';
import { ScheduledHoldBanner } from '../../payments/components/scheduled-hold-banner';
import { usePlatformFees } from '../../payments/hooks/use-platform-fees';
import { useGetServiceRequestQuery, useListBidsQuery, useUpdateServiceRequestMutation } from '../api';
import type { DisplayBid } from '../bids.reducer';
import type { CardPaymentDialogComponent } from '../card-payment';
import { bidStateOf, initialProviderRequestsState, providerRequestsReducer } from '../provider-requests.reducer';
import { BidForm } from './bid-form';
import { BidAnnouncer, BidsList } from './bids-list';
import { RequestEnded } from './request-ended';
import { RequestReach } from './request-reach';
import { RequestSummary } from './request-summary';
import { useNow } from '../hooks/use-now';
import { useLiveBids } from '../hooks/use-live-bids';

/** The bidding screen's toasts, in the language shown when read. */
export const ACCEPT_TOASTS = {
  get accepted() {
    const t = biddingMessages.get();
    return { title: t.acceptedTitle, description: t.acceptedDescription };
  },
  get conflict() {
    const t = biddingMessages.get();
    return { title: t.conflictTitle, description: t.conflictDescription, variant: 'destructive' as const };
  },
  get failed() {
    const t = biddingMessages.get();
    return { title: t.errorTitle, description: t.acceptFailed, variant: 'destructive' as const };
  },
  get cancelFailed() {
    const t = biddingMessages.get();
    return { title: t.errorTitle, description: t.cancelFailed, variant: 'destructive' as const };
  },
  get selectPayment() {
    const t = biddingMessages.get();
    return { title: t.selectPaymentTitle, description: t.selectPaymentDescription, variant: 'destructive' as const };
  },
  get cardUnavailable() {
    const t = biddingMessages.get();
    return { title: t.cardUnavailableTitle, description: t.cardUnavailableDescription, variant: 'destructive' as const };
  },
};

interface BiddingViewProps {
  requestId: string;
  /** The payments issue's dialog, for a card request whose accepted bid differs from the budget. */
  CardPaymentDialog?: CardPaymentDialogComponent;
}

/** /bidding/{id}: the request and, for its customer, the live bids with accept and Cancel Request. */
export function BiddingView({ requestId, CardPaymentDialog }: BiddingViewProps) {
  const user = useAppSelector(selectCurrentUser);
  const role = user?.role?.name ?? null;
  const request = useGetServiceRequestQuery(requestId);
  const t = useMessages(biddingMessages);

  if (request.isLoading) return <Spinner label={t.loading} />;
  if (request.isError || !request.data) {
    const status = errorStatus(request.error);
    const message =
      status === 404 ? t.notFound : status === 403 ? t.forbidden : t.loadFailed;
    return <ErrorState message={message} onRetry={status === 404 || status === 403 ? undefined : () => void request.refetch()} />;
  }
  if (role === 'provider') return <ProviderBidding request={request.data} providerId={user?.business?.documentId ?? null} />;
  return <CustomerBidding request={request.data} CardPaymentDialog={CardPaymentDialog} />;
}

function CustomerBidding({ request, CardPaymentDialog }: { request: ServiceRequestView; CardPaymentDialog?: CardPaymentDialogComponent }) {
  const requestId = request.documentId;
  const token = useAppSelector((s) => s.auth.token);
  const user = useAppSelector(selectCurrentUser);
  const navigate = useNavigate();
  const { toast } = useToast();
  const t = useMessages(biddingMessages);
  const [accepting, setAccepting] = useState<string | null>(null);
  const [repay, setRepay] = useState<DisplayBid | null>(null);
  // A new hold at the accepted bid carries the card fee in force (payments keeps it with the hold).
  const { cardFee } = usePlatformFees();
  const [update, { isLoading: updating }] = useUpdateServiceRequestMutation();
  // The request's own socket news: more providers asked (late matching), or it expired.
  const [asked, setAsked] = useState<number | null>(null);
  const [expired, setExpired] = useState(false);
  const status = expired ? 'Expired' : request.tireStatus;
  const open = status === 'Bids Open';
  const bids = useListBidsQuery(requestId, { skip: !open, refetchOnMountOrArgChange: true });
  const join = useMemo(() => (user ? { userId: user.id, role: 'customer' as const, requestId } : null), [user, requestId]);
  const socket = useRealtimeConnection(open ? token : null, join);
  const live = useLiveBids(socket, requestId, bids.data);
  useSocketEvent(socket, 'request_offered', (p) => {
    if (p.requestId === requestId) setAsked((n) => Math.max(n ?? 0, p.providersAsked));
  });
  useSocketEvent(socket, 'request_expired', (p) => {
    if (p.requestId === requestId) setExpired(true);
  });
  const now = useNow(1000, open);
  const providersAsked = Math.max(asked ?? 0, request.providersAsked ?? 0);
  // Past its open time with no socket news (a dropped connection): ask the server, which expires it within a second.
  const overdue = open && request.expiresAt !== null && now > Date.parse(request.expiresAt) + 2000;
  const { refetch } = useGetServiceRequestQuery(requestId, { pollingInterval: overdue ? 3000 : 0 });
  useEffect(() => {
    if (overdue) void refetch();
  }, [overdue, refetch]);

  const accept = async (bid: DisplayBid) => {
    setAccepting(bid.documentId);
    try {
      await update({ id: requestId, data: { tireStatus: 'Accepted', accepted_bid: bid.documentId } }).unwrap();
      toast(ACCEPT_TOASTS.accepted);
      void navigate(`/tracking/${requestId}`);
    } catch (err) {
      if (errorStatus(err) === 409 && errorReason(err) === 'CARD_REAUTHORIZATION_REQUIRED' && CardPaymentDialog) {
        // The server wants the card held for this bid first: the payment dialog, then the accept again.
        const m = biddingMessages.get();
        toast({ title: m.reauthTitle, description: errorMessage(err, m.reauthDescription), variant: 'destructive' });
        setRepay(bid);
      } else if (errorStatus(err) === 409) {
        toast(ACCEPT_TOASTS.conflict);
        live.remove(bid.documentId);
      } else toast(ACCEPT_TOASTS.failed);
    } finally {
      setAccepting(null);
    }
  };

  // Spec section 4 (accepting a bid): cash, or card at the budget, at once; card at another amount re-authorises first.
  const onAccept = (bid: DisplayBid) => {
    if (request.paymentMethod === 'cash' || bid.amount === request.budget) return void accept(bid);
    if (request.paymentMethod !== 'card') return toast(ACCEPT_TOASTS.selectPayment);
    if (!CardPaymentDialog) return toast(ACCEPT_TOASTS.cardUnavailable);
    setRepay(bid);
  };

  const cancel = async () => {
    try {
      await update({ id: requestId, data: { tireStatus: 'Cancelled' } }).unwrap();
      void navigate('/dashboard');
    } catch {
      toast(ACCEPT_TOASTS.cancelFailed);
    }
  };

  if (status === 'Expired' || (status === 'Cancelled' && request.cancelledByRole === 'provider')) {
    return (
      <div className="bidding">
        <Card title={t.yourRequest}>
          <RequestSummary request={request} />
        </Card>
        <Card title={status === 'Expired' ? t.expired : t.cancelled} className="bidding__bids">
          <RequestEnded request={{ ...request, tireStatus: status }} />
        </Card>
      </div>
    );
  }

  return (
    <div className="bidding">
      <Card title={t.yourRequest}>
        <RequestSummary request={request} />
      </Card>
      {request.paymentMethod === 'card' && <ScheduledHoldBanner requestId={requestId} role="customer" socket={socket} customerId={user?.customer?.documentId} />}
      <Card
        title={t.incomingBids}
        description={open ? t.eachBidShown({ seconds: LIMITS.bidDisplayCountdownSeconds }) : undefined}
        className="bidding__bids"
      >
        {open ? (
          <>
            {bids.isError && <p className="field__error">{t.earlierBidsFailed}</p>}
            <BidAnnouncer bids={live.bids} />
            <BidsList bids={live.bids} accepting={accepting} onAccept={onAccept} />
            {live.bids.length === 0 && <RequestReach providersAsked={providersAsked} expiresAt={request.expiresAt} now={now} />}
          </>
        ) : (
          <ClosedNote request={request} />
        )}
      </Card>
      {(open || request.tireStatus === 'Accepted') && (
        <div className="row row--end">
          <Button variant="destructive" onClick={() => void cancel()} busy={updating && accepting === null}>
            {t.cancelRequest}
          </Button>
        </div>
      )}
      {CardPaymentDialog && repay && user?.customer && (
        <CardPaymentDialog
          open
          customerId={user.customer.documentId}
          requestId={requestId}
          amount={repay.amount + cardFee}
          cardFee={cardFee}
          notice={t.chargeNow({ amount: formatMoney(repay.amount + cardFee) })}
          onCancel={() => setRepay(null)}
          onSuccess={() => {
            const bid = repay;
            setRepay(null);
            void accept(bid);
          }}
        />
      )}
    </div>
  );
}

function ClosedNote({ request }: { request: ServiceRequestView }) {
  const t = useMessages(biddingMessages);
  const statuses = useMessages(requestStatusMessages) as Record<string, string>;
  if (request.tireStatus === 'Accepted' || request.tireStatus === 'In Progress') {
    return (
      <p>
        {t.youAccepted} <Link to={`/tracking/${request.documentId}`}>{t.trackProvider}</Link>
      </p>
    );
  }
  return <p className="muted">{t.closed({ status: (statuses[request.tireStatus] ?? request.tireStatus).toLowerCase() })}</p>;
}

function ProviderBidding({ request, providerId }: { request: ServiceRequestView; providerId: string | null }) {
  const [state, dispatch] = useReducer(providerRequestsReducer, initialProviderRequestsState);
  useEffect(() => {
    dispatch({ type: 'synced', requests: [request], requestedAt: Date.now(), now: Date.now() });
  }, [request]);
  const t = useMessages(biddingMessages);
  const open = request.tireStatus === 'Bids Open';
  return (
    <div className="bidding">
      <Card title={t.serviceRequest}>
        <RequestSummary request={request} />
      </Card>
      <Card title={t.yourBid}>
        {open && providerId ? (
          <BidForm
            requestId={request.documentId}
            budget={request.budget}
            providerId={providerId}
            state={bidStateOf(state, request.documentId)}
            onPlaced={(id) => dispatch({ type: 'bidPlaced', requestId: id })}
          />
        ) : request.accepted_bid?.provider.documentId === providerId && providerId ? (
          <p>
            {t.customerAccepted} <Link to={`/provider/tracking/${request.documentId}`}>{t.goToJob}</Link>
          </p>
        ) : (
          <p className="muted">{t.noLongerBids}</p>
        )}
      </Card>
    </div>
  );
}

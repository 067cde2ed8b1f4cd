import { LIMITS, type BidExpiredPayload } from '@tiredash/contracts';
import { useCallback, useEffect, useMemo, useReducer } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { useRealtimeConnection, useSocketEvent } from '../../../shared/realtime/use-realtime';
import { providerFeedMessages, serviceTypeMessages } from '../../../shared/i18n/locales/en/requests';
import type { ToastInput } from '../../../shared/toast/toast-context';
import { useToast } from '../../../shared/toast/use-toast';
import { useListOfferedRequestsQuery } from '../api';
import { playNotificationSound } from '../notification-sound';
import { initialProviderRequestsState, providerRequestsReducer, type ProviderRequestsState } from '../provider-requests.reducer';

/**
 * What a provider is told when its pending bid is closed for a reason other than its own window ending (in the
 * language shown; undefined for its own window ending).
 */
export function lostBidNotice(reason: BidExpiredPayload['reason']): ToastInput | undefined {
  const t = providerFeedMessages.get();
  const notices: Partial<Record<BidExpiredPayload['reason'], ToastInput>> = {
    'other-bid-accepted': { title: t.notSelectedTitle, description: t.notSelected },
    'request-cancelled': { title: t.requestCancelledTitle, description: t.requestCancelled },
    'request-expired': { title: t.requestExpiredTitle, description: t.requestExpired },
  };
  return notices[reason];
}

export interface ProviderRequestsFeed {
  providerId: string;
  state: ProviderRequestsState;
  isLoading: boolean;
  isError: boolean;
  refetch: () => void;
  bidPlaced: (requestId: string) => void;
}

/**
 * The approved provider's live request feed, kept for as long as the dashboard is open (whichever tab shows):
 * the Bids Open requests offered to it (polled every 10 s), `new_request` ('New Service Request!' with the
 * two-tone sound; also for requests offered after they were posted), `bid_expired` (with a notice when the bid
 * lost), `job_canceled`, `request_expired`, and `bid_selected` ('Bid Accepted!', then the live job).
 * The socket joins with the business id and role 'provider' (spec section 7); rooms come from the token.
 */
export function useProviderRequestsFeed(providerId: string | null): ProviderRequestsFeed | null {
  const token = useAppSelector((s) => s.auth.token);
  const navigate = useNavigate();
  const { toast } = useToast();
  const [state, dispatch] = useReducer(providerRequestsReducer, initialProviderRequestsState);
  const join = useMemo(() => (providerId ? { userId: providerId, role: 'provider' as const } : null), [providerId]);
  const socket = useRealtimeConnection(providerId ? token : null, join);
  const query = useListOfferedRequestsQuery(undefined, {
    skip: !providerId,
    pollingInterval: LIMITS.requestStatusPollSeconds * 1000,
  });
  const { data, startedTimeStamp, refetch } = query;

  useEffect(() => {
    if (!data) return;
    dispatch({ type: 'synced', requests: data, requestedAt: startedTimeStamp ?? Date.now(), now: Date.now() });
  }, [data, startedTimeStamp]);

  useSocketEvent(socket, 'new_request', (request) => {
    dispatch({ type: 'offered', request, now: Date.now() });
    const service = (serviceTypeMessages.get() as Record<string, string>)[request.serviceType] ?? request.serviceType;
    toast({
      title: providerFeedMessages.get().newRequestTitle,
      description: `${service} · ${request.tireSize}${request.address ? ` · ${request.address}` : ''}`,
    });
    playNotificationSound();
  });
  useSocketEvent(socket, 'bid_expired', (p) => {
    if (p.reason === 'expired') {
      dispatch({ type: 'bidExpired', requestId: p.requestId });
      const t = providerFeedMessages.get();
      toast({ title: t.bidExpiredTitle, description: t.bidExpired });
      return;
    }
    dispatch({ type: 'removed', requestId: p.requestId });
    // The provider whose bid lost hears why its bid is gone.
    const lost = lostBidNotice(p.reason);
    if (lost) toast(lost);
  });
  useSocketEvent(socket, 'job_canceled', (p) => dispatch({ type: 'removed', requestId: p.requestId }));
  // Nobody was chosen in time: the request is gone from every offered provider's list.
  useSocketEvent(socket, 'request_expired', (p) => dispatch({ type: 'removed', requestId: p.requestId }));
  useSocketEvent(socket, 'bid_selected', (p) => {
    dispatch({ type: 'removed', requestId: p.requestId });
    const t = providerFeedMessages.get();
    toast({ title: t.bidAcceptedTitle, description: t.bidAccepted });
    void navigate(`/provider/tracking/${p.requestId}`);
  });

  const bidPlaced = useCallback((requestId: string) => dispatch({ type: 'bidPlaced', requestId }), []);
  const retry = useCallback(() => void refetch(), [refetch]);

  if (!providerId) return null;
  return { providerId, state, isLoading: query.isLoading, isError: query.isError, refetch: retry, bidPlaced };
}

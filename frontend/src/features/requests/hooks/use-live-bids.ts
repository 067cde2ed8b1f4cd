import type { BidView } from '@tiredash/contracts';
import { useCallback, useEffect, useReducer } from 'react';
import type { RealtimeSocket } from '../../../shared/realtime/realtime-socket';
import { useSocketEvent } from '../../../shared/realtime/use-realtime';
import { bidsReducer, initialBidsState } from '../bids.reducer';

/**
 * The customer's bids on one request: the existing ones (GET /bids) plus `new_bid` arriving on the socket at
 * the front; a replaced or `bid_expired` bid leaves the list.
 */
export function useLiveBids(socket: RealtimeSocket | null, requestId: string, existing: readonly BidView[] | undefined) {
  const [state, dispatch] = useReducer(bidsReducer, initialBidsState);

  useEffect(() => {
    if (existing) dispatch({ type: 'loaded', bids: existing, now: Date.now() });
  }, [existing]);

  useSocketEvent(socket, 'new_bid', (bid) => {
    if (bid.requestId === requestId) dispatch({ type: 'received', bid, now: Date.now() });
  });
  useSocketEvent(socket, 'bid_expired', (p) => {
    if (p.requestId === requestId) dispatch({ type: 'removed', bidId: p.bidId });
  });

  const remove = useCallback((bidId: string) => dispatch({ type: 'removed', bidId }), []);
  return { bids: state.bids, remove };
}

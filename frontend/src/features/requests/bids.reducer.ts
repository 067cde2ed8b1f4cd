import { LIMITS, type BidView, type NewBidPayload } from '@tiredash/contracts';

/** What the bids screen shows of a bid (the REST BidView and the socket `new_bid` payload both carry it). */
export type BidLike = Pick<
  BidView,
  'documentId' | 'requestId' | 'amount' | 'estimatedArrival' | 'countdown' | 'submittedAt' | 'distance'
> & {
  provider: Pick<BidView['provider'], 'documentId' | 'businessName' | 'fullName' | 'rating' | 'totalJobs' | 'responseTime'>;
};

/** A bid on the customer's screen, with the moment it was first shown (its display countdown starts then). */
export interface DisplayBid extends BidLike {
  shownAt: number;
}

export interface BidsState {
  /** Newest first: a bid arriving live goes to the front (spec section 3). */
  bids: DisplayBid[];
}

export const initialBidsState: BidsState = { bids: [] };

export type BidsAction =
  | { type: 'loaded'; bids: readonly (BidView | BidLike)[]; now: number }
  | { type: 'received'; bid: NewBidPayload | BidLike; replacedBidId?: string | null; now: number }
  | { type: 'removed'; bidId: string }
  | { type: 'reset' };

function isPending(b: BidView | BidLike): boolean {
  return !('bidStatus' in b) || b.bidStatus === 'pending';
}

function toDisplay(b: BidLike, now: number): DisplayBid {
  return {
    documentId: b.documentId,
    requestId: b.requestId,
    amount: b.amount,
    estimatedArrival: b.estimatedArrival,
    countdown: b.countdown > 0 ? b.countdown : LIMITS.bidDisplayCountdownSeconds,
    submittedAt: b.submittedAt,
    distance: b.distance,
    provider: {
      documentId: b.provider.documentId,
      businessName: b.provider.businessName,
      fullName: b.provider.fullName,
      rating: b.provider.rating,
      totalJobs: b.provider.totalJobs,
      responseTime: b.provider.responseTime,
    },
    shownAt: now,
  };
}

export function bidsReducer(state: BidsState, action: BidsAction): BidsState {
  switch (action.type) {
    case 'loaded': {
      // Existing bids from GET /bids: the pending ones not on screen yet, newest first, after the live ones.
      const known = new Set(state.bids.map((b) => b.documentId));
      const fresh = action.bids
        .filter((b) => isPending(b) && !known.has(b.documentId))
        .sort((a, b) => Date.parse(b.submittedAt) - Date.parse(a.submittedAt))
        .map((b) => toDisplay(b, action.now));
      return fresh.length === 0 ? state : { bids: [...state.bids, ...fresh] };
    }
    case 'received': {
      const replaced = action.replacedBidId ?? ('replacedBidId' in action.bid ? action.bid.replacedBidId : null);
      const rest = state.bids.filter((b) => b.documentId !== action.bid.documentId && b.documentId !== replaced);
      return { bids: [toDisplay(action.bid, action.now), ...rest] };
    }
    case 'removed':
      return { bids: state.bids.filter((b) => b.documentId !== action.bidId) };
    case 'reset':
      return initialBidsState;
  }
}

/** Seconds left of a bid's display countdown at `now` (0 = no longer shown; display only, the bid stays valid). */
export function secondsLeft(bid: Pick<DisplayBid, 'countdown' | 'shownAt'>, now: number): number {
  return Math.max(0, bid.countdown - Math.floor((now - bid.shownAt) / 1000));
}

export function visibleBids(state: BidsState, now: number): DisplayBid[] {
  return state.bids.filter((b) => secondsLeft(b, now) > 0);
}

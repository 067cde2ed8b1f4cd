import type { BidView, NewRequestPayload, ServiceRequestView } from '@tiredash/contracts';

/** What the provider's Requests tab shows of an offered request (REST ServiceRequestView or socket `new_request`). */
export type RequestOffer = Pick<
  ServiceRequestView,
  | 'documentId'
  | 'serviceType'
  | 'tireSize'
  | 'tireBrand'
  | 'tireStatus'
  | 'address'
  | 'lat'
  | 'lng'
  | 'budget'
  | 'priority'
  | 'scheduledTime'
  | 'description'
  | 'paymentMethod'
  | 'createdAt'
> & { customer: { fullName: string } };

/** The provider's bid on one request (spec section 4): idle, pending after a bid, expired when the window ended. */
export type BidState = 'idle' | 'pending' | 'expired';

export interface OfferItem {
  request: RequestOffer;
  /** When this client learned of it (socket or poll), to reconcile a poll that started before. */
  receivedAt: number;
}

export interface ProviderRequestsState {
  /** Newest first. */
  items: OfferItem[];
  bidStates: Record<string, BidState>;
}

export const initialProviderRequestsState: ProviderRequestsState = { items: [], bidStates: {} };

export type ProviderRequestsAction =
  /** The 10 s poll answered: the Bids Open requests offered to this provider, as of `requestedAt`. */
  | { type: 'synced'; requests: readonly (ServiceRequestView | RequestOffer)[]; requestedAt: number; now: number }
  | { type: 'offered'; request: NewRequestPayload | RequestOffer; now: number }
  /** No longer Bids Open (accepted by someone, cancelled) or otherwise gone from this provider's list. */
  | { type: 'removed'; requestId: string }
  | { type: 'bidPlaced'; requestId: string }
  | { type: 'bidExpired'; requestId: string };

function toOffer(r: NewRequestPayload | RequestOffer | ServiceRequestView): RequestOffer {
  return {
    documentId: r.documentId,
    serviceType: r.serviceType,
    tireSize: r.tireSize,
    tireBrand: r.tireBrand,
    tireStatus: r.tireStatus,
    address: r.address,
    lat: r.lat,
    lng: r.lng,
    budget: r.budget,
    priority: r.priority,
    scheduledTime: r.scheduledTime,
    description: r.description,
    paymentMethod: r.paymentMethod,
    createdAt: r.createdAt,
    customer: { fullName: r.customer.fullName },
  };
}

/** The provider's own bid state from the bids the server shows it (its own only: bids are sealed). */
function bidStateFrom(bids: readonly Pick<BidView, 'bidStatus' | 'submittedAt'>[] | undefined): BidState | null {
  if (!bids || bids.length === 0) return null;
  const latest = [...bids].sort((a, b) => Date.parse(b.submittedAt) - Date.parse(a.submittedAt))[0];
  if (latest.bidStatus === 'pending') return 'pending';
  if (latest.bidStatus === 'expired') return 'expired';
  return null;
}

export function providerRequestsReducer(state: ProviderRequestsState, action: ProviderRequestsAction): ProviderRequestsState {
  switch (action.type) {
    case 'synced': {
      const open = action.requests.filter((r) => r.tireStatus === 'Bids Open');
      const listed = new Set(open.map((r) => r.documentId));
      const previous = new Map(state.items.map((i) => [i.request.documentId, i]));
      const items: OfferItem[] = open.map((r) => ({ request: toOffer(r), receivedAt: previous.get(r.documentId)?.receivedAt ?? action.now }));
      // A request that arrived over the socket after the poll was sent is kept; the next poll confirms it.
      const newer = state.items.filter((i) => !listed.has(i.request.documentId) && i.receivedAt > action.requestedAt);
      const merged = [...newer, ...items].sort((a, b) => Date.parse(b.request.createdAt) - Date.parse(a.request.createdAt));
      const bidStates = { ...state.bidStates };
      for (const r of open) {
        const fromServer = 'bids' in r ? bidStateFrom(r.bids) : null;
        if (fromServer && !bidStates[r.documentId]) bidStates[r.documentId] = fromServer;
      }
      return { items: merged, bidStates };
    }
    case 'offered': {
      if (action.request.tireStatus !== 'Bids Open') return state;
      if (state.items.some((i) => i.request.documentId === action.request.documentId)) return state;
      return { ...state, items: [{ request: toOffer(action.request), receivedAt: action.now }, ...state.items] };
    }
    case 'removed': {
      if (!state.items.some((i) => i.request.documentId === action.requestId)) return state;
      const bidStates = { ...state.bidStates };
      delete bidStates[action.requestId];
      return { items: state.items.filter((i) => i.request.documentId !== action.requestId), bidStates };
    }
    case 'bidPlaced':
      return { ...state, bidStates: { ...state.bidStates, [action.requestId]: 'pending' } };
    case 'bidExpired':
      return { ...state, bidStates: { ...state.bidStates, [action.requestId]: 'expired' } };
  }
}

export function bidStateOf(state: ProviderRequestsState, requestId: string): BidState {
  return state.bidStates[requestId] ?? 'idle';
}

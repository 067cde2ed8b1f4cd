import {
  BidAccepted,
  BidClosed,
  BidExpired,
  BidPlaced,
  LIMITS,
  RequestCancelled,
  RequestCreated,
  RequestExpired,
  RequestOffered,
  SERVER_EVENTS,
  socketRooms,
  type EventPayload,
  type NewRequestPayload,
} from '@tiredash/contracts';
import { route, uniqueRooms, type FanoutRoute } from './emission';

type Offer = EventPayload<typeof RequestCreated>['request'];

/** The offer as `new_request` shows it (adds the spec's alias fields). */
export function toNewRequest(r: Offer): NewRequestPayload {
  return {
    ...r,
    id: r.documentId,
    status: r.tireStatus,
    location: { address: r.address, lat: r.lat, lng: r.lng },
    urgency: r.priority,
    notes: r.description,
  };
}

const providerRoom = (id: string): string => socketRooms.provider(id);
const userRoom = (id: string | null): string | null => (id === null ? null : socketRooms.user(id));

/**
 * requests.evt.* -> socket events. Providers are addressed by their business room and, when the event knows
 * it, their user room too (a socket in both still receives one copy). Bids are sealed: `new_bid` goes to the
 * request's customer only.
 */
export const REQUESTS_ROUTES: FanoutRoute[] = [
  route(RequestCreated, 'realtime-request-created', (p) => [
    {
      rooms: uniqueRooms([...p.matchedProviderIds.map(providerRoom), ...p.matchedProviderUserIds.map(userRoom)]),
      event: SERVER_EVENTS.newRequest,
      payload: toNewRequest(p.request),
    },
  ]),

  route(BidPlaced, 'realtime-bid-placed', (p) => [
    {
      rooms: [socketRooms.user(p.customerUserId)],
      event: SERVER_EVENTS.newBid,
      payload: {
        ...p.bid,
        id: p.bid.bidId,
        provider: { ...p.bid.provider, id: p.bid.provider.documentId },
        status: p.bid.bidStatus,
        countdown: p.bid.countdown || LIMITS.bidDisplayCountdownSeconds,
        replacedBidId: p.replacedBidId,
      },
    },
  ]),

  route(BidAccepted, 'realtime-bid-accepted', (p) => [
    {
      rooms: uniqueRooms([providerRoom(p.providerId), userRoom(p.providerUserId)]),
      event: SERVER_EVENTS.bidSelected,
      payload: {
        requestId: p.requestId,
        bidId: p.bidId,
        documentId: p.bidId,
        providerId: p.providerId,
        customerId: p.customerId,
        customerUserId: p.customerUserId,
        amount: p.amount,
        estimatedArrival: p.estimatedArrival,
        paymentMethod: p.paymentMethod,
        request: toNewRequest(p.request),
        acceptedAt: p.acceptedAt,
      },
    },
  ]),

  route(BidExpired, 'realtime-bid-expired', (p) => [
    {
      rooms: uniqueRooms([providerRoom(p.providerId), userRoom(p.providerUserId), socketRooms.user(p.customerUserId)]),
      event: SERVER_EVENTS.bidExpired,
      payload: {
        requestId: p.requestId,
        bidId: p.bidId,
        documentId: p.bidId,
        providerId: p.providerId,
        reason: 'expired',
        expiredAt: p.expiredAt,
      },
    },
  ]),

  route(BidClosed, 'realtime-bid-closed', (p) => [
    {
      rooms: uniqueRooms([providerRoom(p.providerId), userRoom(p.providerUserId)]),
      event: SERVER_EVENTS.bidExpired,
      payload: {
        requestId: p.requestId,
        bidId: p.bidId,
        documentId: p.bidId,
        providerId: p.providerId,
        reason: p.reason,
        expiredAt: p.closedAt,
      },
    },
  ]),

  route(RequestCancelled, 'realtime-request-cancelled', (p) => [
    {
      rooms: uniqueRooms([
        p.providerId === null ? null : providerRoom(p.providerId),
        userRoom(p.providerUserId),
        ...p.offeredProviderIds.map(providerRoom),
        ...p.closedBids.map((b) => providerRoom(b.providerId)),
        // The customer hears of it only when someone else cancelled ('Provider Canceled').
        p.cancelledBy === p.customerUserId ? null : socketRooms.user(p.customerUserId),
      ]),
      event: SERVER_EVENTS.jobCanceled,
      payload: {
        requestId: p.requestId,
        tireStatus: 'Cancelled',
        previousStatus: p.previousStatus,
        canceledBy: p.cancelledBy,
        canceledAt: p.cancelledAt,
        canceledByRole: p.cancelledByRole ?? (p.cancelledBy === p.customerUserId ? 'customer' : 'provider'),
        reason: p.reason ?? null,
      },
    },
  ]),

  // Late matching: the provider hears of the open request as if it had been matched at creation; the customer's
  // count of providers asked goes up.
  route(RequestOffered, 'realtime-request-offered', (p) => [
    {
      rooms: uniqueRooms([providerRoom(p.providerId), userRoom(p.providerUserId)]),
      event: SERVER_EVENTS.newRequest,
      payload: toNewRequest(p.request),
    },
    {
      rooms: [socketRooms.user(p.customerUserId)],
      event: SERVER_EVENTS.requestOffered,
      payload: { requestId: p.requestId, providersAsked: p.providersAsked },
    },
  ]),

  route(RequestExpired, 'realtime-request-expired', (p) => [
    {
      rooms: uniqueRooms([
        socketRooms.user(p.customerUserId),
        ...p.offeredProviderIds.map(providerRoom),
        ...p.closedBids.map((b) => providerRoom(b.providerId)),
      ]),
      event: SERVER_EVENTS.requestExpired,
      payload: { requestId: p.requestId, tireStatus: 'Expired' as const, expiredAt: p.expiredAt },
    },
  ]),
];

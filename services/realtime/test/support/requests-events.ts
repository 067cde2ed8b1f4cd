import { randomUUID } from 'node:crypto';
import type {
  BidAccepted,
  BidClosed,
  BidExpired,
  BidPlaced,
  EventPayload,
  RequestCancelled,
  RequestCreated,
  RequestExpired,
  RequestOffered,
} from '@tiredash/contracts';
import type { TestUser } from './realtime-harness';

/** Payload builders of the requests service's events, as its outbox writes them. */

export interface RequestFixture {
  requestId: string;
  customer: TestUser;
}

export function aRequest(customer: TestUser): RequestFixture {
  return { requestId: randomUUID(), customer };
}

function offer(r: RequestFixture): EventPayload<typeof RequestCreated>['request'] {
  return {
    requestId: r.requestId,
    documentId: r.requestId,
    serviceType: 'Flat Tire Repair',
    tireSize: '225/65/R17',
    tireBrand: 'Michelin',
    tireStatus: 'Bids Open',
    address: '1 Main St',
    lat: 37.77,
    lng: -122.42,
    budget: 120,
    priority: 'normal',
    scheduledTime: null,
    description: 'Flat on the highway',
    paymentMethod: 'cash',
    customer: { documentId: r.customer.customerId!, fullName: 'Casey Customer' },
    createdAt: new Date().toISOString(),
  };
}

const parties = (r: RequestFixture) => ({ requestId: r.requestId, customerId: r.customer.customerId!, customerUserId: r.customer.userId });

export function requestCreated(r: RequestFixture, providers: TestUser[]): EventPayload<typeof RequestCreated> {
  return {
    ...parties(r),
    request: offer(r),
    matchedProviderIds: providers.map((p) => p.businessId!),
    matchedProviderUserIds: providers.map((p) => p.userId),
  };
}

export function bidPlaced(r: RequestFixture, provider: TestUser, amount = 100, bidId = randomUUID()): EventPayload<typeof BidPlaced> {
  const now = new Date();
  return {
    ...parties(r),
    providerId: provider.businessId!,
    providerUserId: provider.userId,
    replacedBidId: null,
    bid: {
      bidId,
      documentId: bidId,
      requestId: r.requestId,
      providerId: provider.businessId!,
      provider: { documentId: provider.businessId!, businessName: 'Fast Tires', fullName: 'Pat Provider', rating: 4.5, totalJobs: 12, responseTime: '2 min' },
      amount,
      estimatedArrival: '15',
      notes: null,
      message: null,
      bidStatus: 'pending',
      location: { lat: 37.78, lng: -122.41 },
      distance: 0.87,
      submittedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + 240_000).toISOString(),
      countdown: 10,
    },
  };
}

export function bidAccepted(r: RequestFixture, provider: TestUser, bidId: string, amount = 100): EventPayload<typeof BidAccepted> {
  return {
    ...parties(r),
    bidId,
    providerId: provider.businessId!,
    providerUserId: provider.userId,
    amount,
    estimatedArrival: '15',
    paymentMethod: 'cash',
    request: { ...offer(r), tireStatus: 'Accepted' },
    acceptedAt: new Date().toISOString(),
  };
}

export function bidExpired(r: RequestFixture, provider: TestUser, bidId: string): EventPayload<typeof BidExpired> {
  return { ...parties(r), bidId, providerId: provider.businessId!, providerUserId: provider.userId, expiredAt: new Date().toISOString() };
}

export function bidClosed(r: RequestFixture, provider: TestUser, bidId: string): EventPayload<typeof BidClosed> {
  return {
    ...parties(r),
    bidId,
    providerId: provider.businessId!,
    providerUserId: provider.userId,
    reason: 'other-bid-accepted',
    closedAt: new Date().toISOString(),
  };
}

export function requestCancelled(
  r: RequestFixture,
  opts: { accepted?: TestUser | null; offered?: TestUser[]; by?: string; role?: 'customer' | 'provider'; reason?: string } = {},
): EventPayload<typeof RequestCancelled> {
  return {
    ...parties(r),
    previousStatus: opts.accepted ? 'Accepted' : 'Bids Open',
    providerId: opts.accepted?.businessId ?? null,
    providerUserId: opts.accepted?.userId ?? null,
    offeredProviderIds: (opts.offered ?? []).map((p) => p.businessId!),
    closedBids: [],
    cancelledBy: opts.by ?? r.customer.userId,
    cancelledAt: new Date().toISOString(),
    ...(opts.role ? { cancelledByRole: opts.role } : {}),
    ...(opts.reason ? { reason: opts.reason } : {}),
  };
}

/** Late matching: the request offered to `provider` after it was posted. */
export function requestOffered(r: RequestFixture, provider: TestUser, providersAsked: number): EventPayload<typeof RequestOffered> {
  return { ...parties(r), request: offer(r), providerId: provider.businessId!, providerUserId: provider.userId, providersAsked };
}

export function requestExpired(r: RequestFixture, opts: { offered?: TestUser[]; bidders?: TestUser[] } = {}): EventPayload<typeof RequestExpired> {
  return {
    ...parties(r),
    offeredProviderIds: (opts.offered ?? []).map((p) => p.businessId!),
    closedBids: (opts.bidders ?? []).map((p) => ({ bidId: randomUUID(), providerId: p.businessId! })),
    expiredAt: new Date().toISOString(),
  };
}

import { z } from 'zod';
import { CANCEL_ROLES, PAYMENT_METHODS, REQUEST_STATUSES, SERVICE_TYPES } from '../common/constants';
import { defineEvent, STREAMS } from '../common/messages';

/**
 * The requests service's domain events on the REQUESTS stream, published through the outbox in the same
 * transaction as the change. Every payload carries what a socket fan-out needs without another lookup:
 * the request id, the customer's documentId and user id (room `user:<customerUserId>`), the provider business
 * id(s) (room `provider:<providerId>`) and the data the spec's socket events show. Money in dollars.
 */
const S = STREAMS.REQUESTS.name;
const uuid = z.string().uuid();
const iso = z.string();

/** The request as `new_request` shows it to an offered provider. */
export const requestOfferSchema = z.object({
  requestId: uuid,
  documentId: uuid,
  serviceType: z.enum(SERVICE_TYPES),
  tireSize: z.string(),
  tireBrand: z.string().nullable(),
  tireStatus: z.enum(REQUEST_STATUSES),
  address: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  budget: z.number(),
  priority: z.string(),
  scheduledTime: z.string().nullable(),
  description: z.string().nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  customer: z.object({ documentId: uuid, fullName: z.string() }),
  createdAt: iso,
});

/** A bid as `new_bid` shows it to the request's customer. */
export const bidSnapshotSchema = z.object({
  bidId: uuid,
  documentId: uuid,
  requestId: uuid,
  providerId: uuid,
  provider: z.object({
    documentId: uuid,
    businessName: z.string(),
    fullName: z.string().nullable(),
    rating: z.number().nullable(),
    totalJobs: z.number().int(),
    responseTime: z.string().nullable(),
  }),
  amount: z.number(),
  estimatedArrival: z.string(),
  notes: z.string().nullable(),
  message: z.string().nullable(),
  bidStatus: z.literal('pending'),
  location: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  distance: z.number().nullable(),
  submittedAt: iso,
  expiresAt: iso,
  countdown: z.number().int(),
});
export type BidSnapshot = z.infer<typeof bidSnapshotSchema>;

const requestParties = {
  requestId: uuid,
  customerId: uuid,
  customerUserId: uuid,
};

/** A new request, offered to the matched providers (approved, online, radius covers the request, service type offered). */
export const RequestCreated = defineEvent(
  S,
  'requests.evt.request.created.v1',
  z.object({
    ...requestParties,
    request: requestOfferSchema,
    /** Business documentIds of the providers the request was offered to (rooms `provider:<id>`). */
    matchedProviderIds: z.array(uuid),
    /** Their user ids, same order (rooms `user:<id>`); null where the read model lacks it. */
    matchedProviderUserIds: z.array(uuid.nullable()),
  }),
);

/** The customer accepted a bid: request Accepted; `closedBids` lists the other bids closed by it. */
export const RequestAccepted = defineEvent(
  S,
  'requests.evt.request.accepted.v1',
  z.object({
    ...requestParties,
    bidId: uuid,
    providerId: uuid,
    providerUserId: uuid.nullable(),
    amount: z.number(),
    budget: z.number(),
    paymentMethod: z.enum(PAYMENT_METHODS),
    estimatedArrival: z.string(),
    closedBids: z.array(z.object({ bidId: uuid, providerId: uuid })),
    acceptedAt: iso,
    /** Where the job starts: the accepted bid's location (null when the bid had none). Absent in older events. */
    origin: z.object({ lat: z.number(), lng: z.number() }).nullable().optional(),
    /** Where the job is: the request's location. Absent in older events. */
    destination: z.object({ lat: z.number(), lng: z.number(), address: z.string().nullable() }).optional(),
    serviceType: z.string().optional(),
  }),
);

/**
 * The request was cancelled (by its customer, or by its accepted provider: `cancelledBy` is the user id): tells the
 * other side (job_canceled) and the offered providers (request gone).
 */
export const RequestCancelled = defineEvent(
  S,
  'requests.evt.request.cancelled.v1',
  z.object({
    ...requestParties,
    previousStatus: z.enum(REQUEST_STATUSES),
    /** The accepted provider, when the request was already accepted. */
    providerId: uuid.nullable(),
    providerUserId: uuid.nullable(),
    /** Every provider the request was offered to. */
    offeredProviderIds: z.array(uuid),
    closedBids: z.array(z.object({ bidId: uuid, providerId: uuid })),
    cancelledBy: uuid,
    cancelledAt: iso,
    /** Who cancelled (absent in older events: read as the customer unless cancelledBy is the provider). */
    cancelledByRole: z.enum(CANCEL_ROLES).optional(),
    /** The provider's reason ('Provider Canceled' shows it); null when none was given. */
    reason: z.string().nullable().optional(),
  }),
);

/**
 * An open request offered later to a provider that came online, was approved or moved into range after the
 * request was created (new_request to that provider; the customer's count of providers asked goes up).
 */
export const RequestOffered = defineEvent(
  S,
  'requests.evt.request.offered.v1',
  z.object({
    ...requestParties,
    request: requestOfferSchema,
    providerId: uuid,
    providerUserId: uuid.nullable(),
    /** How many providers the request has been offered to, this one included. */
    providersAsked: z.number().int(),
  }),
);

/** No bid was accepted within the request's open time: request Expired, its pending bids closed. */
export const RequestExpired = defineEvent(
  S,
  'requests.evt.request.expired.v1',
  z.object({
    ...requestParties,
    offeredProviderIds: z.array(uuid),
    closedBids: z.array(z.object({ bidId: uuid, providerId: uuid })),
    expiredAt: iso,
  }),
);

/** A provider bid (new_bid to the customer). `replacedBidId`: its previous live bid on the request, now replaced. */
export const BidPlaced = defineEvent(
  S,
  'requests.evt.bid.placed.v1',
  z.object({
    ...requestParties,
    providerId: uuid,
    providerUserId: uuid.nullable(),
    bid: bidSnapshotSchema,
    replacedBidId: uuid.nullable(),
  }),
);

/** The chosen bid (bid_selected to its provider). */
export const BidAccepted = defineEvent(
  S,
  'requests.evt.bid.accepted.v1',
  z.object({
    ...requestParties,
    bidId: uuid,
    providerId: uuid,
    providerUserId: uuid.nullable(),
    amount: z.number(),
    estimatedArrival: z.string(),
    paymentMethod: z.enum(PAYMENT_METHODS),
    request: requestOfferSchema,
    acceptedAt: iso,
  }),
);

/** The bidding window ended for a pending bid (bid_expired to its provider and to the customer). */
export const BidExpired = defineEvent(
  S,
  'requests.evt.bid.expired.v1',
  z.object({
    ...requestParties,
    bidId: uuid,
    providerId: uuid,
    providerUserId: uuid.nullable(),
    expiredAt: iso,
  }),
);

/** A pending bid closed because another bid was accepted or the request was cancelled. */
export const BidClosed = defineEvent(
  S,
  'requests.evt.bid.closed.v1',
  z.object({
    ...requestParties,
    bidId: uuid,
    providerId: uuid,
    providerUserId: uuid.nullable(),
    reason: z.enum(['other-bid-accepted', 'request-cancelled', 'request-expired']),
    closedAt: iso,
  }),
);

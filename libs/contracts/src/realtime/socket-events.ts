import { z } from 'zod';
import { roleSchema } from '../common/actor';
import { CANCEL_ROLES, PAYMENT_METHODS, REQUEST_STATUSES } from '../common/constants';
import { bidSnapshotSchema, requestOfferSchema } from '../requests/events';
import { jobMessageViewSchema } from '../requests/job-chat';
import { jobExtraViewSchema } from '../requests/extras';
import type { PaymentHoldUpdatedPayload } from '../payments/scheduled-holds';

/**
 * The real-time channel of spec section 7: event names and payloads in both directions. The server
 * validates every client payload with these schemas; the SPA types its socket with
 * ServerToClientEvents / ClientToServerEvents.
 */

// ---------------------------------------------------------------- server -> client

export const SERVER_EVENTS = {
  newRequest: 'new_request',
  newBid: 'new_bid',
  bidSelected: 'bid_selected',
  bidExpired: 'bid_expired',
  jobCanceled: 'job_canceled',
  providerArrived: 'provider_arrived',
  jobCompleted: 'job_completed',
  jobConfirmed: 'job_confirmed',
  driverLocation: 'driver_location',
  /** To the customer: the request was offered to one more provider (late matching). */
  requestOffered: 'request_offered',
  /** To the customer and the offered providers: no bid was accepted in time, the request expired. */
  requestExpired: 'request_expired',
  /** To both parties of an accepted job: a job chat message (the sender's other tabs and devices too). */
  jobMessage: 'job_message',
  /** To both parties of a job: an extra the provider added, or the customer's answer to it (the stored extra). */
  extraService: 'extra_service',
  /** To the admins: a party reported a problem with a job (disputes). */
  problemReported: 'problem_reported',
  /** To both parties of a job: an admin refunded part or all of its card payment. */
  jobRefunded: 'job_refunded',
  /** To both parties: the provider marked the customer absent after the wait (Customer No-Show). */
  customerNoShow: 'customer_no_show',
  /** To both parties of a scheduled card job: its off-session hold was placed, failed or lapsed (scheduled holds). */
  paymentHoldUpdated: 'payment_hold_updated',
  /** A refused client event (e.g. `join` for someone else); nothing was changed. */
  error: 'error',
} as const;
export type ServerEventName = (typeof SERVER_EVENTS)[keyof typeof SERVER_EVENTS];

const id = z.string().uuid();
const isoDate = z.string();

/** `new_request`: the request offered to a matched provider (requests' offer plus the spec's aliases). */
export const newRequestPayloadSchema = requestOfferSchema.extend({
  id,
  /** Same as tireStatus (the spec lists both). */
  status: z.string(),
  location: z.object({ address: z.string().nullable(), lat: z.number(), lng: z.number() }),
  /** Same as priority (the create payload carries both names). */
  urgency: z.string(),
  /** Same as description. */
  notes: z.string().nullable(),
});
export type NewRequestPayload = z.infer<typeof newRequestPayloadSchema>;

/** The provider as a bid shows it (same fields as the REST BidView's provider). */
export const socketBidProviderSchema = bidSnapshotSchema.shape.provider.extend({ id });

/**
 * `new_bid`: one bid, to the request's customer only (bids are sealed: no provider ever receives another's
 * price). Same shape as the REST BidView so the bids screen merges both; `replacedBidId` is the provider's
 * previous bid on the request that this one replaces (drop it from the list).
 */
export const newBidPayloadSchema = bidSnapshotSchema.omit({ provider: true, bidStatus: true }).extend({
  id,
  provider: socketBidProviderSchema,
  bidStatus: z.literal('pending'),
  status: z.literal('pending'),
  replacedBidId: id.nullable(),
  /** Sent again on a reconnection because the socket missed it (see socketResumeSchema). */
  replayed: z.literal(true).optional(),
});
export type NewBidPayload = z.infer<typeof newBidPayloadSchema>;

/**
 * What a reconnecting socket may have missed, in its handshake's `auth.resume`: since when (its last disconnect,
 * less a margin for events in flight) and the bids it already holds from that window. The server replays the
 * `new_bid` events of that window it emitted before this socket joined its rooms, except those bids.
 */
export const socketResumeSchema = z.object({
  since: z.string().datetime({ offset: true }),
  bidIds: z.array(id).max(1000).default([]),
});
export type SocketResume = z.infer<typeof socketResumeSchema>;

/**
 * `bid_selected`: to the chosen provider ('Bid Accepted!'); it then opens /provider/tracking/{requestId}.
 * `customerId` is the customer's documentId, `customerUserId` its user id (both are used by later events).
 */
export const bidSelectedPayloadSchema = z.object({
  requestId: id,
  bidId: id,
  documentId: id,
  providerId: id,
  customerId: id,
  customerUserId: id,
  amount: z.number(),
  estimatedArrival: z.string(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  request: newRequestPayloadSchema,
  acceptedAt: isoDate,
});
export type BidSelectedPayload = z.infer<typeof bidSelectedPayloadSchema>;

/**
 * `bid_expired`: to the bidding provider when the bidding window ended (`expired`, also to the customer, whose
 * list drops it) or its bid was closed because another was accepted or the request was cancelled (`closed`).
 */
export const bidExpiredPayloadSchema = z.object({
  requestId: id,
  bidId: id,
  documentId: id,
  providerId: id,
  reason: z.enum(['expired', 'other-bid-accepted', 'request-cancelled', 'request-expired']),
  expiredAt: isoDate,
});
export type BidExpiredPayload = z.infer<typeof bidExpiredPayloadSchema>;

/**
 * `job_canceled`: the request was cancelled. To the accepted provider (back to the dashboard) and to every
 * provider it was offered to (drop it from the Requests list); to the customer only when someone else
 * cancelled ('Provider Canceled').
 */
export const jobCanceledPayloadSchema = z.object({
  requestId: id,
  tireStatus: z.literal('Cancelled'),
  previousStatus: z.enum(REQUEST_STATUSES),
  canceledBy: id,
  canceledAt: isoDate,
  /** Who cancelled, and the provider's reason (shown with 'Provider Canceled'). */
  canceledByRole: z.enum(CANCEL_ROLES).optional(),
  reason: z.string().nullable().optional(),
});
export type JobCanceledPayload = z.infer<typeof jobCanceledPayloadSchema>;

/** `provider_arrived`: to the customer when the provider pressed 'I AM HERE'. */
export const providerArrivedPayloadSchema = z.object({
  requestId: id,
  customerId: id,
  providerId: id,
  arrivedAt: isoDate,
});
export type ProviderArrivedPayload = z.infer<typeof providerArrivedPayloadSchema>;

/** `job_completed`: to the customer when the provider reported completion. */
export const jobCompletedPayloadSchema = z.object({
  requestId: id,
  providerId: id,
  customerId: id,
  completedAt: isoDate,
});
export type JobCompletedPayload = z.infer<typeof jobCompletedPayloadSchema>;

/** `job_confirmed`: to the provider when the customer confirmed completion. */
export const jobConfirmedPayloadSchema = z.object({
  requestId: id,
  customerId: id,
  confirmedAt: isoDate,
  paymentMethod: z.enum(PAYMENT_METHODS),
});
export type JobConfirmedPayload = z.infer<typeof jobConfirmedPayloadSchema>;

/** `request_offered`: to the customer, the number of providers the open request has now been offered to. */
export const requestOfferedPayloadSchema = z.object({ requestId: id, providersAsked: z.number().int() });
export type RequestOfferedPayload = z.infer<typeof requestOfferedPayloadSchema>;

/** `request_expired`: to the customer (post it again) and to the providers it was offered to (drop it). */
export const requestExpiredPayloadSchema = z.object({ requestId: id, tireStatus: z.literal('Expired'), expiredAt: isoDate });
export type RequestExpiredPayload = z.infer<typeof requestExpiredPayloadSchema>;

/** `customer_no_show`: to both parties when the provider marked the customer absent; `fee` in dollars (0: cash, nothing charged). */
export const customerNoShowPayloadSchema = z.object({
  requestId: id,
  customerId: id,
  providerId: id,
  tireStatus: z.literal('Customer No-Show'),
  paymentMethod: z.enum(PAYMENT_METHODS),
  fee: z.number(),
  noShowAt: isoDate,
});
export type CustomerNoShowPayload = z.infer<typeof customerNoShowPayloadSchema>;

/** `extra_service`: an extra of a job as stored (added: pending; answered: approved, declined or card_declined). */
export const extraServicePayloadSchema = jobExtraViewSchema;
export type ExtraServicePayload = z.infer<typeof extraServicePayloadSchema>;

/** `job_message`: a message of a job's chat (the stored message, as GET .../messages lists it). */
export const jobMessagePayloadSchema = jobMessageViewSchema;
export type JobMessagePayload = z.infer<typeof jobMessagePayloadSchema>;

/** `problem_reported`: to the admins, a new report (its request, who reported, the category). */
export const problemReportedPayloadSchema = z.object({
  reportId: id,
  requestId: id,
  reporterRole: z.enum(['customer', 'provider']),
  category: z.string(),
  openedAt: isoDate,
});
export type ProblemReportedPayload = z.infer<typeof problemReportedPayloadSchema>;

/** `job_refunded`: to both parties, a refund of the job's card payment; dollars (`providerReversal`: what the provider's wallet gave back). */
export const jobRefundedPayloadSchema = z.object({
  requestId: id,
  refundId: id,
  amount: z.number(),
  refundedTotal: z.number(),
  providerReversal: z.number(),
  refundedAt: isoDate,
});
export type JobRefundedPayload = z.infer<typeof jobRefundedPayloadSchema>;

/** `driver_location`: the provider's latest point, to the customer tracking the job. */
export const driverLocationPayloadSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  requestId: id.optional(),
});
export type DriverLocationPayload = z.infer<typeof driverLocationPayloadSchema>;

export const SOCKET_ERROR_CODES = ['UNAUTHENTICATED', 'FORBIDDEN', 'VALIDATION_FAILED', 'NOT_FOUND', 'UNAVAILABLE', 'CONFLICT', 'RATE_LIMITED'] as const;
export type SocketErrorCode = (typeof SOCKET_ERROR_CODES)[number];

export const socketErrorPayloadSchema = z.object({
  /** The client event that was refused. */
  event: z.string(),
  code: z.enum(SOCKET_ERROR_CODES),
  message: z.string(),
});
export type SocketErrorPayload = z.infer<typeof socketErrorPayloadSchema>;

/** Every event the server sends, with its payload: type a client socket as Socket<ServerToClientEvents, ClientToServerEvents>. */
export interface ServerToClientEvents {
  new_request: (p: NewRequestPayload) => void;
  new_bid: (p: NewBidPayload) => void;
  bid_selected: (p: BidSelectedPayload) => void;
  bid_expired: (p: BidExpiredPayload) => void;
  job_canceled: (p: JobCanceledPayload) => void;
  provider_arrived: (p: ProviderArrivedPayload) => void;
  job_completed: (p: JobCompletedPayload) => void;
  job_confirmed: (p: JobConfirmedPayload) => void;
  driver_location: (p: DriverLocationPayload) => void;
  request_offered: (p: RequestOfferedPayload) => void;
  request_expired: (p: RequestExpiredPayload) => void;
  job_message: (p: JobMessagePayload) => void;
  extra_service: (p: ExtraServicePayload) => void;
  problem_reported: (p: ProblemReportedPayload) => void;
  job_refunded: (p: JobRefundedPayload) => void;
  customer_no_show: (p: CustomerNoShowPayload) => void;
  payment_hold_updated: (p: PaymentHoldUpdatedPayload) => void;
  error: (p: SocketErrorPayload) => void;
}

/** The message `connect_error` carries when the handshake is refused (no or bad token). */
export const SOCKET_UNAUTHORIZED = 'unauthorized';

// ---------------------------------------------------------------- client -> server

export const CLIENT_EVENTS = {
  join: 'join',
  newRequest: 'new_request',
  newBid: 'new_bid',
  bidSelected: 'bid_selected',
  jobConfirmed: 'job_confirmed',
  jobCanceled: 'job_canceled',
  driverLocationUpdate: 'driver_location_update',
  arrived: 'arrived',
  jobCompleted: 'job_completed',
} as const;
export type ClientEventName = (typeof CLIENT_EVENTS)[keyof typeof CLIENT_EVENTS];

/**
 * `join {userId, role}`: `userId` is the token's user id, or for a provider its business id (spec);
 * `role` must be the token's role. With `requestId` the socket also joins `request:<id>` once the
 * requests service confirmed the caller is a party to it. Anything else is refused with `error`.
 */
export const joinPayloadSchema = z.object({
  userId: z.string().min(1),
  role: roleSchema,
  requestId: id.optional(),
});
export type JoinPayload = z.infer<typeof joinPayloadSchema>;

/**
 * Client echoes of state changes the client already made over HTTP (new_request, new_bid,
 * bid_selected, job_canceled, job_confirmed). The server acknowledges them but never relays them:
 * the socket event others receive comes from the domain event, so a client cannot forge one.
 */
export const clientEchoPayloadSchema = z.object({ requestId: id.optional() }).passthrough();
export type ClientEchoPayload = z.infer<typeof clientEchoPayloadSchema>;

export const jobConfirmedClientPayloadSchema = jobConfirmedPayloadSchema;

/**
 * A live point. A point taken while the device was offline and sent later (the provider app's outbox) also carries
 * `pointId`, its idempotency key (realtime forwards a key once, however often it is sent), and `at`, when it was
 * taken (epoch ms; dispatch records that time instead of the arrival time).
 */
export const driverLocationUpdatePayloadSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  customerId: id,
  requestId: id,
  pointId: z.string().uuid().optional(),
  at: z.number().int().positive().optional(),
});
export type DriverLocationUpdatePayload = z.infer<typeof driverLocationUpdatePayloadSchema>;

export const arrivedPayloadSchema = providerArrivedPayloadSchema;
export type ArrivedPayload = ProviderArrivedPayload;

export const jobCompletedClientPayloadSchema = jobCompletedPayloadSchema;

/** What the server answers through the acknowledgement callback of a client event. */
export type SocketAck =
  | { ok: true; rooms?: string[]; relayed?: boolean }
  | { ok: false; error: { code: SocketErrorCode; message: string } };

export interface ClientToServerEvents {
  join: (p: JoinPayload, ack?: (a: SocketAck) => void) => void;
  new_request: (p: ClientEchoPayload, ack?: (a: SocketAck) => void) => void;
  new_bid: (p: ClientEchoPayload, ack?: (a: SocketAck) => void) => void;
  bid_selected: (p: ClientEchoPayload, ack?: (a: SocketAck) => void) => void;
  job_confirmed: (p: JobConfirmedPayload, ack?: (a: SocketAck) => void) => void;
  job_canceled: (p: ClientEchoPayload, ack?: (a: SocketAck) => void) => void;
  driver_location_update: (p: DriverLocationUpdatePayload, ack?: (a: SocketAck) => void) => void;
  arrived: (p: ArrivedPayload, ack?: (a: SocketAck) => void) => void;
  job_completed: (p: JobCompletedPayload, ack?: (a: SocketAck) => void) => void;
}

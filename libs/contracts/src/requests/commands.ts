import { z } from 'zod';
import { actorSchema } from '../common/actor';
import { defineCommand } from '../common/messages';
import type { Paged } from '../common/query';
import { paginationSchema } from '../common/query';
import {
  bidCreateBodySchema,
  bidFiltersSchema,
  serviceRequestCreateBodySchema,
  serviceRequestFiltersSchema,
  serviceRequestSortSchema,
} from './schemas';
import type { BidView, ServiceRequestView } from './views';

/**
 * The requests service's NATS request-reply subjects (`requests.cmd.<verb-noun>`). Each carries the caller
 * (`actor`, from the verified token) and the API body. Conflicts answer `CONFLICT` with `details.reason` one of
 * REQUESTS_CONFLICT_REASONS.
 */
const withActor = <T extends z.ZodRawShape>(shape: T) => z.object({ actor: actorSchema, ...shape });
const id = z.string().uuid();

export const REQUESTS_CONFLICT_REASONS = [
  'REQUEST_NOT_OPEN',
  'BID_NOT_OPEN',
  'BID_EXPIRED',
  'REQUEST_NOT_CANCELLABLE',
  'STATUS_NOT_SUPPORTED',
  /** Job progress: the request is not at the step this command needs (e.g. arrival before acceptance). */
  'JOB_NOT_ACTIVE',
  'NOT_ARRIVED',
  'COMPLETION_NOT_REPORTED',
  'ALREADY_RATED',
  'NOT_COMPLETED',
  /** A card request needs the card held for the budget plus the fee first (the payment dialog). */
  'CARD_HOLD_REQUIRED',
  /** Accepting a card bid above the held amount needs the card held for the bid plus the fee first. */
  'CARD_REAUTHORIZATION_REQUIRED',
  /** 'I AM HERE' while the provider's latest streamed position is farther than the arrival distance (details.distanceMeters). */
  'ARRIVAL_TOO_FAR',
  /** 'I AM HERE' while no streamed position of the provider is known (nothing streamed, or dispatch unreachable). */
  'ARRIVAL_POSITION_UNKNOWN',
  /** 'Customer not here' before the no-show wait after arrival is over (details.secondsLeft). */
  'NO_SHOW_WAIT_NOT_OVER',
  /** A free 'provider-no-show' cancel before the provider is late (ETA + grace; details.secondsLeft). */
  'PROVIDER_NOT_LATE',
] as const;
export type RequestsConflictReason = (typeof REQUESTS_CONFLICT_REASONS)[number];

export const CreateServiceRequest = defineCommand<ServiceRequestView>()(
  'requests.cmd.create-request',
  withActor({ body: serviceRequestCreateBodySchema }),
);

export const ListServiceRequests = defineCommand<Paged<ServiceRequestView>>()(
  'requests.cmd.list-requests',
  withActor({ filters: serviceRequestFiltersSchema, sort: serviceRequestSortSchema, pagination: paginationSchema }),
);

export const GetServiceRequest = defineCommand<ServiceRequestView>()(
  'requests.cmd.get-request',
  withActor({ requestId: id }),
);

/**
 * Accept a bid exactly once. `mode: 'strict'` (PUT /service-requests) answers CONFLICT when the request is no
 * longer open; `'idempotent'` (PUT /bids) answers the accepted state again when this very bid is already the
 * accepted one. `expect` carries what the client sent alongside (`amount`, `provider`): it must agree with the bid.
 */
export const AcceptBid = defineCommand<ServiceRequestView>()(
  'requests.cmd.accept-bid',
  withActor({
    bidId: id,
    requestId: id.optional(),
    mode: z.enum(['strict', 'idempotent']).default('strict'),
    expect: z.object({ amount: z.number().optional(), providerId: id.optional() }).strict().optional(),
  }),
);

export const CancelServiceRequest = defineCommand<ServiceRequestView>()(
  'requests.cmd.cancel-request',
  withActor({ requestId: id, reason: z.string().trim().max(300).nullable().optional() }),
);

export const PlaceBid = defineCommand<BidView>()('requests.cmd.place-bid', withActor({ body: bidCreateBodySchema }));

export const ListBids = defineCommand<Paged<BidView>>()(
  'requests.cmd.list-bids',
  withActor({ filters: bidFiltersSchema, pagination: paginationSchema }),
);

export const GetBid = defineCommand<BidView>()('requests.cmd.get-bid', withActor({ bidId: id }));

/** Readiness probe of the service itself (database reachable). */
export const RequestsPing = defineCommand<{ ok: true }>()('requests.cmd.ping', z.object({}));

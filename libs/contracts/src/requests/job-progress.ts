import { z } from 'zod';
import { actorSchema } from '../common/actor';
import { PAYMENT_METHODS } from '../common/constants';
import { defineCommand, defineEvent, STREAMS } from '../common/messages';
import type { ServiceRequestView } from './views';

/**
 * Job progress after acceptance, owned by the requests service (the request's tireStatus):
 * - MarkArrived (the job's provider, 'I AM HERE'): Accepted -> In Progress; `provider_arrived` to the customer.
 * - ReportCompletion (the job's provider, 'JOB COMPLETED', only after arrival): stays In Progress, records
 *   completion; `job_completed` to the customer.
 * - ConfirmCompletion (the customer; `PUT /api/service-requests/{id} {data:{tireStatus:'Service Completed'}}`):
 *   card -> payments captures first, then In Progress -> Service Completed; cash -> Service Completed at once.
 *   Exactly once: one conditional UPDATE; a repeated confirm answers the completed request again.
 *   A failed capture leaves the request unchanged ('Payment Failed' / the payment error's message).
 */
const withActor = <T extends z.ZodRawShape>(shape: T) => z.object({ actor: actorSchema, ...shape });
const uuid = z.string().uuid();
const iso = z.string();

/**
 * 'I AM HERE'. Accepted only when the provider's latest streamed position (dispatch) is within ARRIVAL_MAX_DISTANCE_METERS
 * of the job's address; farther: CONFLICT `ARRIVAL_TOO_FAR` (details.distanceMeters); no position known (nothing
 * streamed, or dispatch unreachable): CONFLICT `ARRIVAL_POSITION_UNKNOWN`. Either is passed by an `overrideReason`
 * (stored with the request and shown to admins); an arrival so overridden is unchecked, and a later 'Customer not
 * here' charges no no-show fee on it.
 */
export const MarkArrived = defineCommand<ServiceRequestView>()(
  'requests.cmd.mark-arrived',
  withActor({ requestId: uuid, overrideReason: z.string().trim().min(1).max(300).nullable().optional() }),
);
/**
 * 'Customer not here' (the job's provider, after arrival, NO_SHOW_WAIT_MINUTES after it, before 'JOB COMPLETED'):
 * In Progress -> Customer No-Show. Card: the admin's noShowFee is captured from the hold (the rest released) and
 * credited to the provider less the commission, only when the arrival was checked against the provider's position
 * (an overridden arrival charges nothing: the hold is released); cash: nothing is charged. Before the wait is over: CONFLICT
 * `NO_SHOW_WAIT_NOT_OVER` (details.secondsLeft).
 */
export const MarkCustomerAbsent = defineCommand<ServiceRequestView>()('requests.cmd.mark-customer-absent', withActor({ requestId: uuid }));
export const ReportCompletion = defineCommand<ServiceRequestView>()('requests.cmd.report-completion', withActor({ requestId: uuid }));
export const ConfirmCompletion = defineCommand<ServiceRequestView>()('requests.cmd.confirm-completion', withActor({ requestId: uuid }));

/** `POST /api/dispatch/jobs/:id/arrived` body (optional): why the provider arrives although its position is far or unknown. */
export const arrivalBodySchema = z
  .object({
    data: z
      .object({ overrideReason: z.string().trim().min(1, 'Say why you are arriving from here').max(300, 'At most 300 characters').optional() })
      .strict()
      .optional(),
  })
  .strict();
export type ArrivalBody = z.infer<typeof arrivalBodySchema>;

/** The title the client shows above a failed capture's message (spec: 'Payment Failed' / the error message). */
export const PAYMENT_FAILED_TITLE = 'Payment Failed';

const S = STREAMS.REQUESTS.name;
const jobParties = {
  requestId: uuid,
  customerId: uuid,
  customerUserId: uuid,
  providerId: uuid,
  providerUserId: uuid.nullable(),
};

/** The provider pressed 'I AM HERE': request In Progress (`provider_arrived` to the customer). */
export const ProviderArrived = defineEvent(
  S,
  'requests.evt.request.arrived.v1',
  z.object({ ...jobParties, arrivedAt: iso }),
);

/** The cancel reason recorded when the customer cancels because the provider is late (ETA + grace passed): free. */
export const PROVIDER_NO_SHOW_REASON = 'provider-no-show';

/**
 * `request.no-show`: the provider marked the customer absent after the wait. `feeCents`: the no-show fee to capture
 * from the card hold (0 for a cash job: nothing is charged).
 */
export const CustomerNoShow = defineEvent(
  S,
  'requests.evt.request.no-show.v1',
  z.object({ ...jobParties, paymentMethod: z.enum(PAYMENT_METHODS), feeCents: z.number().int().nonnegative(), serviceType: z.string(), noShowAt: iso }),
);

/** The provider reported the job done ('JOB COMPLETED'); the customer is asked to confirm (`job_completed`). */
export const CompletionReported = defineEvent(
  S,
  'requests.evt.request.completion-reported.v1',
  z.object({ ...jobParties, completedAt: iso }),
);

/** The customer confirmed: request Service Completed (`job_confirmed` to the provider). */
export const RequestConfirmed = defineEvent(
  S,
  'requests.evt.request.confirmed.v1',
  z.object({
    ...jobParties,
    paymentMethod: z.enum(PAYMENT_METHODS),
    /** Dollars: the accepted bid's amount. */
    amount: z.number(),
    serviceType: z.string(),
    /** The provider's completed jobs after this one. */
    providerTotalJobs: z.number().int().nonnegative(),
    confirmedAt: iso,
  }),
);

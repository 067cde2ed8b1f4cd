import { z } from 'zod';
import { actorSchema } from '../common/actor';
import { defineCommand, defineEvent, STREAMS } from '../common/messages';

/**
 * Refunds (issue 13 item 7), owned by the payments service: an admin refunds a card job's captured payment fully or
 * partly. `amount` is in cents, at most what is left unrefunded of the capture (the server checks it against its own
 * records); `refundId` is a UUID the admin's screen chooses for this refund, so a retried click answers the same
 * refund (a Stripe refund keyed by it, never a second one). The provider's wallet gives back its share of each refund
 * as a `refund_reversal` entry, exactly once per refund, whether the command's answer, Stripe's `charge.refunded` /
 * `refund.*` webhook or a redelivery of either records it first.
 *
 * The provider's share of a refund: what the job credited the provider in proportion to the refund, computed on the
 * running total so the parts of several partial refunds add up to the credit exactly:
 *   reversal_n = round(refundedTotal_n x credited / captured) - (reversals before n)
 * A full refund takes back the whole credit; the platform gives back its commission and the card fee in the same
 * proportion. Tips are their own payments and are not refunded by this.
 *
 * REST: `POST /api/admin/service-requests/{id}/refunds {data:{amount, refundId}}` (admins).
 */
export const REFUND_MESSAGES = {
  adminOnly: 'Only admins refund payments',
  cashJob: 'This job was paid in cash: there is no card payment to refund',
  notCaptured: 'This job has no captured card payment to refund',
  moreThanLeft: (leftCents: number) => `At most $${(leftCents / 100).toFixed(2)} is left to refund on this job`,
  nothingLeft: 'This job has been refunded in full',
  idReused: 'This refundId was already used for another refund',
  amountInvalid: 'The refund amount is a whole number of cents, at least 1',
} as const;

/** Refusal reasons in `details.reason`. */
export const REFUND_REFUSALS = ['REFUND_CASH_JOB', 'REFUND_NOT_CAPTURED', 'REFUND_EXCEEDS_REMAINING', 'REFUND_ID_REUSED'] as const;
export type RefundRefusal = (typeof REFUND_REFUSALS)[number];

const uuid = z.string().uuid();

export const refundBodySchema = z
  .object({
    data: z
      .object({
        amount: z.number({ invalid_type_error: REFUND_MESSAGES.amountInvalid, required_error: REFUND_MESSAGES.amountInvalid }).int(REFUND_MESSAGES.amountInvalid).min(1, REFUND_MESSAGES.amountInvalid),
        refundId: uuid,
        /** The report this refund answers, if any (shown in the timeline). */
        disputeId: uuid.nullable().optional(),
      })
      .strict(),
  })
  .strict();
export type RefundBody = z.infer<typeof refundBodySchema>;

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export interface RefundView {
  id: string;
  requestId: string;
  /** Dollars. */
  amount: number;
  status: RefundStatus;
  stripeRefundId: string | null;
  /** What the provider's wallet gave back for it (dollars), once recorded. */
  providerReversal: number | null;
  /** The job's captured total, all refunds so far and what is left (dollars). */
  captured: number;
  refundedTotal: number;
  remaining: number;
  createdAt: string;
}

export const RefundJob = defineCommand<RefundView>()('payments.cmd.refund-job', z.object({ actor: actorSchema, requestId: uuid, body: refundBodySchema }));

/** Money of one request for the admin's timeline: the holds, the capture, the tip, the refunds, the wallet entries. */
export interface RequestPaymentsTimeline {
  requestId: string;
  paymentMethod: string | null;
  holds: { paymentIntentId: string; amount: number; status: string; createdAt: string; updatedAt: string }[];
  captured: number | null;
  capturedAt: string | null;
  cancellationFee: number | null;
  tip: { amount: number; status: string; createdAt: string } | null;
  refunds: RefundView[];
  refundedTotal: number;
  /** What is left to refund (dollars); null when nothing can be refunded (cash, no capture). */
  refundable: number | null;
  walletEntries: { kind: string; amount: number; createdAt: string }[];
}

export const GetRequestPaymentsTimeline = defineCommand<RequestPaymentsTimeline>()(
  'payments.cmd.get-request-payments-timeline',
  z.object({ actor: actorSchema, requestId: uuid }),
);

/**
 * A refund of a job's card payment succeeded and was recorded (once per refund): realtime tells the customer and the
 * provider (`job_refunded`).
 */
export const RefundSucceeded = defineEvent(
  STREAMS.PAYMENTS.name,
  'payments.evt.refund.succeeded.v1',
  z.object({
    refundId: uuid,
    requestId: uuid,
    customerUserId: uuid,
    providerId: uuid,
    amountCents: z.number().int().positive(),
    refundedTotalCents: z.number().int().positive(),
    providerReversalCents: z.number().int().nonnegative(),
    disputeId: uuid.nullable(),
    refundedAt: z.string(),
  }),
);

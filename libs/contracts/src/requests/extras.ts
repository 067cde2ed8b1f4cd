import { z } from 'zod';
import { actorSchema } from '../common/actor';
import { PAYMENT_METHODS, SERVICE_TYPES } from '../common/constants';
import { defineCommand, defineEvent, STREAMS } from '../common/messages';

/**
 * Extras (issue 13 item 1): itemised, binding quotes added on site. After 'I AM HERE' and before 'JOB COMPLETED' the
 * accepted provider adds an item (a service type and its price, the spec's extra-service form); the customer sees it
 * live (`extra_service` socket event, the tracking screen) and approves or declines it, while the job runs (In
 * Progress, completion reported included) and before confirming. A card job's approval first raises the hold to the
 * new total (payments: the PaymentIntent's incremental authorisation); a card that refuses it leaves the extra
 * `card_declined` (not charged, both sides told). A decline leaves the hold. The capture is the accepted bid plus the
 * approved extras plus the card fee kept with the hold, computed by payments from its own rows. A cash job's approved
 * extras add to what the customer pays in cash. An extra still pending at the confirmation is not charged.
 *
 * REST: `POST /api/service-requests/{id}/extras {data:{serviceType, amount, clientExtraId}}` (the provider; a retry with
 * the same clientExtraId answers the stored extra) and `PUT /api/service-requests/{id}/extras/{extraId}
 * {data:{status:'approved'|'declined'}}` (the customer; the same answer again answers the stored extra, another one is
 * 409 EXTRA_ALREADY_ANSWERED). The request view carries its `extras` (the customer, the job's provider, admins).
 */
export const EXTRA_LIMITS = {
  /** Dollars. */
  minAmount: 1,
  maxAmount: 2000,
} as const;

export const EXTRA_MESSAGES = {
  serviceTypeRequired: 'Choose the extra service',
  amountRequired: 'Enter the price of the extra service',
  amountRange: `The price of an extra is between $${EXTRA_LIMITS.minAmount} and $${EXTRA_LIMITS.maxAmount}`,
  clientExtraIdRequired: 'clientExtraId must be a UUID chosen by the client for this extra',
  providerOnly: "Only the job's provider adds extras",
  customerOnly: "Only the request's customer answers an extra",
  notArrived: "Press 'I AM HERE' before adding an extra",
  closed: 'The job was reported completed: no more extras can be added',
  ended: 'This job has ended: its extras can no longer change',
  notFound: 'Extra not found',
  alreadyAnswered: 'This extra was already answered',
  idReused: 'This clientExtraId was already used for another extra',
  cardDeclined: 'Your card did not accept the new total: the extra was not approved',
} as const;

export const EXTRA_STATUSES = ['pending', 'approved', 'declined', 'card_declined'] as const;
export type ExtraStatus = (typeof EXTRA_STATUSES)[number];
export const EXTRA_ANSWERS = ['approved', 'declined'] as const;
export type ExtraAnswer = (typeof EXTRA_ANSWERS)[number];

/** Refusal reasons in `details.reason` (409). */
export const EXTRA_REFUSALS = ['EXTRAS_CLOSED', 'EXTRA_ALREADY_ANSWERED', 'CLIENT_EXTRA_ID_REUSED'] as const;
export type ExtraRefusal = (typeof EXTRA_REFUSALS)[number];

const uuid = z.string().uuid();
const withActor = <T extends z.ZodRawShape>(shape: T) => z.object({ actor: actorSchema, ...shape });

/** A price as the form sends it: a number or a numeric string, in dollars with at most cents. */
export const extraAmountSchema = z
  .union([z.number(), z.string().trim().min(1, EXTRA_MESSAGES.amountRequired).transform((s) => Number(s))], {
    required_error: EXTRA_MESSAGES.amountRequired,
    invalid_type_error: EXTRA_MESSAGES.amountRequired,
  })
  .pipe(
    z
      .number({ invalid_type_error: EXTRA_MESSAGES.amountRequired })
      .finite(EXTRA_MESSAGES.amountRequired)
      .min(EXTRA_LIMITS.minAmount, EXTRA_MESSAGES.amountRange)
      .max(EXTRA_LIMITS.maxAmount, EXTRA_MESSAGES.amountRange)
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Use at most two decimals'),
  );

export const jobExtraCreateBodySchema = z
  .object({
    data: z
      .object({
        serviceType: z.enum(SERVICE_TYPES, { errorMap: () => ({ message: EXTRA_MESSAGES.serviceTypeRequired }) }),
        amount: extraAmountSchema,
        clientExtraId: z.string({ required_error: EXTRA_MESSAGES.clientExtraIdRequired }).uuid(EXTRA_MESSAGES.clientExtraIdRequired),
      })
      .strict(),
  })
  .strict();
export type JobExtraCreateBody = z.infer<typeof jobExtraCreateBodySchema>;
export type JobExtraCreateInput = z.input<typeof jobExtraCreateBodySchema>;

export const jobExtraAnswerBodySchema = z
  .object({
    data: z.object({ status: z.enum(EXTRA_ANSWERS, { errorMap: () => ({ message: "status is 'approved' or 'declined'" }) }) }).strict(),
  })
  .strict();
export type JobExtraAnswerBody = z.infer<typeof jobExtraAnswerBodySchema>;

export const jobExtraViewSchema = z.object({
  id: uuid,
  documentId: uuid,
  requestId: uuid,
  serviceType: z.enum(SERVICE_TYPES),
  /** Dollars. */
  amount: z.number(),
  status: z.enum(EXTRA_STATUSES),
  clientExtraId: uuid,
  /** Card jobs, once approved: the hold's new total in dollars ('The charge amount is now $X'). */
  chargeTotal: z.number().nullable(),
  /** card_declined: the card's message. */
  declineMessage: z.string().nullable(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type JobExtraView = z.infer<typeof jobExtraViewSchema>;

export const AddJobExtra = defineCommand<JobExtraView>()('requests.cmd.add-job-extra', withActor({ requestId: uuid, body: jobExtraCreateBodySchema }));

export const AnswerJobExtra = defineCommand<JobExtraView>()(
  'requests.cmd.answer-job-extra',
  withActor({ requestId: uuid, extraId: uuid, body: jobExtraAnswerBodySchema }),
);

const extraEventSchema = z.object({
  requestId: uuid,
  customerUserId: uuid,
  providerId: uuid,
  providerUserId: uuid.nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  extra: jobExtraViewSchema,
});

/** The provider added an extra: realtime emits `extra_service` to both parties. */
export const JobExtraAdded = defineEvent(STREAMS.REQUESTS.name, 'requests.evt.job-extra.added.v1', extraEventSchema);

/** The customer answered an extra (approved, declined, or approved and refused by the card): `extra_service` to both. */
export const JobExtraAnswered = defineEvent(STREAMS.REQUESTS.name, 'requests.evt.job-extra.answered.v1', extraEventSchema);

/** Approved extras' total in cents (what the extras add to the bid). */
export function approvedExtrasCents(extras: readonly Pick<JobExtraView, 'amount' | 'status'>[]): number {
  return extras.filter((e) => e.status === 'approved').reduce((sum, e) => sum + Math.round(e.amount * 100), 0);
}

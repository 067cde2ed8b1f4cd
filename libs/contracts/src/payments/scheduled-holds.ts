import { z } from 'zod';
import { actorSchema } from '../common/actor';
import { defineCommand, defineEvent, STREAMS } from '../common/messages';
import { paymentMethodIdSchema } from './schemas';
import type { SavedCardView } from './views';

/**
 * Holds that survive scheduling (issue 13 item 3), owned by the payments service. A card hold lapses at the processor
 * about 7 days after it is made, so a card request scheduled further out than SCHEDULED_HOLD_RULES.saveInsteadOfHoldDays
 * is posted with the card saved (a SetupIntent, usage off_session) instead of a hold. Payments authorises it
 * off-session (manual capture) SCHEDULED_HOLD_AUTHORIZE_LEAD_HOURS before the job (the accepted bid plus the card fee
 * of the saved card's setup, else the budget plus that fee), re-authorises a hold before it lapses, and when an
 * off-session authorisation fails tells both parties (`payment_hold_updated`); the customer fixes it with another card
 * (or the same one, confirmed while present) and the hold is placed at once. No live hold: no capture.
 *
 * REST: `POST /pay/api/payments/save-card` (the payment dialog of a scheduled request, before posting it),
 * `GET /pay/api/payments/request/{id}/scheduled-hold` (its customer, its accepted provider, admins),
 * `POST /pay/api/payments/request/{id}/scheduled-hold/card` (its customer: fix a failed authorisation).
 */
export const SCHEDULED_HOLD_RULES = {
  /** A hold lapses at the processor this many days after it is made (Stripe: 7 days for card authorisations). */
  holdLifetimeDays: 7,
  /** A card request scheduled more than this many days after posting saves the card instead of holding it now. */
  saveInsteadOfHoldDays: 6,
  /** A hold this many days old is replaced by a new one (a day before it would lapse). */
  reauthorizeAfterDays: 6,
} as const;

export const SCHEDULED_HOLD_MESSAGES = {
  noPlan: 'This request has no saved card waiting for an authorisation',
  notFailed: 'Nothing to fix: the card of this request is saved or held already',
  ended: 'This request has ended',
  holdPending: "The customer's card is not authorised for this job yet: it cannot be charged until it is",
} as const;

/** Whether a card request scheduled at `scheduledTime` is posted with a saved card rather than a hold (`now` ms). */
export function savesCardInsteadOfHold(scheduledTime: string | null | undefined, now: number): boolean {
  if (!scheduledTime) return false;
  const at = Date.parse(scheduledTime);
  return Number.isFinite(at) && at - now > SCHEDULED_HOLD_RULES.saveInsteadOfHoldDays * 24 * 3600 * 1000;
}

const cents = z.coerce.number().int('Amount must be a whole number of cents');

/** POST /pay/api/payments/save-card: the budget plus the card fee (cents), as the authorise body, for later. */
export const saveCardBodySchema = z
  .object({
    paymentMethodId: paymentMethodIdSchema,
    email: z.string().trim().toLowerCase().email('Enter a valid email address'),
    amount: cents.pipe(z.number().min(50, 'Amount must be at least 50 cents').max(99_999_999)),
    cardFee: cents.pipe(z.number().min(0).max(1_000_000)).optional(),
    saveCard: z.boolean().optional(),
    cardholderName: z.string().trim().max(120).optional(),
  })
  .strict();
export type SaveCardBody = z.infer<typeof saveCardBodySchema>;

/** POST /pay/api/payments/request/{id}/scheduled-hold/card: the card to authorise with now (the customer is here). */
export const fixScheduledHoldBodySchema = z
  .object({
    paymentMethodId: paymentMethodIdSchema,
    email: z.string().trim().toLowerCase().email('Enter a valid email address'),
    cardholderName: z.string().trim().max(120).optional(),
  })
  .strict();
export type FixScheduledHoldBody = z.infer<typeof fixScheduledHoldBodySchema>;

/** saved: card saved, no hold yet; held: a live hold; failed: the last authorisation failed; ended: nothing to do. */
export const SCHEDULED_HOLD_STATUSES = ['saved', 'held', 'failed', 'ended'] as const;
export type ScheduledHoldStatus = (typeof SCHEDULED_HOLD_STATUSES)[number];

export interface ScheduledHoldView {
  requestId: string | null;
  /** `none`: the request has no saved card plan (its card was held at posting, or it is a cash job). */
  status: ScheduledHoldStatus | 'none';
  /** When payments authorises the card (ISO): SCHEDULED_HOLD_AUTHORIZE_LEAD_HOURS before the job. */
  authorizeAt: string | null;
  /** What is (or will be) authorised, in cents: the accepted bid, else the budget, plus the card fee. */
  authorizeCents: number;
  /** The live hold's amount in cents (status held). */
  heldCents: number | null;
  /** The live hold's PaymentIntent (status held; the customer and admins only). */
  paymentIntentId: string | null;
  /** The saved card (the customer and admins only). */
  card: SavedCardView | null;
  /** Why the last authorisation failed (status failed): `card_declined`, `authentication_required`, ...; the message to the customer and admins only. */
  failure: { code: string; message: string | null } | null;
}

const withActor = <T extends z.ZodRawShape>(shape: T) => z.object({ actor: actorSchema, ...shape });

export const SaveCardForLater = defineCommand<ScheduledHoldView>()(
  'payments.cmd.save-card-for-later',
  withActor({ body: saveCardBodySchema, idempotencyKey: z.string().max(200).optional() }),
);
export const GetScheduledHold = defineCommand<ScheduledHoldView>()('payments.cmd.get-scheduled-hold', withActor({ requestId: z.string().uuid() }));
export const FixScheduledHold = defineCommand<ScheduledHoldView>()(
  'payments.cmd.fix-scheduled-hold',
  withActor({ requestId: z.string().uuid(), body: fixScheduledHoldBodySchema }),
);

/** The off-session hold of a scheduled request changed: placed (held), failed (the customer must fix it), or lapsed. */
export const ScheduledHoldChanged = defineEvent(
  STREAMS.PAYMENTS.name,
  'payments.evt.scheduled-hold.changed.v1',
  z.object({
    planId: z.string().uuid(),
    requestId: z.string().uuid(),
    customerUserId: z.string().uuid(),
    providerId: z.string().uuid().nullable(),
    status: z.enum(SCHEDULED_HOLD_STATUSES),
    failureCode: z.string().nullable(),
    /** Which change of this plan (a counter): the realtime fan-out and screens keep the latest. */
    version: z.number().int().nonnegative(),
  }),
);

/** `payment_hold_updated` to the customer and the job's provider: refetch the request's scheduled hold. */
export const paymentHoldUpdatedPayloadSchema = z.object({
  requestId: z.string().uuid(),
  status: z.enum(SCHEDULED_HOLD_STATUSES),
  failureCode: z.string().nullable(),
});
export type PaymentHoldUpdatedPayload = z.infer<typeof paymentHoldUpdatedPayloadSchema>;

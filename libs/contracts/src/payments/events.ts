import { z } from 'zod';
import { defineEvent, STREAMS } from '../common/messages';

/** Payments' domain events on the PAYMENTS stream, published through the outbox. Amounts in cents. */
const S = STREAMS.PAYMENTS.name;
const uuid = z.string().uuid();

export const PaymentAuthorized = defineEvent(
  S,
  'payments.evt.payment.authorized.v1',
  z.object({
    authorizationId: uuid,
    requestId: uuid.nullable(),
    customerUserId: uuid,
    paymentIntentId: z.string(),
    amountCents: z.number().int(),
    replacedPaymentIntentId: z.string().nullable(),
  }),
);

/** The job's card payment was captured; the provider's wallet is credited from it (80% of the job amount). */
export const PaymentCaptured = defineEvent(
  S,
  'payments.evt.payment.captured.v1',
  z.object({
    authorizationId: uuid,
    requestId: uuid.nullable(),
    paymentIntentId: z.string(),
    customerUserId: uuid,
    providerId: uuid,
    /** Captured total, the card fee included. */
    amountCents: z.number().int().positive(),
    /** The job amount (captured total minus the card fee): (100 - commissionPercent)% of it goes to the provider. */
    jobAmountCents: z.number().int().nonnegative(),
    /** The card fee of the hold (the setting in force when it was authorised); absent in older events ($10). */
    feeCents: z.number().int().nonnegative().optional(),
    /** The platform's commission in force at the capture (the confirmation); absent in older events (20). */
    commissionPercent: z.number().int().min(0).max(100).optional(),
    serviceType: z.string().nullable(),
    capturedAt: z.string(),
  }),
);

export const PaymentVoided = defineEvent(
  S,
  'payments.evt.payment.voided.v1',
  z.object({ authorizationId: uuid, requestId: uuid.nullable(), paymentIntentId: z.string(), reason: z.string() }),
);

export const WalletCredited = defineEvent(
  S,
  'payments.evt.wallet.credited.v1',
  z.object({
    providerId: uuid,
    entryId: uuid,
    requestId: uuid.nullable(),
    amountCents: z.number().int().positive(),
    balanceCents: z.number().int(),
  }),
);

export const WithdrawalRequested = defineEvent(
  S,
  'payments.evt.withdrawal.requested.v1',
  z.object({ withdrawalId: uuid, providerId: uuid, amountCents: z.number().int().positive(), balanceCents: z.number().int() }),
);

export const WithdrawalFailed = defineEvent(
  S,
  'payments.evt.withdrawal.failed.v1',
  z.object({
    withdrawalId: uuid,
    providerId: uuid,
    amountCents: z.number().int().positive(),
    reason: z.string(),
    balanceCents: z.number().int(),
  }),
);

export const WithdrawalPaid = defineEvent(
  S,
  'payments.evt.withdrawal.paid.v1',
  z.object({ withdrawalId: uuid, providerId: uuid, amountCents: z.number().int().positive() }),
);

export const PaymentAccountUpdated = defineEvent(
  S,
  'payments.evt.payment-account.updated.v1',
  z.object({
    providerId: uuid,
    stripeAccountId: z.string(),
    stripeAccountStatus: z.enum(['pending', 'active']),
  }),
);

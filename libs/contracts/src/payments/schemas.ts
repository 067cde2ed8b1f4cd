import { z } from 'zod';
import { LIMITS } from '../common/constants';

/**
 * API bodies of the card-payment backend (`/pay/...`) and of the payment-account records (`/api/stripes`,
 * `/api/providers/{id}/stripe-status`), spec section 7. Amounts the client sends to /pay are integer cents.
 */

const uuid = z.string().uuid();
const cents = z.coerce.number().int('Amount must be a whole number of cents');
const stripeId = (prefix: string) =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^${prefix}_[A-Za-z0-9_]{1,120}$`), `Must be a ${prefix}_ id`);

export const paymentMethodIdSchema = stripeId('pm');
export const paymentIntentIdSchema = stripeId('pi');
export const stripeAccountIdSchema = stripeId('acct');

/** POST /pay/api/payments/authorize. `requestId` names the request a (re-)authorisation is for. */
export const authorizeBodySchema = z
  .object({
    paymentMethodId: paymentMethodIdSchema,
    email: z.string().trim().toLowerCase().email('Enter a valid email address'),
    amount: cents.pipe(z.number().min(50, 'Amount must be at least 50 cents').max(99_999_999)),
    saveCard: z.boolean().optional(),
    requestId: uuid.optional(),
    cardholderName: z.string().trim().max(120).optional(),
    /**
     * The card fee (cents) the payment dialog included in `amount`: checked against the admin's setting in force,
     * never used (409 CARD_FEE_CHANGED when it differs, so the dialog shows the new charge instead of a hold that no
     * request would match).
     */
    cardFee: cents.pipe(z.number().min(0).max(1_000_000)).optional(),
  })
  .strict();
export type AuthorizeBody = z.infer<typeof authorizeBodySchema>;

/** POST /pay/api/attach/customer: the new card is attached to the caller's Stripe customer and saved. */
export const attachCustomerBodySchema = z
  .object({
    email: z.string().trim().toLowerCase().email('Enter a valid email address'),
    paymentMethodId: paymentMethodIdSchema,
    name: z.string().trim().max(120).optional(),
  })
  .strict();
export type AttachCustomerBody = z.infer<typeof attachCustomerBodySchema>;

/** POST /pay/payments/capture. `updatedAmount` is the job amount x 100 when it differs from the budget, else null. */
export const captureBodySchema = z
  .object({
    paymentIntentId: paymentIntentIdSchema.optional(),
    requestId: uuid.optional(),
    providerStripeAccountId: stripeAccountIdSchema.optional().nullable(),
    providerId: uuid.optional(),
    updatedAmount: cents.pipe(z.number().min(0)).nullable().optional(),
    serviceType: z.string().trim().max(80).optional(),
  })
  .strict()
  .refine((b) => b.paymentIntentId !== undefined || b.requestId !== undefined, {
    message: 'paymentIntentId or requestId is required',
    path: ['paymentIntentId'],
  });
export type CaptureBody = z.infer<typeof captureBodySchema>;

/** POST /pay/providers/create-account and POST /api/providers/{id}/create-stripe-account. */
export const createAccountBodySchema = z
  .object({
    email: z.string().trim().toLowerCase().email('Enter a valid email address').optional(),
    business_type: z.enum(['company', 'individual']).default('company'),
    company: z.object({ name: z.string().trim().min(1).max(120) }).strict().optional(),
    refreshUrl: z.string().url().max(2000).optional(),
    returnUrl: z.string().url().max(2000).optional(),
  })
  .strict();
export type CreateAccountBody = z.infer<typeof createAccountBodySchema>;

export const dashboardLinkBodySchema = z.object({ accountId: stripeAccountIdSchema }).strict();
export type DashboardLinkBody = z.infer<typeof dashboardLinkBodySchema>;

/** POST /pay/providers/withdraw: `amount` in cents. */
export const withdrawBodySchema = z
  .object({
    amount: z.coerce.number({ invalid_type_error: 'Amount is required' }).int('Amount must be a whole number of cents'),
    providerStripeAccountId: stripeAccountIdSchema.optional(),
    providerId: uuid.optional(),
  })
  .strict()
  .refine((b) => b.providerStripeAccountId !== undefined || b.providerId !== undefined, {
    message: 'providerStripeAccountId is required',
    path: ['providerStripeAccountId'],
  });
export type WithdrawBody = z.infer<typeof withdrawBodySchema>;

/** A tip's bounds in cents: $1 to $500, whole cents (the payment summary's presets are within them). */
export const TIP_LIMITS = { minCents: 100, maxCents: 50_000 } as const;

/**
 * POST /pay/api/payments/request/{requestId}/tip: a card tip of `amount` cents to the provider of the customer's
 * confirmed card job, charged on the job's card. One tip per job: a retry of the same amount answers the same tip.
 */
export const tipBodySchema = z
  .object({
    amount: z.coerce
      .number({ invalid_type_error: 'Tip amount is required' })
      .int('Tip amount must be a whole number of cents')
      .min(TIP_LIMITS.minCents, 'The smallest tip is $1.00')
      .max(TIP_LIMITS.maxCents, 'The largest tip is $500.00'),
  })
  .strict();
export type TipBody = z.infer<typeof tipBodySchema>;

export const PAYMENT_ACCOUNT_STATUSES = ['pending', 'active'] as const;
export type PaymentAccountStatus = (typeof PAYMENT_ACCOUNT_STATUSES)[number];

/** PUT /api/providers/{id}/stripe-status. */
export const stripeStatusBodySchema = z
  .object({ status: z.enum(PAYMENT_ACCOUNT_STATUSES) })
  .strict();
export type StripeStatusBody = z.infer<typeof stripeStatusBodySchema>;

/** The spec's client sends the record flat; Strapi-style `{data: {...}}` is accepted too. */
const unwrapData = (v: unknown): unknown =>
  typeof v === 'object' && v !== null && 'data' in v && Object.keys(v).length === 1 ? (v as { data: unknown }).data : v;

/** POST /api/stripes. */
export const paymentAccountCreateBodySchema = z.preprocess(
  unwrapData,
  z
    .object({
      providerId: uuid,
      stripeAccountId: stripeAccountIdSchema,
      stripeAccountStatus: z.enum(PAYMENT_ACCOUNT_STATUSES).default('pending'),
    })
    .strict(),
);
export type PaymentAccountCreateBody = z.infer<typeof paymentAccountCreateBodySchema>;

const short = (max: number) => z.string().trim().max(max).nullable().optional();

/** PUT /api/stripes/{id}: bank and account fields (display data; the number is its last 4 digits only). */
export const paymentAccountUpdateBodySchema = z.preprocess(
  unwrapData,
  z
    .object({
      bankName: short(120),
      accountType: z.enum(['individual', 'company']).nullable().optional(),
      bankNumber: z
        .string()
        .trim()
        .regex(/^\d{1,4}$/, 'Only the last 4 digits of the account number are stored')
        .nullable()
        .optional(),
      bankRouting: short(20),
      bankStatus: short(40),
      accountName: short(120),
      accountAddress: short(300),
      accountEmail: z.string().trim().toLowerCase().email().max(254).nullable().optional(),
      stripeAccountStatus: z.enum(PAYMENT_ACCOUNT_STATUSES).optional(),
    })
    .strict(),
);
export type PaymentAccountUpdateBody = z.infer<typeof paymentAccountUpdateBodySchema>;

/** `filters[providerId][documentId][$eq]=<id>` (the spec's client) or `filters[providerId][$eq]=<id>`. */
export const paymentAccountFiltersSchema = z
  .object({
    providerId: z.union([
      z.object({ documentId: z.object({ $eq: uuid }).strict() }).strict(),
      z.object({ $eq: uuid }).strict(),
    ]),
  })
  .strict();

/** 'Minimum withdrawal amount is $5.00' with the minimum of the settings in force. */
export const minimumWithdrawalMessage = (dollars: number): string => `Minimum withdrawal amount is $${dollars.toFixed(2)}`;

export const WITHDRAWAL_MESSAGES = {
  /** At the default minimum ($5, the spec's text); payments answers minimumWithdrawalMessage(the setting in force). */
  minimum: minimumWithdrawalMessage(LIMITS.minWithdrawalDollars),
  insufficient: "You don't have enough funds for this withdrawal.",
  failed: 'There was an error processing your withdrawal. Please try again.',
} as const;

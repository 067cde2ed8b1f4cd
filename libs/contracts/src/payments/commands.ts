import { z } from 'zod';
import { actorSchema } from '../common/actor';
import { defineCommand } from '../common/messages';
import {
  attachCustomerBodySchema,
  authorizeBodySchema,
  captureBodySchema,
  createAccountBodySchema,
  dashboardLinkBodySchema,
  paymentAccountCreateBodySchema,
  paymentAccountUpdateBodySchema,
  paymentIntentIdSchema,
  stripeAccountIdSchema,
  stripeStatusBodySchema,
  tipBodySchema,
  withdrawBodySchema,
} from './schemas';
import type {
  AttachCustomerView,
  AuthorizationView,
  CaptureView,
  CreateAccountView,
  EarningsSummaryView,
  OnboardingAccountView,
  PaymentAccountView,
  PaymentsConfigView,
  RequestPaymentView,
  SavedCardView,
  StripeStatusView,
  TipView,
  VoidView,
  WalletTransactionView,
  WebhookResultView,
  WithdrawalView,
} from './views';

/** Payments' NATS request-reply subjects (`payments.cmd.<verb-noun>`); each carries the caller. */
const withActor = <T extends z.ZodRawShape>(shape: T) => z.object({ actor: actorSchema, ...shape });
const id = z.string().uuid();

export const AuthorizePayment = defineCommand<AuthorizationView>()(
  'payments.cmd.authorize-payment',
  withActor({ body: authorizeBodySchema, idempotencyKey: z.string().min(1).max(200).optional() }),
);

export const AttachCustomerCard = defineCommand<AttachCustomerView>()(
  'payments.cmd.attach-customer-card',
  withActor({ body: attachCustomerBodySchema }),
);

export const ListSavedCards = defineCommand<SavedCardView[]>()('payments.cmd.list-saved-cards', withActor({}));

/** Capture at the customer's confirmation (the dispatch/requests saga calls it; so does POST /pay/payments/capture). */
export const CapturePayment = defineCommand<CaptureView>()(
  'payments.cmd.capture-payment',
  withActor({ body: captureBodySchema }),
);

/** Void the request's authorisation (request cancelled). */
export const VoidAuthorization = defineCommand<VoidView>()(
  'payments.cmd.void-authorization',
  withActor({ requestId: id.optional(), paymentIntentId: paymentIntentIdSchema.optional(), reason: z.string().max(100).optional() }),
);

export const CreateConnectAccount = defineCommand<CreateAccountView>()(
  'payments.cmd.create-connect-account',
  withActor({ providerId: id.optional(), body: createAccountBodySchema }),
);

export const CreateDashboardLink = defineCommand<{ url: string }>()(
  'payments.cmd.create-dashboard-link',
  withActor({ body: dashboardLinkBodySchema }),
);

export const CompleteOnboarding = defineCommand<OnboardingAccountView>()(
  'payments.cmd.complete-onboarding',
  withActor({ accountId: stripeAccountIdSchema }),
);

export const GetStripeStatus = defineCommand<StripeStatusView>()(
  'payments.cmd.get-stripe-status',
  withActor({ providerId: id }),
);

export const SetStripeStatus = defineCommand<StripeStatusView>()(
  'payments.cmd.set-stripe-status',
  withActor({ providerId: id, body: stripeStatusBodySchema }),
);

export const CreatePaymentAccount = defineCommand<PaymentAccountView>()(
  'payments.cmd.create-payment-account',
  withActor({ body: paymentAccountCreateBodySchema }),
);

export const ListPaymentAccounts = defineCommand<PaymentAccountView[]>()(
  'payments.cmd.list-payment-accounts',
  withActor({ providerId: id }),
);

export const UpdatePaymentAccount = defineCommand<PaymentAccountView>()(
  'payments.cmd.update-payment-account',
  withActor({ paymentAccountId: id, body: paymentAccountUpdateBodySchema }),
);

export const Withdraw = defineCommand<WithdrawalView>()('payments.cmd.withdraw', withActor({ body: withdrawBodySchema }));

export const GetEarningsSummary = defineCommand<EarningsSummaryView>()(
  'payments.cmd.get-earnings-summary',
  withActor({ providerStripeAccountId: stripeAccountIdSchema.optional(), providerId: id.optional() }),
);

export const ListWalletTransactions = defineCommand<WalletTransactionView[]>()(
  'payments.cmd.list-wallet-transactions',
  withActor({ providerId: id }),
);

export const GetPaymentsConfig = defineCommand<PaymentsConfigView>()('payments.cmd.get-config', z.object({}));

/** A Stripe webhook as received: the exact raw body and its Stripe-Signature header, verified by payments. */
export const HandleStripeWebhook = defineCommand<WebhookResultView>()(
  'payments.cmd.handle-stripe-webhook',
  z.object({ payload: z.string().max(1_000_000), signature: z.string().max(2000).nullable() }),
);

/** The card money of one request, for its customer (or an admin). */
export const GetRequestPayment = defineCommand<RequestPaymentView>()('payments.cmd.get-request-payment', withActor({ requestId: id }));

/** A card tip for the caller's confirmed card job: 100% to the provider's wallet, only while the admin's tipping is on. */
export const TipJob = defineCommand<TipView>()('payments.cmd.tip-job', withActor({ requestId: id, body: tipBodySchema }));

export const PaymentsPing = defineCommand<{ ok: true }>()('payments.cmd.ping', z.object({}));

/** Whether a live card hold covers an amount: the unclaimed hold of a card request about to be posted, or a request's. */
export interface CardHoldView {
  covered: boolean;
  /** The hold found (its amount in cents), if any. */
  amountCents: number | null;
  /** What the hold must be: the job amount plus the card fee (the hold's own, else the setting in force), in cents. */
  requiredCents: number;
}

/**
 * Internal (requests -> payments, never through the gateway): before a card request is posted, is there an unclaimed
 * hold by this customer of exactly `jobAmountCents` (the budget) plus the card fee in force when it was authorised
 * (the payment dialog's)? Before a bid is accepted, does the request's live hold cover the bid plus its card fee?
 * Payments owns the fee: requests sends only the job amount.
 */
export const CheckCardHold = defineCommand<CardHoldView>()(
  'payments.cmd.check-card-hold',
  z.object({ customerUserId: id, requestId: id.optional(), jobAmountCents: z.number().int().positive() }),
);

/** Payments' answer to an extra's approval or decline (issue 13 item 1). */
export interface ExtraHoldView {
  /** approved: the hold covers the new total; declined: recorded, the hold unchanged; card_declined: the raise failed. */
  status: 'approved' | 'declined' | 'card_declined';
  /** approved: what the card is held for now (bid + approved extras + card fee), in cents. */
  chargeTotalCents: number | null;
  /** card_declined: the card's message. */
  declineMessage: string | null;
}

/**
 * Internal (requests -> payments): the customer answered an extra of a card job. An approval raises the request's
 * live hold to the accepted bid + every approved extra + this one + the hold's card fee (the PaymentIntent's
 * incremental authorisation) and records the extra, which the capture then includes; a decline is recorded so that no
 * later approval of it raises anything. Idempotent per extraId: the first answer recorded is the answer.
 */
export const AnswerExtraHold = defineCommand<ExtraHoldView>()(
  'payments.cmd.answer-extra-hold',
  z.object({
    requestId: id,
    extraId: id,
    customerUserId: id,
    serviceType: z.string().min(1).max(60),
    amountCents: z.number().int().positive(),
    answer: z.enum(['approved', 'declined']),
  }),
);

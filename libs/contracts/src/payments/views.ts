import type { PaymentAccountStatus } from './schemas';

/** Answers of the payments routes. Dollars unless the name says cents. */

export interface SavedCardView {
  id: string;
  last4: string;
  brand: string;
  exp_month: number;
  exp_year: number;
  name: string | null;
}

export interface AuthorizationView {
  authorizationId: string;
  paymentIntentId: string;
  status: 'requires_capture' | 'succeeded' | 'canceled';
  /** Cents. */
  amount: number;
  requestId: string | null;
  /** The payment intent this one replaced (re-authorisation at another amount), else null. */
  replacedPaymentIntentId: string | null;
  card: SavedCardView | null;
}

/**
 * What the customer's card pays for a request (`GET /pay/api/payments/request/{requestId}`): the card fee kept with
 * its hold (the admin's setting when it was authorised), what is held, captured, or kept as a cancellation fee. All
 * amounts in dollars.
 */
export interface RequestPaymentView {
  requestId: string;
  /** none: no hold (cash, or not authorised yet); held; captured (the job was paid); cancellation_fee; no_show_fee; released. */
  status: 'none' | 'held' | 'captured' | 'cancellation_fee' | 'no_show_fee' | 'released';
  /** The card fee of the hold; with no hold, the setting in force (what a hold authorised now would carry). */
  cardFee: number;
  held: number | null;
  captured: number | null;
  /** The cancellation fee kept from the hold, when the customer cancelled after acceptance. */
  cancellationFee: number | null;
  /** The no-show fee kept from the hold, when the provider marked the customer absent after the wait. */
  noShowFee?: number | null;
  /** The customer's card tip for the job once paid (dollars), else null ('Not applied'). */
  tip: number | null;
  /** Whether the customer may tip this job now: tipping on, a card job paid at confirmation, no tip yet. */
  canTip: boolean;
  /** What an admin refunded of the capture so far (dollars), or null (disputes: 'Refunded $X'). */
  refunded?: number | null;
}

/** A card tip (POST /pay/api/payments/request/{requestId}/tip): paid in full to the job's provider. */
export interface TipView {
  requestId: string;
  /** Dollars. */
  amount: number;
  status: 'succeeded';
  paymentIntentId: string;
}

export interface AttachCustomerView {
  customerId: string;
  paymentMethodId: string;
  card: SavedCardView;
  savedCards: SavedCardView[];
}

export interface CaptureView {
  paymentIntentId: string;
  status: 'succeeded';
  /** Cents captured. */
  amountCaptured: number;
  requestId: string | null;
  providerId: string;
}

export interface VoidView {
  paymentIntentId: string;
  status: 'canceled';
}

export interface PaymentAccountView {
  id: string;
  documentId: string;
  providerId: string;
  stripeAccountId: string;
  stripeAccountStatus: PaymentAccountStatus;
  bankName: string | null;
  accountType: 'individual' | 'company' | null;
  bankNumber: string | null;
  bankRouting: string | null;
  bankStatus: string | null;
  accountName: string | null;
  accountAddress: string | null;
  accountEmail: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface StripeStatusView {
  providerId: string;
  stripeAccountId: string | null;
  /** null: no payment account yet ('Not Connected'). */
  stripeAccountStatus: PaymentAccountStatus | null;
  status: PaymentAccountStatus | null;
}

export interface CreateAccountView {
  /** The Stripe account id (acct_...). */
  id: string;
  /** The hosted onboarding link the browser is sent to. */
  url: string;
  paymentAccount: PaymentAccountView;
}

/** GET /pay/providers/onboard/complete: the Stripe account as the settings page reads it. */
export interface OnboardingAccountView {
  id: string;
  email: string | null;
  business_type: string | null;
  bank_name: string | null;
  details_submitted: boolean;
  payouts_enabled: boolean;
  company: { name: string | null; address: { line1: string | null } } | null;
  external_accounts: {
    data: { bank_name: string | null; last4: string; routing_number: string | null; status: string | null }[];
  };
  paymentAccount: PaymentAccountView;
}

export interface EarningsSummaryView {
  providerId: string;
  available: number;
  weekEarnings: number;
  monthEarnings: number;
  /** Tips received this month (dollars), included in monthEarnings. */
  monthTips: number;
}

export interface WalletTransactionView {
  id: string;
  serviceType: string;
  createdAt: string;
  /** Dollars: positive credit, negative debit. */
  amount: number;
  kind: 'job_credit' | 'cancellation_credit' | 'tip' | 'withdrawal' | 'withdrawal_reversal' | 'refund_reversal';
  /** A credit's gross: the job amount (or the cancellation fee) in dollars the share was taken from; null otherwise. */
  grossAmount: number | null;
  /** A credit's platform commission in percent, as in force when it was decided (stored, never recomputed). */
  commissionPercent: number | null;
  requestId: string | null;
  withdrawalId: string | null;
}

export interface WithdrawalView {
  id: string;
  providerId: string;
  amount: number;
  status: 'pending' | 'paid' | 'failed';
  ok: boolean;
  /** 'Withdrawal Successful: $X has been withdrawn from your wallet.' or the failure text. */
  message: string;
  balance: number;
}

export interface PaymentsConfigView {
  publishableKey: string | null;
  /**
   * The spec's client reads the key it starts card entry with from a field of this name. It carries the
   * PUBLISHABLE key (the secret key never leaves the payments service).
   */
  stripeSecretKey: string | null;
  /**
   * Where the SPA loads Stripe.js from: null for Stripe's own (https://js.stripe.com); on a local stack the bundled
   * emulator's stand-in (its /v3/), which sends card details to the emulator as Stripe.js sends them to Stripe.
   */
  stripeJsUrl: string | null;
}

export interface WebhookResultView {
  received: true;
  duplicate: boolean;
  type: string;
}

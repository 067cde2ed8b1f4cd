import { randomBytes } from 'node:crypto';
import { type FormObject, metadataOf, obj, str } from './form-body';
import { nowSeconds, stripeId } from './ids';
import type { EmulatorState, Json, StoredAccount, StoredPaymentIntent, StoredPaymentMethod } from './state';
import { StripeApiError, invalid, missing, required } from './stripe-error';
import { offSessionFailure } from './scheduled';
import { findTestCard, insufficient, TEST_PAYMENT_METHODS, type CardFailure } from './test-cards';

export interface Ctx {
  state: EmulatorState;
  params: FormObject;
  path: Record<string, string>;
  /** `Stripe-Account` header: the connected account the call acts on. */
  account: string | null;
  idempotencyKey: string | null;
  publicUrl: string;
  emit(type: string, object: Json, account?: string | null): void;
  schedule(fn: () => void, delayMs: number): void;
  payoutDelayMs: number;
}

export type Handler = (ctx: Ctx) => Json;

const list = (url: string, data: Json[]): Json => ({ object: 'list', data, has_more: false, url });

function int(ctx: Ctx, name: string, opts: { required?: boolean; min?: number } = {}): number | undefined {
  const raw = str(ctx.params[name]);
  if (raw === undefined || raw === '') {
    if (opts.required) throw required(name);
    return undefined;
  }
  if (!/^-?\d+$/.test(raw)) throw invalid(name, `Invalid integer: ${raw}`);
  const n = Number(raw);
  if (opts.min !== undefined && n < opts.min) {
    throw new StripeApiError(400, 'invalid_request_error', `This value must be greater than or equal to ${opts.min}.`, 'parameter_invalid_integer', name);
  }
  return n;
}

function bool(ctx: Ctx, name: string): boolean {
  return str(ctx.params[name]) === 'true';
}

function currency(ctx: Ctx): string {
  const c = str(ctx.params.currency);
  if (!c) throw required('currency');
  if (c.toLowerCase() !== 'usd') throw invalid('currency', `Invalid currency: ${c}. The emulator supports usd.`, 'parameter_invalid_string');
  return 'usd';
}

// ---------------------------------------------------------------- customers

export const createCustomer: Handler = (ctx) => {
  const id = stripeId('cus', 14);
  const customer = {
    id,
    object: 'customer',
    address: null,
    balance: 0,
    created: nowSeconds(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: str(ctx.params.description) ?? null,
    email: str(ctx.params.email) ?? null,
    invoice_prefix: id.slice(4, 12).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: metadataOf(ctx.params.metadata),
    name: str(ctx.params.name) ?? null,
    phone: str(ctx.params.phone) ?? null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
  ctx.state.customers.set(id, customer);
  ctx.emit('customer.created', customer);
  return customer;
};

export function customerOf(ctx: Ctx, id: string, param = 'id'): Json & { id: string } {
  const c = ctx.state.customers.get(id);
  if (!c) throw missing('customer', id, param);
  return c;
}

export const retrieveCustomer: Handler = (ctx) => customerOf(ctx, ctx.path.id ?? '');

export const listCustomerPaymentMethods: Handler = (ctx) => {
  const customer = customerOf(ctx, ctx.path.id ?? '');
  return list(`/v1/customers/${customer.id}/payment_methods`, paymentMethodsOf(ctx, customer.id));
};

function paymentMethodsOf(ctx: Ctx, customerId: string): Json[] {
  return [...ctx.state.paymentMethods.values()]
    .filter((pm) => pm.object.customer === customerId)
    .map((pm) => pm.object)
    .sort((a, b) => Number(b.created) - Number(a.created));
}

// ---------------------------------------------------------------- payment methods

function newPaymentMethod(ctx: Ctx, cardNumber: string, card: FormObject, billing: FormObject): StoredPaymentMethod {
  const test = findTestCard(cardNumber);
  if (!test) {
    throw new StripeApiError(402, 'card_error', 'Your card number is incorrect.', 'incorrect_number', 'number');
  }
  const expMonth = Number(str(card.exp_month) ?? '12');
  const expYear = Number(str(card.exp_year) ?? String(new Date().getUTCFullYear() + 3));
  if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12) {
    throw new StripeApiError(402, 'card_error', "Your card's expiration month is invalid.", 'invalid_expiry_month', 'exp_month');
  }
  const fullYear = expYear < 100 ? 2000 + expYear : expYear;
  const now = new Date();
  if (!Number.isInteger(fullYear) || fullYear < now.getUTCFullYear() || (fullYear === now.getUTCFullYear() && expMonth < now.getUTCMonth() + 1)) {
    throw new StripeApiError(402, 'card_error', "Your card's expiration year is invalid.", 'invalid_expiry_year', 'exp_year');
  }
  const id = stripeId('pm');
  const address = obj(billing.address);
  const object = {
    id,
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: {
      address: {
        city: str(address.city) ?? null,
        country: str(address.country) ?? null,
        line1: str(address.line1) ?? null,
        line2: str(address.line2) ?? null,
        postal_code: str(address.postal_code) ?? null,
        state: str(address.state) ?? null,
      },
      email: str(billing.email) ?? null,
      name: str(billing.name) ?? null,
      phone: str(billing.phone) ?? null,
    },
    card: {
      brand: test.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: str(card.cvc) ? 'pass' : null },
      country: 'US',
      display_brand: test.brand,
      exp_month: expMonth,
      exp_year: fullYear,
      fingerprint: createFingerprint(cardNumber),
      funding: test.funding,
      last4: cardNumber.slice(-4),
      networks: { available: [test.brand], preferred: null },
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: nowSeconds(),
    customer: null as string | null,
    livemode: false,
    metadata: metadataOf(ctx.params.metadata),
    type: 'card',
  };
  const stored: StoredPaymentMethod = { object, cardNumber };
  ctx.state.paymentMethods.set(id, stored);
  return stored;
}

function createFingerprint(number: string): string {
  let h = 0;
  for (const ch of number) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return `fp${h.toString(36)}${number.length}`.padEnd(16, 'x').slice(0, 16);
}

export const createPaymentMethod: Handler = (ctx) => {
  const type = str(ctx.params.type);
  if (!type) throw required('type');
  if (type !== 'card') throw invalid('type', `Invalid type: ${type}. The emulator supports card.`, 'parameter_invalid_string');
  const card = obj(ctx.params.card);
  const token = str(card.token);
  let number = str(card.number)?.replace(/\s+/g, '');
  if (!number && token && TEST_PAYMENT_METHODS[token.replace(/^tok_/, 'pm_card_')]) {
    number = TEST_PAYMENT_METHODS[token.replace(/^tok_/, 'pm_card_')];
  }
  if (!number) throw required('card[number]');
  return newPaymentMethod(ctx, number, card, obj(ctx.params.billing_details)).object;
};

/** A stored PaymentMethod, or a fresh one cloned from a predefined test id (`pm_card_visa`). */
export function paymentMethodOf(ctx: Ctx, id: string, param = 'payment_method'): StoredPaymentMethod {
  const existing = ctx.state.paymentMethods.get(id);
  if (existing) return existing;
  const number = TEST_PAYMENT_METHODS[id];
  if (number) return newPaymentMethod(ctx, number, { exp_month: '12', exp_year: String(new Date().getUTCFullYear() + 3) }, {});
  throw missing('PaymentMethod', id, param);
}

export const retrievePaymentMethod: Handler = (ctx) => paymentMethodOf(ctx, ctx.path.id ?? '', 'id').object;

export const listPaymentMethods: Handler = (ctx) => {
  const customer = str(ctx.params.customer);
  if (!customer) throw required('customer');
  customerOf(ctx, customer, 'customer');
  return list('/v1/payment_methods', paymentMethodsOf(ctx, customer));
};

export const attachPaymentMethod: Handler = (ctx) => {
  const customerId = str(ctx.params.customer);
  if (!customerId) throw required('customer');
  customerOf(ctx, customerId, 'customer');
  const pm = paymentMethodOf(ctx, ctx.path.id ?? '', 'id');
  if (pm.object.customer === customerId) return pm.object;
  if (pm.object.customer !== null) {
    throw new StripeApiError(400, 'invalid_request_error', 'The payment method you provided has already been attached to a customer.', 'payment_method_already_attached', 'payment_method');
  }
  const failure = findTestCard(pm.cardNumber)?.attach;
  if (failure) throw cardError(failure, null);
  pm.object.customer = customerId;
  ctx.emit('payment_method.attached', pm.object);
  return pm.object;
};

export const detachPaymentMethod: Handler = (ctx) => {
  const pm = paymentMethodOf(ctx, ctx.path.id ?? '', 'id');
  if (pm.object.customer === null) {
    throw new StripeApiError(400, 'invalid_request_error', 'The payment method you provided is not attached to a customer so detachment is impossible.', 'payment_method_unexpected_state');
  }
  pm.object.customer = null;
  ctx.emit('payment_method.detached', pm.object);
  return pm.object;
};

export function cardError(f: { code: string; declineCode?: string; message: string }, paymentIntent: Json | null): StripeApiError {
  const extra: Record<string, unknown> = {};
  if (f.declineCode) extra.decline_code = f.declineCode;
  if (paymentIntent) {
    extra.payment_intent = paymentIntent;
    extra.charge = paymentIntent.latest_charge;
  }
  return new StripeApiError(402, 'card_error', f.message, f.code, undefined, extra);
}

// ---------------------------------------------------------------- payment intents

export const createPaymentIntent: Handler = (ctx) => {
  const amount = int(ctx, 'amount', { required: true, min: 50 }) as number;
  const cur = currency(ctx);
  const captureMethod = str(ctx.params.capture_method) ?? 'automatic';
  if (!['automatic', 'automatic_async', 'manual'].includes(captureMethod)) {
    throw invalid('capture_method', `Invalid capture_method: ${captureMethod}`, 'parameter_invalid_string');
  }
  const customer = str(ctx.params.customer) ?? null;
  if (customer) customerOf(ctx, customer, 'customer');
  const id = stripeId('pi');
  const pi: StoredPaymentIntent['object'] = {
    id,
    object: 'payment_intent',
    amount,
    amount_capturable: 0,
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: captureMethod,
    client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
    confirmation_method: 'automatic',
    // Emulator time (the test clock): holds expire 7 days of it after this (scheduled.ts).
    created: ctx.state.now(),
    currency: cur,
    customer,
    description: str(ctx.params.description) ?? null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: metadataOf(ctx.params.metadata),
    next_action: null,
    on_behalf_of: null,
    payment_method_options: paymentMethodOptionsOf(ctx),
    payment_method: null,
    payment_method_types: ['card'],
    receipt_email: str(ctx.params.receipt_email) ?? null,
    setup_future_usage: str(ctx.params.setup_future_usage) ?? null,
    status: 'requires_payment_method',
    transfer_group: str(ctx.params.transfer_group) ?? null,
  };
  const pmId = str(ctx.params.payment_method);
  if (pmId) {
    pi.payment_method = paymentMethodOf(ctx, pmId).object.id;
    pi.status = 'requires_confirmation';
  }
  ctx.state.paymentIntents.set(id, { object: pi });
  ctx.emit('payment_intent.created', pi);
  if (bool(ctx, 'confirm')) confirm(ctx, ctx.state.paymentIntents.get(id) as StoredPaymentIntent);
  return pi;
};

function intentOf(ctx: Ctx): StoredPaymentIntent {
  const id = ctx.path.id ?? '';
  const pi = ctx.state.paymentIntents.get(id);
  if (!pi) throw missing('payment_intent', id, 'intent');
  return pi;
}

function unexpectedState(pi: StoredPaymentIntent, action: string, allowed: string[]): StripeApiError {
  return new StripeApiError(
    400,
    'invalid_request_error',
    `This PaymentIntent's ${action} could not be performed because it has a status of ${pi.object.status}. Only a PaymentIntent with one of the following statuses may be ${action === 'capture' ? 'captured' : action === 'cancel' ? 'canceled' : 'confirmed'}: ${allowed.join(', ')}.`,
    'payment_intent_unexpected_state',
    undefined,
    { payment_intent: pi.object },
  );
}

function confirm(ctx: Ctx, pi: StoredPaymentIntent): void {
  const allowed = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
  if (!allowed.includes(pi.object.status)) throw unexpectedState(pi, 'confirm', allowed);
  const pmId = str(ctx.params.payment_method) ?? (pi.object.payment_method as string | null);
  if (!pmId) {
    throw new StripeApiError(400, 'invalid_request_error', 'You cannot confirm this PaymentIntent because it\'s missing a payment method. To confirm the PaymentIntent with cus, specify a payment method attached to this customer along with the customer ID.', 'payment_intent_unexpected_state', 'payment_method');
  }
  const pm = paymentMethodOf(ctx, pmId);
  pi.object.payment_method = pm.object.id;
  if (pm.object.customer !== null && pm.object.customer !== pi.object.customer) {
    throw new StripeApiError(400, 'invalid_request_error', 'The provided PaymentMethod was previously attached to a Customer or was detached from a Customer, and cannot be used again.', 'payment_method_unexpected_state', 'payment_method');
  }
  const failure = findTestCard(pm.cardNumber)?.charge ?? offSessionFailure(ctx, pm) ?? overLimit(pm.cardNumber, pi.object.amount);
  const chargeId = stripeId('ch');
  pi.object.latest_charge = chargeId;
  if (failure) {
    pi.object.status = 'requires_payment_method';
    pi.object.last_payment_error = {
      type: 'card_error',
      code: failure.code,
      decline_code: failure.declineCode ?? null,
      message: failure.message,
      payment_method: pm.object,
    };
    ctx.emit('payment_intent.payment_failed', pi.object);
    throw cardError(failure, pi.object);
  }
  pi.object.last_payment_error = null;
  if (pi.object.capture_method === 'manual') {
    pi.object.status = 'requires_capture';
    pi.object.amount_capturable = pi.object.amount;
    ctx.emit('payment_intent.amount_capturable_updated', pi.object);
  } else {
    pi.object.status = 'succeeded';
    pi.object.amount_received = pi.object.amount;
    ctx.state.platformAvailable += pi.object.amount;
    ctx.emit('payment_intent.succeeded', pi.object);
  }
}

/** `payment_method_options[card][request_incremental_authorization]` as given at creation ('if_available' or 'never'). */
function paymentMethodOptionsOf(ctx: Ctx): Json {
  const card = obj(obj(ctx.params.payment_method_options).card);
  const requested = str(card.request_incremental_authorization);
  if (requested !== undefined && !['if_available', 'never'].includes(requested)) {
    throw invalid('payment_method_options[card][request_incremental_authorization]', `Invalid request_incremental_authorization: ${requested}`, 'parameter_invalid_string');
  }
  return { card: { request_incremental_authorization: requested ?? null } };
}

/** The emulator-only limit card: a hold above its limit declines. */
function overLimit(cardNumber: string, amount: number): CardFailure | undefined {
  const limit = findTestCard(cardNumber)?.authLimitCents;
  return limit !== undefined && amount > limit ? insufficient : undefined;
}

/** Stripe's limit on incremental authorisation attempts (declines included) per PaymentIntent. */
const MAX_INCREMENTS = 10;

/**
 * POST /v1/payment_intents/:id/increment_authorization {amount}: raises an uncaptured manual-capture hold to `amount`
 * (the new total, more than the current one). Only a PaymentIntent created with
 * `payment_method_options[card][request_incremental_authorization]=if_available`, in requires_capture, at most 10
 * attempts. A decline (the limit card) is a card_declined error that changes nothing on the PaymentIntent.
 */
export const incrementAuthorization: Handler = (ctx) => {
  const pi = intentOf(ctx);
  const amount = int(ctx, 'amount', { required: true, min: 1 }) as number;
  if (pi.object.status !== 'requires_capture') {
    throw new StripeApiError(400, 'invalid_request_error', `This PaymentIntent's amount could not be incremented because it has a status of ${pi.object.status}. Only a PaymentIntent with the status requires_capture may be incremented.`, 'payment_intent_unexpected_state', undefined, { payment_intent: pi.object });
  }
  const options = pi.object.payment_method_options as { card?: { request_incremental_authorization?: string | null } } | undefined;
  if (pi.object.capture_method !== 'manual' || options?.card?.request_incremental_authorization !== 'if_available') {
    throw new StripeApiError(400, 'invalid_request_error', 'This PaymentIntent is not eligible for incremental authorizations: request it with payment_method_options[card][request_incremental_authorization]=if_available when creating it.', 'incremental_authorization_unavailable', undefined, { payment_intent: pi.object });
  }
  if (amount <= pi.object.amount) {
    throw new StripeApiError(400, 'invalid_request_error', `The amount (${amount}) must be greater than the PaymentIntent's current amount (${pi.object.amount}).`, 'amount_too_small', 'amount');
  }
  pi.incrementAttempts = (pi.incrementAttempts ?? 0) + 1;
  if (pi.incrementAttempts > MAX_INCREMENTS) {
    throw new StripeApiError(400, 'invalid_request_error', `This PaymentIntent has reached the maximum of ${MAX_INCREMENTS} incremental authorization attempts.`, 'incremental_authorization_limit_reached', undefined, { payment_intent: pi.object });
  }
  const pm = pi.object.payment_method ? paymentMethodOf(ctx, pi.object.payment_method as string) : null;
  const failure = pm ? (findTestCard(pm.cardNumber)?.charge ?? overLimit(pm.cardNumber, amount)) : undefined;
  if (failure) throw cardError(failure, null);
  pi.object.amount = amount;
  pi.object.amount_capturable = amount;
  ctx.emit('payment_intent.amount_capturable_updated', pi.object);
  return pi.object;
};

export const retrievePaymentIntent: Handler = (ctx) => intentOf(ctx).object;

export const updatePaymentIntent: Handler = (ctx) => {
  const pi = intentOf(ctx);
  pi.object.metadata = metadataOf(ctx.params.metadata, pi.object.metadata as Record<string, string>);
  const description = str(ctx.params.description);
  if (description !== undefined) pi.object.description = description;
  return pi.object;
};

export const confirmPaymentIntent: Handler = (ctx) => {
  const pi = intentOf(ctx);
  confirm(ctx, pi);
  return pi.object;
};

export const capturePaymentIntent: Handler = (ctx) => {
  const pi = intentOf(ctx);
  if (pi.object.status !== 'requires_capture') throw unexpectedState(pi, 'capture', ['requires_capture']);
  const amount = int(ctx, 'amount_to_capture', { min: 1 }) ?? pi.object.amount_capturable;
  if (amount > pi.object.amount_capturable) {
    throw new StripeApiError(400, 'invalid_request_error', `The amount_to_capture (${amount}) must be less than or equal to the amount_capturable (${pi.object.amount_capturable}).`, 'amount_too_large', 'amount_to_capture');
  }
  pi.object.status = 'succeeded';
  pi.object.amount_received = amount;
  pi.object.amount_capturable = 0;
  pi.object.metadata = metadataOf(ctx.params.metadata, pi.object.metadata as Record<string, string>);
  ctx.state.platformAvailable += amount;
  ctx.emit('payment_intent.succeeded', pi.object);
  return pi.object;
};

export const cancelPaymentIntent: Handler = (ctx) => {
  const pi = intentOf(ctx);
  const allowed = ['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action', 'processing'];
  if (!allowed.includes(pi.object.status)) throw unexpectedState(pi, 'cancel', allowed);
  const reason = str(ctx.params.cancellation_reason) ?? null;
  if (reason !== null && !['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'].includes(reason)) {
    throw invalid('cancellation_reason', `Invalid cancellation_reason: ${reason}`, 'parameter_invalid_string');
  }
  pi.object.status = 'canceled';
  pi.object.amount_capturable = 0;
  pi.object.canceled_at = nowSeconds();
  pi.object.cancellation_reason = reason;
  ctx.emit('payment_intent.canceled', pi.object);
  return pi.object;
};

// ---------------------------------------------------------------- connect: accounts, links

export const createAccount: Handler = (ctx) => {
  const type = str(ctx.params.type) ?? 'express';
  if (!['express', 'standard', 'custom'].includes(type)) throw invalid('type', `Invalid type: ${type}`, 'parameter_invalid_string');
  const id = stripeId('acct', 16);
  const company = obj(ctx.params.company);
  const businessProfile = obj(ctx.params.business_profile);
  const object = {
    id,
    object: 'account',
    business_profile: { name: str(businessProfile.name) ?? null, url: str(businessProfile.url) ?? null, mcc: null },
    business_type: str(ctx.params.business_type) ?? null,
    capabilities: { card_payments: 'inactive', transfers: 'inactive' },
    charges_enabled: false,
    company: {
      address: { city: null, country: 'US', line1: null, line2: null, postal_code: null, state: null },
      name: str(company.name) ?? null,
      tax_id_provided: false,
    },
    controller: { type: 'application', is_controller: true },
    country: str(ctx.params.country) ?? 'US',
    created: nowSeconds(),
    default_currency: 'usd',
    details_submitted: false,
    email: str(ctx.params.email) ?? null,
    external_accounts: { object: 'list', data: [] as Json[], has_more: false, total_count: 0, url: `/v1/accounts/${id}/external_accounts` },
    metadata: metadataOf(ctx.params.metadata),
    payouts_enabled: false,
    requirements: {
      currently_due: ['business_profile.url', 'external_account', 'tos_acceptance.date'],
      disabled_reason: 'requirements.past_due',
      eventually_due: ['business_profile.url', 'external_account', 'tos_acceptance.date'],
      past_due: ['external_account'],
    },
    settings: { payouts: { schedule: { interval: 'manual' } } },
    type,
  };
  ctx.state.accounts.set(id, { object, available: 0, bankAccountNumber: null });
  ctx.emit('account.created', object);
  return object;
};

function accountOf(ctx: Ctx, id: string, param = 'account'): StoredAccount {
  const a = ctx.state.accounts.get(id);
  if (!a) {
    throw new StripeApiError(403, 'invalid_request_error', `The provided key does not have access to account '${id}' (or that account does not exist). Application access may have been revoked.`, 'account_invalid', param);
  }
  return a;
}

export const retrieveAccount: Handler = (ctx) => accountOf(ctx, ctx.path.id ?? ctx.account ?? '', 'id').object;

export const createAccountLink: Handler = (ctx) => {
  const account = str(ctx.params.account);
  if (!account) throw required('account');
  accountOf(ctx, account);
  const refreshUrl = str(ctx.params.refresh_url);
  const returnUrl = str(ctx.params.return_url);
  const type = str(ctx.params.type);
  if (!type) throw required('type');
  if (!['account_onboarding', 'account_update'].includes(type)) throw invalid('type', `Invalid type: ${type}`, 'parameter_invalid_string');
  if (!refreshUrl) throw required('refresh_url');
  if (!returnUrl) throw required('return_url');
  for (const [param, url] of [['refresh_url', refreshUrl], ['return_url', returnUrl]] as const) {
    if (!/^https?:\/\//.test(url)) throw invalid(param, `Not a valid URL`, 'url_invalid');
  }
  const token = randomBytes(16).toString('hex');
  const created = nowSeconds();
  ctx.state.accountLinks.set(token, { account, refreshUrl, returnUrl, expiresAt: created + 300, used: false });
  return { object: 'account_link', created, expires_at: created + 300, url: `${ctx.publicUrl}/connect/onboarding/${token}` };
};

/** What the hosted onboarding page does: the account's details and bank account are submitted. */
export function completeOnboarding(ctx: Pick<Ctx, 'state' | 'emit'>, accountId: string, accountNumber: string): Json {
  const acct = ctx.state.accounts.get(accountId);
  if (!acct) throw missing('account', accountId);
  const o = acct.object as Json & { id: string; details_submitted: boolean; payouts_enabled: boolean };
  o.details_submitted = true;
  o.charges_enabled = true;
  o.payouts_enabled = true;
  o.capabilities = { card_payments: 'active', transfers: 'active' };
  o.requirements = { currently_due: [], disabled_reason: null, eventually_due: [], past_due: [] };
  const company = o.company as { address: Json; name: string | null };
  company.address = { city: 'San Francisco', country: 'US', line1: '510 Townsend St', line2: null, postal_code: '94103', state: 'CA' };
  company.name ??= 'TireDash Test Business';
  o.business_type ??= 'company';
  o.email ??= `owner+${accountId}@example.test`;
  acct.bankAccountNumber = accountNumber;
  o.external_accounts = {
    object: 'list',
    data: [
      {
        id: stripeId('ba'),
        object: 'bank_account',
        account: accountId,
        account_holder_name: company.name,
        account_holder_type: o.business_type === 'individual' ? 'individual' : 'company',
        bank_name: 'STRIPE TEST BANK',
        country: 'US',
        currency: 'usd',
        default_for_currency: true,
        fingerprint: createFingerprint(accountNumber),
        last4: accountNumber.slice(-4),
        routing_number: '110000000',
        status: 'new',
      },
    ],
    has_more: false,
    total_count: 1,
    url: `/v1/accounts/${accountId}/external_accounts`,
  };
  ctx.emit('account.updated', o, accountId);
  return o;
}

export const createLoginLink: Handler = (ctx) => {
  const acct = accountOf(ctx, ctx.path.id ?? '', 'account');
  if (acct.object.type !== 'express') {
    throw new StripeApiError(400, 'invalid_request_error', 'Login links can only be created for Express accounts.', 'parameter_invalid_string', 'account');
  }
  if (!acct.object.details_submitted) {
    throw new StripeApiError(400, 'invalid_request_error', 'Cannot create a login link for an account that has not completed onboarding.', 'account_invalid', 'account');
  }
  const token = randomBytes(16).toString('hex');
  ctx.state.loginLinks.set(token, acct.object.id);
  return { object: 'login_link', created: nowSeconds(), url: `${ctx.publicUrl}/express/${token}` };
};

// ---------------------------------------------------------------- balance, transfers, payouts

export const retrieveBalance: Handler = (ctx) => {
  const available = ctx.account ? accountOf(ctx, ctx.account).available : ctx.state.platformAvailable;
  return {
    object: 'balance',
    available: [{ amount: available, currency: 'usd', source_types: { card: available } }],
    livemode: false,
    pending: [{ amount: 0, currency: 'usd', source_types: { card: 0 } }],
  };
};

const insufficientFunds = (): StripeApiError =>
  new StripeApiError(400, 'invalid_request_error', 'You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card.', 'balance_insufficient');

export const createTransfer: Handler = (ctx) => {
  if (ctx.account) throw new StripeApiError(400, 'invalid_request_error', 'Transfers are created by the platform, without a Stripe-Account header.');
  const amount = int(ctx, 'amount', { required: true, min: 1 }) as number;
  const cur = currency(ctx);
  const destination = str(ctx.params.destination);
  if (!destination) throw required('destination');
  const acct = accountOf(ctx, destination, 'destination');
  if (!acct.object.payouts_enabled) {
    throw new StripeApiError(400, 'invalid_request_error', 'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments', 'insufficient_capabilities_for_transfer', 'destination');
  }
  if (ctx.state.platformAvailable < amount) throw insufficientFunds();
  ctx.state.platformAvailable -= amount;
  acct.available += amount;
  const transfer = {
    id: stripeId('tr'),
    object: 'transfer',
    amount,
    amount_reversed: 0,
    balance_transaction: stripeId('txn'),
    created: nowSeconds(),
    currency: cur,
    description: str(ctx.params.description) ?? null,
    destination,
    destination_payment: stripeId('py'),
    livemode: false,
    metadata: metadataOf(ctx.params.metadata),
    reversals: { object: 'list', data: [], has_more: false, total_count: 0, url: '' },
    reversed: false,
    source_transaction: null,
    source_type: 'card',
    transfer_group: str(ctx.params.transfer_group) ?? null,
  };
  ctx.state.transfers.set(transfer.id, transfer);
  ctx.emit('transfer.created', transfer);
  return transfer;
};

export const retrieveTransfer: Handler = (ctx) => {
  const t = ctx.state.transfers.get(ctx.path.id ?? '');
  if (!t) throw missing('transfer', ctx.path.id ?? '');
  return t;
};

export const createTransferReversal: Handler = (ctx) => {
  const t = ctx.state.transfers.get(ctx.path.id ?? '') as (Json & { id: string; amount: number; amount_reversed: number; destination: string; reversed: boolean }) | undefined;
  if (!t) throw missing('transfer', ctx.path.id ?? '');
  const left = t.amount - t.amount_reversed;
  const amount = int(ctx, 'amount', { min: 1 }) ?? left;
  if (amount > left) {
    throw new StripeApiError(400, 'invalid_request_error', `Transfer ${t.id} has only ${left} cents left to reverse.`, 'parameter_invalid_integer', 'amount');
  }
  const acct = accountOf(ctx, t.destination);
  if (acct.available < amount) throw insufficientFunds();
  acct.available -= amount;
  ctx.state.platformAvailable += amount;
  t.amount_reversed += amount;
  t.reversed = t.amount_reversed === t.amount;
  const reversal = {
    id: stripeId('trr'),
    object: 'transfer_reversal',
    amount,
    balance_transaction: stripeId('txn'),
    created: nowSeconds(),
    currency: 'usd',
    metadata: metadataOf(ctx.params.metadata),
    transfer: t.id,
  };
  ctx.emit('transfer.reversed', t);
  return reversal;
};

/** Payouts to this test account number fail (Stripe's 000111111116). */
export const FAILING_BANK_ACCOUNT = '000111111116';

export const createPayout: Handler = (ctx) => {
  if (!ctx.account) {
    throw new StripeApiError(400, 'invalid_request_error', 'The emulator pays out connected accounts only: send the Stripe-Account header.');
  }
  const acct = accountOf(ctx, ctx.account);
  const amount = int(ctx, 'amount', { required: true, min: 1 }) as number;
  const cur = currency(ctx);
  const bank = (acct.object.external_accounts as { data: Json[] }).data[0];
  if (!bank || acct.bankAccountNumber === null) {
    throw new StripeApiError(400, 'invalid_request_error', `You don't have any external accounts in that currency (${cur}).`, 'no_external_account', 'destination');
  }
  if (acct.available < amount) throw insufficientFunds();
  acct.available -= amount;
  const payout = {
    id: stripeId('po'),
    object: 'payout',
    amount,
    arrival_date: nowSeconds() + 86400,
    automatic: false,
    balance_transaction: stripeId('txn'),
    created: nowSeconds(),
    currency: cur,
    description: str(ctx.params.description) ?? null,
    destination: bank.id,
    failure_code: null as string | null,
    failure_message: null as string | null,
    livemode: false,
    metadata: metadataOf(ctx.params.metadata),
    method: str(ctx.params.method) ?? 'standard',
    source_type: 'card',
    statement_descriptor: null,
    status: 'pending',
    type: 'bank_account',
  };
  ctx.state.payouts.set(payout.id, payout);
  const accountId = acct.object.id;
  const fails = acct.bankAccountNumber === FAILING_BANK_ACCOUNT;
  ctx.emit('payout.created', payout, accountId);
  ctx.schedule(() => {
    if (fails) {
      payout.status = 'failed';
      payout.failure_code = 'no_account';
      payout.failure_message = 'The bank account details on file are probably incorrect. No bank account could be located with those details.';
      acct.available += amount;
      ctx.emit('payout.failed', payout, accountId);
    } else {
      payout.status = 'paid';
      ctx.emit('payout.paid', payout, accountId);
    }
  }, ctx.payoutDelayMs);
  return payout;
};

export const retrievePayout: Handler = (ctx) => {
  const p = ctx.state.payouts.get(ctx.path.id ?? '');
  if (!p) throw missing('payout', ctx.path.id ?? '');
  return p;
};

export const retrieveEvent: Handler = (ctx) => {
  const e = ctx.state.events.find((ev) => ev.id === ctx.path.id);
  if (!e) throw missing('event', ctx.path.id ?? '');
  return e;
};

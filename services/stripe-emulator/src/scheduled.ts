import { randomBytes } from 'node:crypto';
import { metadataOf, str } from './form-body';
import { stripeId } from './ids';
import { cardError, customerOf, paymentMethodOf, type Ctx, type Handler } from './resources';
import type { EmulatorState, Json, StoredPaymentMethod, StoredSetupIntent } from './state';
import { StripeApiError, invalid, missing } from './stripe-error';
import { findTestCard, type CardFailure } from './test-cards';

/**
 * What a job booked days ahead needs from Stripe (issue 13 item 3): SetupIntents that save a card for off-session
 * payments, off-session declines, the expiry of uncaptured holds, and a test clock that moves emulator time on so
 * tests need not wait a week.
 */

/** An uncaptured (manual-capture) PaymentIntent is cancelled this long after its creation, as card networks do. */
export const HOLD_EXPIRY_SECONDS = 7 * 24 * 3600;

/** The failure of a confirmation made with `off_session=true` with a card that fails only off-session (3184). */
export function offSessionFailure(ctx: Pick<Ctx, 'params'>, pm: StoredPaymentMethod): CardFailure | undefined {
  if (str(ctx.params.off_session) !== 'true') return undefined;
  return findTestCard(pm.cardNumber)?.offSession;
}

// ---------------------------------------------------------------- setup intents

export const createSetupIntent: Handler = (ctx) => {
  const customer = str(ctx.params.customer) ?? null;
  if (customer) customerOf(ctx, customer, 'customer');
  const usage = str(ctx.params.usage) ?? 'off_session';
  if (usage !== 'off_session' && usage !== 'on_session') throw invalid('usage', `Invalid usage: ${usage}`, 'parameter_invalid_string');
  const id = stripeId('seti');
  const si: StoredSetupIntent['object'] = {
    id,
    object: 'setup_intent',
    cancellation_reason: null,
    client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
    created: ctx.state.now(),
    customer,
    description: str(ctx.params.description) ?? null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    metadata: metadataOf(ctx.params.metadata),
    next_action: null,
    payment_method: null,
    payment_method_types: ['card'],
    status: 'requires_payment_method',
    usage,
  };
  const pmId = str(ctx.params.payment_method);
  if (pmId) {
    si.payment_method = paymentMethodOf(ctx, pmId).object.id;
    si.status = 'requires_confirmation';
  }
  ctx.state.setupIntents.set(id, { object: si });
  ctx.emit('setup_intent.created', si);
  if (str(ctx.params.confirm) === 'true') confirmSetup(ctx, ctx.state.setupIntents.get(id) as StoredSetupIntent);
  return si;
};

function setupIntentOf(ctx: Ctx): StoredSetupIntent {
  const id = ctx.path.id ?? '';
  const si = ctx.state.setupIntents.get(id);
  if (!si) throw missing('setup_intent', id, 'intent');
  return si;
}

/**
 * Confirms a SetupIntent: the card is checked (a card whose attach fails fails here too, with the SetupIntent's
 * last_setup_error), then attached to the SetupIntent's customer for later off-session use. 4000000000000341
 * succeeds (only its charges fail); 4000002760003184 succeeds (the emulator counts the setup as authenticated).
 */
function confirmSetup(ctx: Ctx, si: StoredSetupIntent): void {
  const allowed = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
  if (!allowed.includes(si.object.status)) {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `You cannot confirm this SetupIntent because it has a status of ${si.object.status}.`,
      'setup_intent_unexpected_state',
      undefined,
      { setup_intent: si.object },
    );
  }
  const pmId = str(ctx.params.payment_method) ?? si.object.payment_method;
  if (!pmId) {
    throw new StripeApiError(400, 'invalid_request_error', 'You cannot confirm this SetupIntent because it is missing a payment method.', 'setup_intent_unexpected_state', 'payment_method');
  }
  const pm = paymentMethodOf(ctx, pmId);
  si.object.payment_method = pm.object.id;
  if (pm.object.customer !== null && si.object.customer !== null && pm.object.customer !== si.object.customer) {
    throw new StripeApiError(400, 'invalid_request_error', 'The provided PaymentMethod is attached to another Customer.', 'payment_method_unexpected_state', 'payment_method');
  }
  const failure = findTestCard(pm.cardNumber)?.attach;
  if (failure) {
    si.object.status = 'requires_payment_method';
    si.object.last_setup_error = { type: 'card_error', code: failure.code, decline_code: failure.declineCode ?? null, message: failure.message };
    ctx.emit('setup_intent.setup_failed', si.object);
    throw cardError(failure, null);
  }
  if (si.object.customer !== null && pm.object.customer === null) {
    pm.object.customer = si.object.customer;
    ctx.emit('payment_method.attached', pm.object);
  }
  si.object.status = 'succeeded';
  si.object.last_setup_error = null;
  ctx.emit('setup_intent.succeeded', si.object);
}

export const retrieveSetupIntent: Handler = (ctx) => setupIntentOf(ctx).object;

export const confirmSetupIntent: Handler = (ctx) => {
  const si = setupIntentOf(ctx);
  confirmSetup(ctx, si);
  return si.object;
};

// ---------------------------------------------------------------- hold expiry and the test clock

/**
 * Cancels every uncaptured hold older than HOLD_EXPIRY_SECONDS of emulator time (cancellation_reason 'automatic',
 * with its payment_intent.canceled event), as Stripe does when a card authorisation lapses. Runs before each API
 * call and whenever the test clock moves. Answers how many expired.
 */
export function expireHolds(state: EmulatorState, emit: (type: string, object: Json) => void): number {
  const now = state.now();
  let n = 0;
  for (const pi of state.paymentIntents.values()) {
    const o = pi.object;
    if (o.status !== 'requires_capture' || Number(o.created) + HOLD_EXPIRY_SECONDS > now) continue;
    o.status = 'canceled';
    o.amount_capturable = 0;
    o.canceled_at = now;
    o.cancellation_reason = 'automatic';
    emit('payment_intent.canceled', o);
    n += 1;
  }
  return n;
}

/** `POST /__emulator/clock {advanceSeconds}` (test only): moves emulator time on; `GET` answers it. */
export function advanceClock(state: EmulatorState, advanceSeconds: unknown): { now: number; offsetSeconds: number } {
  if (typeof advanceSeconds !== 'number' || !Number.isInteger(advanceSeconds) || advanceSeconds < 0 || advanceSeconds > 366 * 24 * 3600) {
    throw new Error('advanceSeconds must be a whole number of seconds between 0 and a year');
  }
  state.clockOffsetSeconds += advanceSeconds;
  return { now: state.now(), offsetSeconds: state.clockOffsetSeconds };
}

import { metadataOf, str } from './form-body';
import { nowSeconds, stripeId } from './ids';
import type { Ctx, Handler } from './resources';
import type { Json, StoredPaymentIntent } from './state';
import { StripeApiError, invalid, missing } from './stripe-error';

/**
 * Refunds, as Stripe answers them: `POST /v1/refunds` (payment_intent or charge, an optional amount: the rest of the
 * charge by default, metadata, reason), `GET /v1/refunds/:id`, `GET /v1/refunds?payment_intent=|charge=`, and
 * `GET /v1/charges/:id` (the charge of a payment intent, with `amount_refunded`, `refunded` and its refunds). A card
 * refund succeeds at once and sends `refund.created` and `charge.refunded` (the charge, its refunds listed). Only a
 * succeeded payment intent's charge is refundable, up to what is left of it (`amount_too_large`,
 * `charge_already_refunded` otherwise). The emulator keeps the refunded total beside each payment intent.
 */

const REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'];

/** Refunds of each charge (by charge id), in creation order. */
function refundsOfCharge(ctx: Pick<Ctx, 'state'>, chargeId: string): (Json & { id: string; amount: number })[] {
  return [...ctx.state.refunds.values()].filter((r) => r.charge === chargeId);
}

function intentOfCharge(ctx: Pick<Ctx, 'state'>, chargeId: string): StoredPaymentIntent | undefined {
  return [...ctx.state.paymentIntents.values()].find((pi) => pi.object.latest_charge === chargeId && pi.object.status === 'succeeded');
}

/** The charge of a succeeded payment intent, as `GET /v1/charges/:id` and `charge.refunded` show it. */
export function chargeObject(ctx: Pick<Ctx, 'state'>, pi: StoredPaymentIntent): Json {
  const chargeId = String(pi.object.latest_charge);
  const refunds = refundsOfCharge(ctx, chargeId);
  const refunded = refunds.filter((r) => r.status === 'succeeded').reduce((s, r) => s + r.amount, 0);
  const captured = Number(pi.object.amount_received ?? 0);
  return {
    id: chargeId,
    object: 'charge',
    amount: pi.object.amount,
    amount_captured: captured,
    amount_refunded: refunded,
    captured: captured > 0,
    created: pi.object.created,
    currency: pi.object.currency,
    customer: pi.object.customer,
    description: pi.object.description ?? null,
    livemode: false,
    metadata: pi.object.metadata,
    paid: true,
    payment_intent: pi.object.id,
    payment_method: pi.object.payment_method,
    refunded: captured > 0 && refunded >= captured,
    refunds: { object: 'list', data: refunds.map((r) => structuredClone(r)), has_more: false, total_count: refunds.length, url: `/v1/charges/${chargeId}/refunds` },
    status: 'succeeded',
  };
}

export const createRefund: Handler = (ctx) => {
  const piId = str(ctx.params.payment_intent);
  const chargeParam = str(ctx.params.charge);
  if (!piId && !chargeParam) {
    throw new StripeApiError(400, 'invalid_request_error', 'One of the following params should be provided for this request: payment_intent or charge.', 'parameter_missing');
  }
  let pi: StoredPaymentIntent | undefined;
  if (piId) {
    pi = ctx.state.paymentIntents.get(piId);
    if (!pi) throw missing('payment_intent', piId, 'payment_intent');
  } else {
    pi = intentOfCharge(ctx, chargeParam as string);
    if (!pi) throw missing('charge', chargeParam as string, 'charge');
  }
  if (pi.object.status !== 'succeeded' || !pi.object.latest_charge) {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `This PaymentIntent (${pi.object.id}) does not have a successful charge to refund.`,
      'charge_not_refundable',
      piId ? 'payment_intent' : 'charge',
    );
  }
  const chargeId = String(pi.object.latest_charge);
  if (chargeParam && chargeParam !== chargeId) throw missing('charge', chargeParam, 'charge');
  const captured = Number(pi.object.amount_received ?? 0);
  const refunded = refundsOfCharge(ctx, chargeId)
    .filter((r) => r.status === 'succeeded' || r.status === 'pending')
    .reduce((s, r) => s + r.amount, 0);
  const left = captured - refunded;
  if (left <= 0) throw new StripeApiError(400, 'invalid_request_error', `Charge ${chargeId} has already been refunded.`, 'charge_already_refunded');
  const rawAmount = str(ctx.params.amount);
  let amount = left;
  if (rawAmount !== undefined && rawAmount !== '') {
    if (!/^\d+$/.test(rawAmount)) throw invalid('amount', `Invalid integer: ${rawAmount}`);
    amount = Number(rawAmount);
    if (amount < 1) throw new StripeApiError(400, 'invalid_request_error', 'This value must be greater than or equal to 1.', 'parameter_invalid_integer', 'amount');
    if (amount > left) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
        'amount_too_large',
        'amount',
      );
    }
  }
  const reason = str(ctx.params.reason) ?? null;
  if (reason !== null && !REASONS.includes(reason)) throw invalid('reason', `Invalid reason: ${reason}`, 'parameter_invalid_string');
  const refund = {
    id: stripeId('re'),
    object: 'refund',
    amount,
    balance_transaction: null,
    charge: chargeId,
    created: nowSeconds(),
    currency: pi.object.currency,
    destination_details: { card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' }, type: 'card' },
    metadata: metadataOf(ctx.params.metadata),
    payment_intent: pi.object.id,
    reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  };
  ctx.state.refunds.set(refund.id, refund);
  ctx.state.platformAvailable -= amount;
  ctx.emit('refund.created', refund);
  ctx.emit('charge.refunded', chargeObject(ctx, pi));
  return refund;
};

export const retrieveRefund: Handler = (ctx) => {
  const id = ctx.path.id ?? '';
  const refund = ctx.state.refunds.get(id);
  if (!refund) throw missing('refund', id);
  return refund;
};

export const listRefunds: Handler = (ctx) => {
  const piId = str(ctx.params.payment_intent);
  const charge = str(ctx.params.charge);
  const data = [...ctx.state.refunds.values()]
    .filter((r) => (piId === undefined || r.payment_intent === piId) && (charge === undefined || r.charge === charge))
    .reverse();
  return { object: 'list', data, has_more: false, url: '/v1/refunds' };
};

export const retrieveCharge: Handler = (ctx) => {
  const id = ctx.path.id ?? '';
  const pi = intentOfCharge(ctx, id);
  if (!pi) throw missing('charge', id);
  return chargeObject(ctx, pi);
};

/** `GET /v1/events?type=&limit=`: the newest events first, as Stripe lists them (tests find a webhook's event to resend). */
export const listEvents: Handler = (ctx) => {
  const type = str(ctx.params.type);
  const limit = Math.min(100, Math.max(1, Number(str(ctx.params.limit) ?? 10) || 10));
  const data = ctx.state.events.filter((e) => type === undefined || e.type === type).slice(-limit).reverse();
  return { object: 'list', data, has_more: false, url: '/v1/events' };
};

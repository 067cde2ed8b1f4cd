import Stripe from 'stripe';
import { createStripeEmulator, randomKeys, type StripeEmulator } from './emulator';

async function stripeError(p: Promise<unknown>): Promise<{ type: string; code?: string; decline_code?: string; statusCode?: number; message: string }> {
  try {
    await p;
  } catch (err) {
    return err as { type: string; code?: string; decline_code?: string; statusCode?: number; message: string };
  }
  throw new Error('expected a Stripe error');
}

/** Incremental authorisation (an extra approved on site raises the hold), driven by the official SDK. */
describe('stripe emulator: incremental authorisation of a manual-capture PaymentIntent', () => {
  const keys = randomKeys();
  let emulator: StripeEmulator;
  let stripe: Stripe;

  beforeAll(async () => {
    emulator = createStripeEmulator({ ...keys, webhookUrl: 'none', payoutDelayMs: 20, log: () => undefined });
    const u = new URL(await emulator.listen(0));
    stripe = new Stripe(keys.secretKey, { host: u.hostname, port: Number(u.port), protocol: 'http', maxNetworkRetries: 0 });
  });

  afterAll(async () => {
    await emulator.close();
  });

  async function hold(amount: number, paymentMethod = 'pm_card_visa', incremental = true): Promise<Stripe.PaymentIntent> {
    const customer = await stripe.customers.create({ email: 'inc@example.test' });
    return stripe.paymentIntents.create({
      amount,
      currency: 'usd',
      customer: customer.id,
      payment_method: paymentMethod,
      capture_method: 'manual',
      confirm: true,
      ...(incremental ? { payment_method_options: { card: { request_incremental_authorization: 'if_available' } } } : {}),
    });
  }

  it('raises the hold to the new total, and the capture may then take it', async () => {
    const pi = await hold(6000);
    const raised = await stripe.paymentIntents.incrementAuthorization(pi.id, { amount: 8500 });
    expect(raised).toMatchObject({ status: 'requires_capture', amount: 8500, amount_capturable: 8500 });
    const again = await stripe.paymentIntents.incrementAuthorization(pi.id, { amount: 9000 }, { idempotencyKey: `inc-${pi.id}` });
    expect(again.amount).toBe(9000);
    const replay = await stripe.paymentIntents.incrementAuthorization(pi.id, { amount: 9000 }, { idempotencyKey: `inc-${pi.id}` });
    expect(replay.amount).toBe(9000);
    const captured = await stripe.paymentIntents.capture(pi.id, { amount_to_capture: 9000 });
    expect(captured).toMatchObject({ status: 'succeeded', amount_received: 9000 });
    const after = await stripeError(stripe.paymentIntents.incrementAuthorization(pi.id, { amount: 9500 }));
    expect(after).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });
  });

  it('refuses a PaymentIntent created without request_incremental_authorization, and an amount not above the current one', async () => {
    const plain = await hold(5000, 'pm_card_visa', false);
    expect(await stripeError(stripe.paymentIntents.incrementAuthorization(plain.id, { amount: 6000 }))).toMatchObject({
      statusCode: 400,
      code: 'incremental_authorization_unavailable',
    });
    const pi = await hold(5000);
    expect(await stripeError(stripe.paymentIntents.incrementAuthorization(pi.id, { amount: 5000 }))).toMatchObject({ statusCode: 400, code: 'amount_too_small' });
  });

  it('declines a raise above the limit card (4000000000007700, $100) with insufficient_funds, leaving the hold as it was', async () => {
    const pm = await stripe.paymentMethods.create({ type: 'card', card: { number: '4000000000007700', exp_month: 12, exp_year: 2036 } });
    const pi = await hold(6000, pm.id);
    expect(pi.status).toBe('requires_capture');
    const declined = await stripeError(stripe.paymentIntents.incrementAuthorization(pi.id, { amount: 14000 }));
    expect(declined).toMatchObject({ type: 'StripeCardError', statusCode: 402, code: 'card_declined', decline_code: 'insufficient_funds' });
    const unchanged = await stripe.paymentIntents.retrieve(pi.id);
    expect(unchanged).toMatchObject({ status: 'requires_capture', amount: 6000, amount_capturable: 6000 });
    expect((await stripe.paymentIntents.incrementAuthorization(pi.id, { amount: 10000 })).amount).toBe(10000);
    // A first authorisation above the limit declines too.
    const pm2 = await stripe.paymentMethods.create({ type: 'card', card: { number: '4000000000007700', exp_month: 12, exp_year: 2036 } });
    expect(await stripeError(hold(15000, pm2.id))).toMatchObject({ code: 'card_declined', decline_code: 'insufficient_funds' });
  });

  it('allows at most 10 attempts per PaymentIntent, declines included', async () => {
    const pi = await hold(1000);
    for (let i = 1; i <= 10; i += 1) await stripe.paymentIntents.incrementAuthorization(pi.id, { amount: 1000 + i * 100 });
    expect(await stripeError(stripe.paymentIntents.incrementAuthorization(pi.id, { amount: 5000 }))).toMatchObject({
      statusCode: 400,
      code: 'incremental_authorization_limit_reached',
    });
  });
});

import { createServer, type Server } from 'node:http';
import Stripe from 'stripe';
import { createStripeEmulator, randomKeys, type StripeEmulator } from './emulator';

/** SetupIntents, off-session declines, hold expiry and the test clock (issue 13 item 3), through the official SDK. */
function sdk(url: string, key: string): Stripe {
  const u = new URL(url);
  return new Stripe(key, { host: u.hostname, port: Number(u.port), protocol: 'http', maxNetworkRetries: 0 });
}

async function stripeError(p: Promise<unknown>): Promise<{ type: string; code?: string; decline_code?: string; statusCode?: number; raw: Record<string, unknown> }> {
  try {
    await p;
  } catch (err) {
    return err as { type: string; code?: string; statusCode?: number; raw: Record<string, unknown> };
  }
  throw new Error('expected a Stripe error');
}

describe('stripe emulator: saved cards, off-session payments, hold expiry, test clock', () => {
  const keys = randomKeys();
  let emulator: StripeEmulator;
  let stripe: Stripe;
  let hook: Server;
  const received: string[] = [];

  const clock = async (init: { method: string; body?: string; key?: string }): Promise<{ status: number; body: Record<string, unknown> }> => {
    const res = await fetch(`${emulator.url}/__emulator/clock`, {
      method: init.method,
      headers: { authorization: `Bearer ${init.key ?? keys.secretKey}`, 'content-type': 'application/json' },
      ...(init.body !== undefined ? { body: init.body } : {}),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  const savedCard = async (number: string): Promise<{ customer: string; pm: string; si: Stripe.SetupIntent }> => {
    const customer = await stripe.customers.create({ email: `${number}@example.test` });
    const pm = await stripe.paymentMethods.create({ type: 'card', card: { number, exp_month: 12, exp_year: 2036, cvc: '123' } });
    const si = await stripe.setupIntents.create({ customer: customer.id, payment_method: pm.id, usage: 'off_session', confirm: true });
    return { customer: customer.id, pm: pm.id, si };
  };

  const offSession = (c: { customer: string; pm: string }, amount = 11000): Promise<Stripe.PaymentIntent> =>
    stripe.paymentIntents.create({ amount, currency: 'usd', customer: c.customer, payment_method: c.pm, capture_method: 'manual', confirm: true, off_session: true });

  beforeAll(async () => {
    hook = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        res.statusCode = 200;
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const addr = hook.address();
    const port = typeof addr === 'object' && addr ? addr.port : 0;
    emulator = createStripeEmulator({ ...keys, webhookUrl: `http://127.0.0.1:${port}/hook`, log: () => undefined });
    stripe = sdk(await emulator.listen(0), keys.secretKey);
  });

  afterAll(async () => {
    await emulator.close();
    await new Promise<void>((resolve) => hook.close(() => resolve()));
  });

  it('saves a card with a SetupIntent (usage off_session): attached to the customer, then charged off-session', async () => {
    const c = await savedCard('4242424242424242');
    expect(c.si).toMatchObject({ object: 'setup_intent', status: 'succeeded', usage: 'off_session', customer: c.customer, payment_method: c.pm });
    expect((await stripe.setupIntents.retrieve(c.si.id)).status).toBe('succeeded');
    expect((await stripe.paymentMethods.retrieve(c.pm)).customer).toBe(c.customer);
    const pi = await offSession(c);
    expect(pi).toMatchObject({ status: 'requires_capture', amount_capturable: 11000 });
  });

  it('confirms a SetupIntent created without a card later, and refuses a card whose attach fails (4000000000000002)', async () => {
    const customer = await stripe.customers.create({ email: 'later@example.test' });
    const si = await stripe.setupIntents.create({ customer: customer.id, usage: 'off_session' });
    expect(si.status).toBe('requires_payment_method');
    const confirmed = await stripe.setupIntents.confirm(si.id, { payment_method: 'pm_card_visa' });
    expect(confirmed.status).toBe('succeeded');
    const bad = await stripe.paymentMethods.create({ type: 'card', card: { number: '4000000000000002', exp_month: 1, exp_year: 2036 } });
    const e = await stripeError(stripe.setupIntents.create({ customer: customer.id, payment_method: bad.id, usage: 'off_session', confirm: true }));
    expect(e).toMatchObject({ type: 'StripeCardError', code: 'card_declined', statusCode: 402 });
  });

  it('4000000000000341 is saved, but its off-session charges decline', async () => {
    const c = await savedCard('4000000000000341');
    expect(c.si.status).toBe('succeeded');
    const e = await stripeError(offSession(c));
    expect(e).toMatchObject({ type: 'StripeCardError', code: 'card_declined', statusCode: 402 });
    expect((e.raw.payment_intent as { status: string }).status).toBe('requires_payment_method');
  });

  it('4000002760003184 is saved; off-session it fails authentication_required, on-session (the customer there) it is held', async () => {
    const c = await savedCard('4000002760003184');
    expect(c.si.status).toBe('succeeded');
    const e = await stripeError(offSession(c));
    expect(e).toMatchObject({ type: 'StripeCardError', code: 'authentication_required', statusCode: 402 });
    const onSession = await stripe.paymentIntents.create({ amount: 11000, currency: 'usd', customer: c.customer, payment_method: c.pm, capture_method: 'manual', confirm: true });
    expect(onSession.status).toBe('requires_capture');
  });

  it('the test clock needs the secret key and a whole number of seconds', async () => {
    expect((await clock({ method: 'GET', key: 'sk_test_other' })).status).toBe(401);
    expect((await clock({ method: 'POST', body: JSON.stringify({ advanceSeconds: -5 }) })).status).toBe(400);
    expect((await clock({ method: 'POST', body: JSON.stringify({ advanceSeconds: 'soon' }) })).status).toBe(400);
    const before = await clock({ method: 'GET' });
    expect(before.status).toBe(200);
    expect(typeof before.body.now).toBe('number');
  });

  it('an uncaptured hold lapses 7 days of emulator time after it was made: canceled, reason automatic, with a webhook', async () => {
    const c = await savedCard('4242424242424242');
    const old = await offSession(c, 5000);
    const advanced = await clock({ method: 'POST', body: JSON.stringify({ advanceSeconds: 6 * 24 * 3600 }) });
    expect(advanced.status).toBe(200);
    // Made 6 days later: still young when the first one lapses.
    const young = await offSession(c, 6000);
    expect((await stripe.paymentIntents.retrieve(old.id)).status).toBe('requires_capture');
    const lapsed = await clock({ method: 'POST', body: JSON.stringify({ advanceSeconds: 24 * 3600 + 1 }) });
    expect(lapsed.body.expired).toBeGreaterThanOrEqual(1);
    const after = await stripe.paymentIntents.retrieve(old.id);
    expect(after).toMatchObject({ status: 'canceled', cancellation_reason: 'automatic', amount_capturable: 0 });
    expect((await stripe.paymentIntents.retrieve(young.id)).status).toBe('requires_capture');
    expect((await stripeError(stripe.paymentIntents.capture(old.id))).code).toBe('payment_intent_unexpected_state');
    await emulator.webhooks.idle();
    const hookBody = received.find((b) => b.includes(old.id) && b.includes('"payment_intent.canceled"'));
    expect(hookBody).toBeDefined();
    expect(JSON.parse(hookBody!)).toMatchObject({ type: 'payment_intent.canceled', data: { object: { id: old.id, cancellation_reason: 'automatic' } } });
    // A captured payment never lapses.
    const captured = await offSession(c, 7000);
    await stripe.paymentIntents.capture(captured.id);
    await clock({ method: 'POST', body: JSON.stringify({ advanceSeconds: 8 * 24 * 3600 }) });
    expect((await stripe.paymentIntents.retrieve(captured.id)).status).toBe('succeeded');
    expect((await stripe.paymentIntents.retrieve(young.id)).status).toBe('canceled');
  });
});

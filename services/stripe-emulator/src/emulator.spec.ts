import { createServer, type Server } from 'node:http';
import vm from 'node:vm';
import Stripe from 'stripe';
import { createStripeEmulator, randomKeys, type StripeEmulator } from './emulator';

/** The official SDK, unchanged, pointed at the emulator. */
function sdk(url: string, key: string): Stripe {
  const u = new URL(url);
  return new Stripe(key, { host: u.hostname, port: Number(u.port), protocol: 'http', maxNetworkRetries: 0 });
}

async function stripeError(p: Promise<unknown>): Promise<{ type: string; code?: string; statusCode?: number; message: string; raw: Record<string, unknown> }> {
  try {
    await p;
  } catch (err) {
    const e = err as { type: string; code?: string; statusCode?: number; message: string; raw: Record<string, unknown> };
    return e;
  }
  throw new Error('expected a Stripe error');
}

describe('stripe emulator (driven by the official stripe SDK)', () => {
  const keys = randomKeys();
  let emulator: StripeEmulator;
  let stripe: Stripe;
  let hook: Server;
  const received: { body: string; signature: string }[] = [];

  beforeAll(async () => {
    hook = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(req.headers['stripe-signature']) });
        res.statusCode = 200;
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const addr = hook.address();
    const port = typeof addr === 'object' && addr ? addr.port : 0;
    emulator = createStripeEmulator({ ...keys, webhookUrl: `http://127.0.0.1:${port}/hook`, payoutDelayMs: 20, log: () => undefined });
    stripe = sdk(await emulator.listen(0), keys.secretKey);
  });

  afterAll(async () => {
    await emulator.close();
    await new Promise<void>((resolve) => hook.close(() => resolve()));
  });

  it('refuses calls without the secret key, and secret-only calls with the publishable key', async () => {
    const e = await stripeError(sdk(emulator.url, 'sk_test_wrong').customers.create({ email: 'a@b.co' }));
    expect(e.statusCode).toBe(401);
    expect(e.type).toBe('StripeAuthenticationError');
    const pk = sdk(emulator.url, keys.publishableKey);
    const pm = await pk.paymentMethods.create({ type: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2035, cvc: '123' } });
    expect(pm.card?.last4).toBe('4242');
    expect((await stripeError(pk.customers.create({ email: 'a@b.co' }))).statusCode).toBe(401);
  });

  it('creates customers, payment methods from test card numbers and pm_card_* ids, attaches, lists and detaches them', async () => {
    const customer = await stripe.customers.create({ email: 'ann@example.test', name: 'Ann' });
    expect(customer.id).toMatch(/^cus_/);
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({ email: 'ann@example.test' });
    const pm = await stripe.paymentMethods.create({
      type: 'card',
      card: { number: '5555555555554444', exp_month: 4, exp_year: 2034, cvc: '314' },
      billing_details: { name: 'Ann Smith' },
    });
    expect(pm.card).toMatchObject({ brand: 'mastercard', last4: '4444', exp_month: 4, exp_year: 2034 });
    expect(pm.billing_details.name).toBe('Ann Smith');
    await stripe.paymentMethods.attach(pm.id, { customer: customer.id });
    const visa = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    expect(visa.id).not.toBe('pm_card_visa');
    expect(visa.card?.last4).toBe('4242');
    const listed = await stripe.customers.listPaymentMethods(customer.id, { type: 'card' });
    expect(listed.data.map((p) => p.id).sort()).toEqual([pm.id, visa.id].sort());
    await stripe.paymentMethods.detach(visa.id);
    expect((await stripe.paymentMethods.list({ customer: customer.id, type: 'card' })).data.map((p) => p.id)).toEqual([pm.id]);
    const missing = await stripeError(stripe.customers.retrieve('cus_nope'));
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('declines 4000000000000002 with card_declined when attached or charged', async () => {
    const customer = await stripe.customers.create({ email: 'dec@example.test' });
    const bad = await stripe.paymentMethods.create({ type: 'card', card: { number: '4000000000000002', exp_month: 1, exp_year: 2036 } });
    const attach = await stripeError(stripe.paymentMethods.attach(bad.id, { customer: customer.id }));
    expect(attach).toMatchObject({ type: 'StripeCardError', code: 'card_declined', statusCode: 402 });
    const charge = await stripeError(
      stripe.paymentIntents.create({ amount: 1000, currency: 'usd', payment_method: 'pm_card_chargeDeclined', capture_method: 'manual', confirm: true }),
    );
    expect(charge).toMatchObject({ type: 'StripeCardError', code: 'card_declined' });
    expect((charge.raw.payment_intent as { status: string }).status).toBe('requires_payment_method');
  });

  it('runs manual-capture payment intents: requires_capture, partial capture, cancel, unexpected state', async () => {
    const customer = await stripe.customers.create({ email: 'pi@example.test' });
    const pm = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    const pi = await stripe.paymentIntents.create({
      amount: 11000,
      currency: 'usd',
      customer: customer.id,
      payment_method: pm.id,
      capture_method: 'manual',
      confirm: true,
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      metadata: { requestId: 'r1' },
    });
    expect(pi).toMatchObject({ status: 'requires_capture', amount: 11000, amount_capturable: 11000, metadata: { requestId: 'r1' } });
    const tooMuch = await stripeError(stripe.paymentIntents.capture(pi.id, { amount_to_capture: 11001 }));
    expect(tooMuch).toMatchObject({ statusCode: 400, code: 'amount_too_large' });
    const captured = await stripe.paymentIntents.capture(pi.id, { amount_to_capture: 9000 });
    expect(captured).toMatchObject({ status: 'succeeded', amount_received: 9000, amount_capturable: 0 });
    const again = await stripeError(stripe.paymentIntents.capture(pi.id));
    expect(again).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });

    const pi2 = await stripe.paymentIntents.create({ amount: 5000, currency: 'usd', customer: customer.id, payment_method: pm.id, capture_method: 'manual', confirm: true });
    const canceled = await stripe.paymentIntents.cancel(pi2.id, { cancellation_reason: 'requested_by_customer' });
    expect(canceled.status).toBe('canceled');
    expect((await stripeError(stripe.paymentIntents.capture(pi2.id))).code).toBe('payment_intent_unexpected_state');
    expect((await stripe.paymentIntents.retrieve(pi2.id)).status).toBe('canceled');
  });

  it('replays an idempotent request and refuses the same key with other parameters', async () => {
    const key = `idem-${Date.now()}`;
    const a = await stripe.customers.create({ email: 'same@example.test' }, { idempotencyKey: key });
    const b = await stripe.customers.create({ email: 'same@example.test' }, { idempotencyKey: key });
    expect(b.id).toBe(a.id);
    expect(b.lastResponse.headers['idempotent-replayed']).toBe('true');
    const e = await stripeError(stripe.customers.create({ email: 'other@example.test' }, { idempotencyKey: key }));
    expect(e).toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError' });
    const c = await stripe.customers.create({ email: 'same@example.test' }, { idempotencyKey: `${key}-2` });
    expect(c.id).not.toBe(a.id);
  });

  it('drops answers on the fault switch after doing the work; the same idempotency key then replays the one transfer', async () => {
    const account = await stripe.accounts.create({ type: 'express', email: 'fault@example.test', business_type: 'company', company: { name: 'Fault Tires' } });
    const link = await stripe.accountLinks.create({ account: account.id, refresh_url: 'http://app.test/r', return_url: 'http://app.test/d', type: 'account_onboarding' });
    await fetch(link.url, { redirect: 'manual' });
    const refused = await fetch(`${emulator.url}/__emulator/faults`, { method: 'POST', body: JSON.stringify({ route: 'POST /v1/transfers', times: 2 }) });
    expect(refused.status).toBe(401);
    const set = await fetch(`${emulator.url}/__emulator/faults`, {
      method: 'POST',
      headers: { authorization: `Bearer ${keys.secretKey}` },
      body: JSON.stringify({ route: 'POST /v1/transfers', times: 50 }),
    });
    expect(set.status).toBe(200);
    const key = `fault-${account.id}`;
    const lost = await stripeError(stripe.transfers.create({ amount: 700, currency: 'usd', destination: account.id }, { idempotencyKey: key }));
    expect(lost.type).toBe('StripeConnectionError');
    expect(await stripeError(stripe.transfers.create({ amount: 700, currency: 'usd', destination: account.id }, { idempotencyKey: key }))).toMatchObject({ type: 'StripeConnectionError' });
    const dropped = emulator.faults.dropped.get('POST /v1/transfers') ?? 0;
    expect(dropped).toBeGreaterThanOrEqual(2);
    await fetch(`${emulator.url}/__emulator/faults`, { method: 'POST', headers: { authorization: `Bearer ${keys.secretKey}` }, body: JSON.stringify({ clear: true }) });
    const replayed = await stripe.transfers.create({ amount: 700, currency: 'usd', destination: account.id }, { idempotencyKey: key });
    expect(replayed.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect([...emulator.state.transfers.values()].filter((t) => t.destination === account.id)).toHaveLength(1);
    expect(emulator.faults.dropped.get('POST /v1/transfers')).toBe(dropped);
  });

  it('onboards an Express account through the account link, then transfers and pays out to it', async () => {
    const account = await stripe.accounts.create({ type: 'express', email: 'biz@example.test', business_type: 'company', company: { name: 'Fast Tires' } });
    expect(account).toMatchObject({ type: 'express', details_submitted: false, payouts_enabled: false });
    const early = await stripeError(stripe.transfers.create({ amount: 500, currency: 'usd', destination: account.id }));
    expect(early.code).toBe('insufficient_capabilities_for_transfer');
    expect((await stripeError(stripe.accounts.createLoginLink(account.id))).statusCode).toBe(400);

    const link = await stripe.accountLinks.create({ account: account.id, refresh_url: 'http://app.test/refresh', return_url: 'http://app.test/done', type: 'account_onboarding' });
    const res = await fetch(link.url, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('http://app.test/done');
    const onboarded = await stripe.accounts.retrieve(account.id);
    expect(onboarded).toMatchObject({ details_submitted: true, payouts_enabled: true, company: { name: 'Fast Tires' } });
    expect(onboarded.external_accounts?.data[0]).toMatchObject({ last4: '6789', routing_number: '110000000' });
    const reused = await fetch(link.url, { redirect: 'manual' });
    expect(reused.headers.get('location')).toBe('http://app.test/refresh');

    const login = await stripe.accounts.createLoginLink(account.id);
    expect((await fetch(login.url)).status).toBe(200);

    const transfer = await stripe.transfers.create({ amount: 2500, currency: 'usd', destination: account.id }, { idempotencyKey: `tr-${account.id}` });
    expect(transfer).toMatchObject({ amount: 2500, destination: account.id });
    const balance = await stripe.balance.retrieve({}, { stripeAccount: account.id });
    expect(balance.available[0]?.amount).toBe(2500);
    const payout = await stripe.payouts.create({ amount: 2000, currency: 'usd' }, { stripeAccount: account.id });
    expect(payout.status).toBe('pending');
    const tooMuch = await stripeError(stripe.payouts.create({ amount: 1000, currency: 'usd' }, { stripeAccount: account.id }));
    expect(tooMuch.code).toBe('balance_insufficient');
    await new Promise((r) => setTimeout(r, 100));
    expect((await stripe.payouts.retrieve(payout.id, {}, { stripeAccount: account.id })).status).toBe('paid');
  });

  it('sends webhooks signed the way Stripe signs them (the SDK verifies them; a wrong secret does not)', async () => {
    const customer = await stripe.customers.create({ email: 'hook@example.test' });
    const pi = await stripe.paymentIntents.create({ amount: 2000, currency: 'usd', customer: customer.id, payment_method: 'pm_card_visa', capture_method: 'manual', confirm: true });
    await stripe.paymentIntents.capture(pi.id);
    await emulator.webhooks.idle();
    const delivery = received.find((d) => d.body.includes(pi.id) && d.body.includes('"payment_intent.succeeded"'));
    expect(delivery).toBeDefined();
    const event = stripe.webhooks.constructEvent(delivery!.body, delivery!.signature, keys.webhookSecret);
    expect(event.type).toBe('payment_intent.succeeded');
    expect((event.data.object as Stripe.PaymentIntent).id).toBe(pi.id);
    expect(() => stripe.webhooks.constructEvent(delivery!.body, delivery!.signature, 'whsec_other')).toThrow();
    expect(() => stripe.webhooks.constructEvent(delivery!.body.replace('2000', '9999'), delivery!.signature, keys.webhookSecret)).toThrow();
    const payouts = received.filter((d) => d.body.includes('"payout.paid"'));
    expect(payouts.length).toBeGreaterThan(0);
    expect(JSON.parse(payouts[0]!.body)).toHaveProperty('account');
  });
  it('serves the Stripe.js stand-in at /v3/: window.Stripe, whose createPaymentMethod sends the card to this emulator with the publishable key', async () => {
    for (const path of ['/v3/', '/v3']) {
      const res = await fetch(`${emulator.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/javascript/);
    }
    const script = await (await fetch(`${emulator.url}/v3/`)).text();
    // Run it as a browser would (the page's window, fetch and URLSearchParams); the card element's fields are
    // what its mounted inputs hold.
    const window: { Stripe?: (key: string) => { createPaymentMethod(data: unknown): Promise<{ paymentMethod?: Stripe.PaymentMethod; error?: { message: string } }> } } = {};
    vm.runInNewContext(script, { window, fetch, URLSearchParams, setTimeout });
    expect(typeof window.Stripe).toBe('function');
    expect(() => window.Stripe?.(keys.secretKey)).toThrow(/publishable key/);
    const stripeJs = window.Stripe!(keys.publishableKey);
    const card = { _fields: { number: { value: '4242 4242 4242 4242' }, expiry: { value: '12 / 34' }, cvc: { value: '123' } } };
    const created = await stripeJs.createPaymentMethod({ type: 'card', card, billing_details: { name: 'Casey Card' } });
    expect(created.error).toBeUndefined();
    const pm = await stripe.paymentMethods.retrieve(created.paymentMethod!.id);
    expect(pm.card?.last4).toBe('4242');
    expect(pm.billing_details.name).toBe('Casey Card');
  });
});

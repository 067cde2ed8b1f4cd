import { createServer, type Server } from 'node:http';
import Stripe from 'stripe';
import { createStripeEmulator, randomKeys, type StripeEmulator } from './emulator';

/** Refunds (issue 13 item 7), through the official SDK: partial and full, the limits, the webhooks, a resend. */
function sdk(url: string, key: string): Stripe {
  const u = new URL(url);
  return new Stripe(key, { host: u.hostname, port: Number(u.port), protocol: 'http', maxNetworkRetries: 0 });
}

async function stripeError(p: Promise<unknown>): Promise<{ type: string; code?: string; statusCode?: number; message: string }> {
  try {
    await p;
  } catch (err) {
    return err as { type: string; code?: string; statusCode?: number; message: string };
  }
  throw new Error('expected a Stripe error');
}

describe('stripe emulator: refunds', () => {
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

  async function capturedIntent(amount: number, capture: number): Promise<Stripe.PaymentIntent> {
    const pi = await stripe.paymentIntents.create({ amount, currency: 'usd', payment_method: 'pm_card_visa', capture_method: 'manual', confirm: true });
    return stripe.paymentIntents.capture(pi.id, { amount_to_capture: capture });
  }

  const eventsOf = (type: string, id: string): Record<string, unknown>[] =>
    received
      .map((d) => JSON.parse(d.body) as { type: string; data: { object: Record<string, unknown> } })
      .filter((e) => e.type === type && JSON.stringify(e.data.object).includes(id))
      .map((e) => e as unknown as Record<string, unknown>);

  it('refunds part of a captured payment, then the rest, and no more', async () => {
    const pi = await capturedIntent(10000, 9000);
    const part = await stripe.refunds.create({ payment_intent: pi.id, amount: 2500, metadata: { refundId: 'r1' } });
    expect(part).toMatchObject({ object: 'refund', amount: 2500, status: 'succeeded', payment_intent: pi.id, charge: pi.latest_charge, metadata: { refundId: 'r1' } });
    const more = await stripeError(stripe.refunds.create({ payment_intent: pi.id, amount: 6501 }));
    expect([more.statusCode, more.code]).toEqual([400, 'amount_too_large']);
    expect(more.message).toContain('($65.00)');
    // No amount: the rest of the charge.
    const rest = await stripe.refunds.create({ payment_intent: pi.id });
    expect(rest.amount).toBe(6500);
    const charge = await stripe.charges.retrieve(String(pi.latest_charge));
    expect(charge).toMatchObject({ amount_captured: 9000, amount_refunded: 9000, refunded: true, payment_intent: pi.id });
    const again = await stripeError(stripe.refunds.create({ charge: String(pi.latest_charge), amount: 1 }));
    expect([again.statusCode, again.code]).toEqual([400, 'charge_already_refunded']);
    const listed = await stripe.refunds.list({ payment_intent: pi.id });
    expect(listed.data.map((r) => r.amount)).toEqual([6500, 2500]);
    expect((await stripe.refunds.retrieve(part.id)).amount).toBe(2500);
  });

  it('refuses a refund of an uncaptured hold, and of an unknown payment intent', async () => {
    const held = await stripe.paymentIntents.create({ amount: 5000, currency: 'usd', payment_method: 'pm_card_visa', capture_method: 'manual', confirm: true });
    const e = await stripeError(stripe.refunds.create({ payment_intent: held.id, amount: 100 }));
    expect([e.statusCode, e.code]).toEqual([400, 'charge_not_refundable']);
    expect((await stripeError(stripe.refunds.create({ payment_intent: 'pi_nope', amount: 100 }))).statusCode).toBe(404);
  });

  it('replays a refund under the same idempotency key instead of refunding twice', async () => {
    const pi = await capturedIntent(5000, 5000);
    const a = await stripe.refunds.create({ payment_intent: pi.id, amount: 1000 }, { idempotencyKey: `refund-${pi.id}` });
    const b = await stripe.refunds.create({ payment_intent: pi.id, amount: 1000 }, { idempotencyKey: `refund-${pi.id}` });
    expect(b.id).toBe(a.id);
    expect((await stripe.charges.retrieve(String(pi.latest_charge))).amount_refunded).toBe(1000);
  });

  it("sends refund.created and charge.refunded, signed, and resends an event with the same id on the 'Resend' call", async () => {
    const pi = await capturedIntent(4000, 4000);
    const refund = await stripe.refunds.create({ payment_intent: pi.id, amount: 1500, metadata: { kind: 'job_refund' } });
    await emulator.webhooks.idle();
    const created = eventsOf('refund.created', refund.id);
    expect(created).toHaveLength(1);
    const charged = eventsOf('charge.refunded', refund.id);
    expect(charged).toHaveLength(1);
    const chargeEvent = charged[0] as { id: string; data: { object: { amount_refunded: number; refunded: boolean; refunds: { data: { id: string }[] } } } };
    expect(chargeEvent.data.object).toMatchObject({ amount_refunded: 1500, refunded: false });
    expect(chargeEvent.data.object.refunds.data.map((r) => r.id)).toEqual([refund.id]);
    const delivery = received.find((d) => d.body.includes(chargeEvent.id))!;
    expect(() => stripe.webhooks.constructEvent(delivery.body, delivery.signature, keys.webhookSecret)).not.toThrow();

    const refused = await fetch(`${emulator.url}/__emulator/events/${chargeEvent.id}/resend`, { method: 'POST', headers: { authorization: `Bearer ${keys.publishableKey}` } });
    expect(refused.status).toBe(401);
    const resent = await fetch(`${emulator.url}/__emulator/events/${chargeEvent.id}/resend`, { method: 'POST', headers: { authorization: `Bearer ${keys.secretKey}` } });
    expect(resent.status).toBe(200);
    await emulator.webhooks.idle();
    expect(eventsOf('charge.refunded', refund.id).map((e) => e.id)).toEqual([chargeEvent.id, chargeEvent.id]);
    const listed = await stripe.events.list({ type: 'charge.refunded', limit: 1 });
    expect(listed.data.map((e) => e.id)).toEqual([chargeEvent.id]);
  });
});

import { randomUUID } from 'node:crypto';
import type { INestMicroservice } from '@nestjs/common';
import {
  AuthorizePayment,
  CapturePayment,
  CompletionReported,
  GetEarningsSummary,
  GetRequestPayment,
  HandleStripeWebhook,
  ListWalletTransactions,
  ProviderArrived,
  ProviderCreated,
  RequestAccepted,
  RequestCreated,
  TipJob,
  UpdateSettings,
  type Actor,
  type EventPayload,
} from '@tiredash/contracts';
import type { MessagingClient } from '@tiredash/messaging';
import { waitFor } from '@tiredash/testing';
import { DataSource } from 'typeorm';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the emulator's webhook signer, used only by tests
import { signPayload } from '../../stripe-emulator/src';
import { PlatformFeesService } from './settings/platform-fees.service';
import { TipsService } from './tips/tips.service';
import { createPaymentsTestEnv, createTestClient, startPayments, type PaymentsTestEnv } from '../test/support/payments-harness';

type Known = NonNullable<Actor>;
const customer = (): Known => ({ userId: randomUUID(), role: 'customer' });
const admin: Known = { userId: randomUUID(), role: 'admin' };

/**
 * Card tips (issue 13, item 5): the real content service owns the `tipping` toggle, the Stripe emulator takes the
 * tip's own PaymentIntent, and the provider's wallet gets 100% of it as a `tip` entry, once.
 */
describe('card tips (real PostgreSQL, NATS, content and the Stripe emulator)', () => {
  let env: PaymentsTestEnv;
  let app: INestMicroservice;
  let tc: Awaited<ReturnType<typeof createTestClient>>;
  let client: MessagingClient;
  let ds: DataSource;

  const failure = (p: Promise<unknown>): Promise<{ code: string; message: string; details?: unknown }> =>
    p.then(
      () => {
        throw new Error('expected a refusal');
      },
      (e: { code: string; message: string; details?: unknown }) => ({ code: e.code, message: e.message, details: e.details }),
    );

  async function tippingIs(on: boolean): Promise<void> {
    await client.send(UpdateSettings, { actor: admin, data: { tipping: on } });
    const fees = app.get(PlatformFeesService);
    await waitFor(async () => (await fees.current()).tippingEnabled === on, { timeoutMs: 10000, message: `payments sees tipping ${on ? 'on' : 'off'}` });
  }

  async function aProvider(): Promise<{ actor: Known; providerId: string }> {
    const actor: Known = { userId: randomUUID(), role: 'provider' };
    const providerId = randomUUID();
    await tc.publish(ProviderCreated, {
      providerId,
      userId: actor.userId,
      businessName: 'Tip Tires',
      fullName: 'Pat',
      phone: '+1 555 123 4567',
      serviceTypes: ['Tire Rotation'],
      serviceRadiusMiles: 20,
      serviceAddress: null,
      location: null,
      online: true,
      isApproved: true,
      hourlyRateCents: 5000,
      yearsExperience: 3,
    });
    await waitFor(async () => (await ds.query(`SELECT 1 FROM payments.provider_refs WHERE provider_id = $1`, [providerId])).length === 1, {
      message: 'provider read model',
    });
    return { actor, providerId };
  }

  /** A request of `budget` dollars accepted at the budget: card (held with the $10 fee) or cash. */
  async function acceptedJob(providerId: string, budget: number, paymentMethod: 'card' | 'cash' = 'card'): Promise<{ c: Known; requestId: string }> {
    const c = customer();
    if (paymentMethod === 'card') {
      await client.send(AuthorizePayment, { actor: c, body: { paymentMethodId: 'pm_card_visa', email: 'c@example.test', amount: (budget + 10) * 100 } });
    }
    const requestId = randomUUID();
    await tc.publish(RequestCreated, requestCreated(requestId, c.userId, budget, paymentMethod));
    await waitFor(async () => (await ds.query(`SELECT 1 FROM payments.request_refs WHERE request_id = $1`, [requestId])).length === 1, { message: 'request read model' });
    if (paymentMethod === 'card') {
      await waitFor(async () => (await ds.query(`SELECT 1 FROM payments.authorizations WHERE request_id = $1`, [requestId])).length === 1, { message: 'hold linked' });
    }
    await tc.publish(RequestAccepted, {
      requestId,
      customerId: randomUUID(),
      customerUserId: c.userId,
      bidId: randomUUID(),
      providerId,
      providerUserId: null,
      amount: budget,
      budget,
      paymentMethod,
      estimatedArrival: '15',
      closedBids: [],
      acceptedAt: new Date().toISOString(),
    });
    await waitFor(async () => (await ds.query(`SELECT 1 FROM payments.request_refs WHERE request_id = $1 AND provider_id = $2`, [requestId, providerId])).length === 1, {
      message: 'acceptance in the read model',
    });
    return { c, requestId };
  }

  /** 'I AM HERE', 'JOB COMPLETED', then the customer's confirmation (the capture); the job credit lands. */
  async function confirm(job: { c: Known; requestId: string }, providerId: string): Promise<void> {
    const parties = { requestId: job.requestId, customerId: randomUUID(), customerUserId: job.c.userId, providerId, providerUserId: null };
    await tc.publish(ProviderArrived, { ...parties, arrivedAt: new Date().toISOString() });
    await tc.publish(CompletionReported, { ...parties, completedAt: new Date().toISOString() });
    await waitFor(async () => (await ds.query(`SELECT 1 FROM payments.request_refs WHERE request_id = $1 AND completion_reported_at IS NOT NULL`, [job.requestId])).length === 1, {
      message: 'completion report',
    });
    await client.send(CapturePayment, { actor: job.c, body: { requestId: job.requestId } });
    await waitFor(async () => (await ds.query(`SELECT 1 FROM payments.wallet_entries WHERE request_id = $1 AND kind = 'job_credit'`, [job.requestId])).length === 1, {
      message: 'job credited',
    });
  }

  const tipEntries = (requestId: string): Promise<{ amount_cents: string }[]> =>
    ds.query(`SELECT amount_cents::text FROM payments.wallet_entries WHERE request_id = $1 AND kind = 'tip'`, [requestId]);
  const tipIntents = (requestId: string): number =>
    [...env.emulator.state.paymentIntents.values()].filter((pi) => (pi as { object: { metadata?: Record<string, string> } }).object.metadata?.['kind'] === 'tip' && (pi as { object: { metadata?: Record<string, string> } }).object.metadata?.['requestId'] === requestId).length;

  beforeAll(async () => {
    env = await createPaymentsTestEnv('payments_tips', { env: { READ_MODEL_WAIT_MS: '200' } });
    app = await startPayments(env.config);
    tc = await createTestClient(env);
    client = tc.client;
    ds = app.get(DataSource);
  });

  afterAll(async () => {
    await tc?.context.close();
    await app?.close();
    await env?.close();
  });

  it('credits 100% of a card tip to the provider as its own wallet entry, shown in Earnings, History and the payment summary', async () => {
    await tippingIs(true);
    const { actor: p, providerId } = await aProvider();
    const job = await acceptedJob(providerId, 100);
    await confirm(job, providerId);
    expect(await client.send(GetRequestPayment, { actor: job.c, requestId: job.requestId })).toMatchObject({ status: 'captured', tip: null, canTip: true });

    const tip = await client.send(TipJob, { actor: job.c, requestId: job.requestId, body: { amount: 1250 } });
    expect(tip).toMatchObject({ requestId: job.requestId, amount: 12.5, status: 'succeeded', paymentIntentId: expect.stringMatching(/^pi_/) });
    // Its own PaymentIntent, charged at once on the job's card, for the tip only.
    const pi = await env.stripe.paymentIntents.retrieve(tip.paymentIntentId);
    expect(pi).toMatchObject({ amount: 1250, amount_received: 1250, status: 'succeeded', capture_method: 'automatic' });

    expect(await tipEntries(job.requestId)).toEqual([{ amount_cents: '1250' }]);
    const history = await client.send(ListWalletTransactions, { actor: p, providerId });
    expect(history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'tip', amount: 12.5, grossAmount: 12.5, commissionPercent: 0, requestId: job.requestId, serviceType: 'Tire Rotation' }),
        expect.objectContaining({ kind: 'job_credit', amount: 80, requestId: job.requestId }),
      ]),
    );
    expect(await client.send(GetEarningsSummary, { actor: p, providerId })).toMatchObject({ available: 92.5, weekEarnings: 92.5, monthEarnings: 92.5, monthTips: 12.5 });
    expect(await client.send(GetRequestPayment, { actor: job.c, requestId: job.requestId })).toMatchObject({ status: 'captured', captured: 110, tip: 12.5, canTip: false });
  });

  it('credits once: a retried tip, a double tap and a repeated settlement charge and credit one tip; another amount is refused', async () => {
    await tippingIs(true);
    const { actor: p, providerId } = await aProvider();
    const job = await acceptedJob(providerId, 50);
    await confirm(job, providerId);
    const [a, b] = await Promise.allSettled([
      client.send(TipJob, { actor: job.c, requestId: job.requestId, body: { amount: 500 } }),
      client.send(TipJob, { actor: job.c, requestId: job.requestId, body: { amount: 500 } }),
    ]);
    const paid = [a, b].filter((r) => r.status === 'fulfilled');
    expect(paid.length).toBeGreaterThanOrEqual(1);
    const again = await client.send(TipJob, { actor: job.c, requestId: job.requestId, body: { amount: 500 } });
    expect(again).toMatchObject({ amount: 5, status: 'succeeded' });
    for (const r of paid) expect((r as PromiseFulfilledResult<typeof again>).value.paymentIntentId).toBe(again.paymentIntentId);
    // The payment's success handled again (a redelivery): nothing more.
    const pi = await env.stripe.paymentIntents.retrieve(again.paymentIntentId);
    await app.get(TipsService).settle(job.requestId, pi);

    expect(await tipEntries(job.requestId)).toEqual([{ amount_cents: '500' }]);
    expect(tipIntents(job.requestId)).toBe(1);
    expect((await client.send(GetEarningsSummary, { actor: p, providerId })).available).toBe(45);

    const second = await failure(client.send(TipJob, { actor: job.c, requestId: job.requestId, body: { amount: 1000 } }));
    expect(second).toMatchObject({ code: 'CONFLICT', message: 'You already tipped $5.00 for this job: a job takes one tip.' });
    expect(await tipEntries(job.requestId)).toHaveLength(1);
    expect(tipIntents(job.requestId)).toBe(1);
  });

  it("finishes a tip whose answer was lost from Stripe's signed payment_intent.succeeded, once however often it is delivered", async () => {
    await tippingIs(true);
    const { actor: p, providerId } = await aProvider();
    const job = await acceptedJob(providerId, 60);
    await confirm(job, providerId);
    // The command claimed the tip and Stripe charged it, but the answer never came back (the row is still pending).
    const tipId = randomUUID();
    await ds.query(`INSERT INTO payments.tips (request_id, id, customer_user_id, provider_id, amount_cents, status) VALUES ($1, $2, $3, $4, 800, 'pending')`, [
      job.requestId,
      tipId,
      job.c.userId,
      providerId,
    ]);
    const [hold] = (await ds.query(`SELECT payment_intent_id, payment_method_id FROM payments.authorizations WHERE request_id = $1 AND status = 'succeeded'`, [job.requestId])) as {
      payment_intent_id: string;
      payment_method_id: string;
    }[];
    const jobIntent = await env.stripe.paymentIntents.retrieve(hold!.payment_intent_id);
    const pi = await env.stripe.paymentIntents.create(
      {
        amount: 800,
        currency: 'usd',
        customer: jobIntent.customer as string,
        payment_method: hold!.payment_method_id,
        confirm: true,
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        metadata: { kind: 'tip', requestId: job.requestId, tipId, customerUserId: job.c.userId, providerId },
      },
      { idempotencyKey: `tip:${tipId}` },
    );
    expect(await tipEntries(job.requestId)).toEqual([]);

    const event = await waitFor(() => env.emulator.state.events.find((ev) => ev.type === 'payment_intent.succeeded' && (ev.data as { object: { id: string } }).object.id === pi.id));
    const payload = JSON.stringify(event);
    expect(await client.send(HandleStripeWebhook, { payload, signature: signPayload(payload, env.keys.webhookSecret) })).toMatchObject({ duplicate: false });
    expect(await tipEntries(job.requestId)).toEqual([{ amount_cents: '800' }]);
    expect(await client.send(HandleStripeWebhook, { payload, signature: signPayload(payload, env.keys.webhookSecret) })).toMatchObject({ duplicate: true });
    // The customer's retry of the same amount answers the paid tip: no second charge, no second credit.
    expect(await client.send(TipJob, { actor: job.c, requestId: job.requestId, body: { amount: 800 } })).toMatchObject({ amount: 8, paymentIntentId: pi.id });
    expect(await tipEntries(job.requestId)).toEqual([{ amount_cents: '800' }]);
    expect(tipIntents(job.requestId)).toBe(1);
    expect((await client.send(GetEarningsSummary, { actor: p, providerId })).available).toBe(56);
  });

  it('refuses while tipping is off, before the confirmation, to anyone but the customer, for a cash job and outside $1..$500', async () => {
    const { actor: p, providerId } = await aProvider();
    const job = await acceptedJob(providerId, 40);
    await tippingIs(true);
    expect(await failure(client.send(TipJob, { actor: job.c, requestId: job.requestId, body: { amount: 500 } }))).toMatchObject({
      code: 'CONFLICT',
      message: 'You can tip once you have confirmed the job is completed.',
    });
    await confirm(job, providerId);

    await tippingIs(false);
    expect(await failure(client.send(TipJob, { actor: job.c, requestId: job.requestId, body: { amount: 500 } }))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Tipping is turned off right now.',
    });
    expect(await client.send(GetRequestPayment, { actor: job.c, requestId: job.requestId })).toMatchObject({ tip: null, canTip: false });
    await tippingIs(true);

    expect(await failure(client.send(TipJob, { actor: customer(), requestId: job.requestId, body: { amount: 500 } }))).toMatchObject({ code: 'NOT_OWNER' });
    expect(await failure(client.send(TipJob, { actor: p, requestId: job.requestId, body: { amount: 500 } }))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await failure(client.send(TipJob, { actor: job.c, requestId: randomUUID(), body: { amount: 500 } }))).toMatchObject({ code: 'NOT_FOUND' });
    for (const amount of [99, 50_001, 250.5, -100, 0]) {
      expect(await failure(client.send(TipJob, { actor: job.c, requestId: job.requestId, body: { amount } }))).toMatchObject({ code: 'VALIDATION_FAILED' });
    }

    const cash = await acceptedJob(providerId, 40, 'cash');
    expect(await failure(client.send(TipJob, { actor: cash.c, requestId: cash.requestId, body: { amount: 500 } }))).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/^Tips are paid by card/),
    });

    // Nothing of any refusal reached the wallet or Stripe.
    expect(await tipEntries(job.requestId)).toEqual([]);
    expect(tipIntents(job.requestId)).toBe(0);
    expect(await ds.query(`SELECT 1 FROM payments.tips WHERE request_id IN ($1, $2)`, [job.requestId, cash.requestId])).toEqual([]);
    // At the bounds it is taken: $500.00.
    expect(await client.send(TipJob, { actor: job.c, requestId: job.requestId, body: { amount: 50_000 } })).toMatchObject({ amount: 500 });
  });
});

function requestCreated(requestId: string, customerUserId: string, budget: number, paymentMethod: 'card' | 'cash'): EventPayload<typeof RequestCreated> {
  return {
    requestId,
    customerId: randomUUID(),
    customerUserId,
    matchedProviderIds: [],
    matchedProviderUserIds: [],
    request: {
      requestId,
      documentId: requestId,
      serviceType: 'Tire Rotation',
      tireSize: '225/65/R17',
      tireBrand: null,
      tireStatus: 'Bids Open',
      address: '1 Main St',
      lat: 37.77,
      lng: -122.42,
      budget,
      priority: 'normal',
      scheduledTime: null,
      description: null,
      paymentMethod,
      customer: { documentId: randomUUID(), fullName: 'Ann' },
      createdAt: new Date().toISOString(),
    },
  };
}

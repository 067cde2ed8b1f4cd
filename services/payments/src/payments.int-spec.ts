import { randomUUID } from 'node:crypto';
import type { INestMicroservice } from '@nestjs/common';
import {
  AuthorizePayment,
  CapturePayment,
  CompletionReported,
  ProviderArrived,
  CompleteOnboarding,
  CreateConnectAccount,
  GetEarningsSummary,
  HandleStripeWebhook,
  ListSavedCards,
  PaymentCaptured,
  ProviderCreated,
  RequestAccepted,
  RequestCancelled,
  RequestCreated,
  RequestExpired,
  Withdraw,
  WITHDRAWAL_MESSAGES,
  type Actor,
  type EventPayload,
} from '@tiredash/contracts';
import type { MessagingClient } from '@tiredash/messaging';
import { waitFor } from '@tiredash/testing';
import { DataSource } from 'typeorm';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the emulator's test constants and webhook signer, used only by tests
import { FAILING_BANK_ACCOUNT, signPayload } from '../../stripe-emulator/src';
import { AuthorizationsService } from './authorizations/authorizations.service';
import { createPaymentsTestEnv, createTestClient, startPayments, type PaymentsTestEnv } from '../test/support/payments-harness';

type Known = NonNullable<Actor>;
const customer = (): Known => ({ userId: randomUUID(), role: 'customer' });
const providerUser = (): Known => ({ userId: randomUUID(), role: 'provider' });

async function failure(p: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await p;
  } catch (err) {
    const e = err as { code: string; message: string };
    return { code: e.code, message: e.message };
  }
  throw new Error('expected the command to fail');
}

describe('payments service (real PostgreSQL, NATS, and the Stripe emulator through the official SDK)', () => {
  let env: PaymentsTestEnv;
  let app: INestMicroservice;
  let tc: Awaited<ReturnType<typeof createTestClient>>;
  let client: MessagingClient;
  let ds: DataSource;


  async function aProvider(): Promise<{ actor: Known; providerId: string }> {
    const actor = providerUser();
    const providerId = randomUUID();
    await tc.publish(ProviderCreated, {
      providerId,
      userId: actor.userId,
      businessName: 'Fast Tires',
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

  async function onboard(actor: Known, providerId: string, accountNumber?: string): Promise<string> {
    const created = await client.send(CreateConnectAccount, { actor, providerId, body: { email: 'biz@example.test', business_type: 'company', company: { name: 'Fast Tires' } } });
    const res = await fetch(`${created.url}${accountNumber ? `?account_number=${accountNumber}` : ''}`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const done = await client.send(CompleteOnboarding, { actor, accountId: created.id });
    expect(done.paymentAccount.stripeAccountStatus).toBe('active');
    return created.id;
  }

  /** A captured card job of `jobCents` for the provider: its wallet receives 80%. */
  /** requests' events of an accepted card request, as its outbox would publish them. */
  async function accept(requestId: string, c: Known, providerId: string, amount: number, budget: number): Promise<void> {
    await tc.publish(RequestAccepted, {
      requestId,
      customerId: randomUUID(),
      customerUserId: c.userId,
      bidId: randomUUID(),
      providerId,
      providerUserId: null,
      amount,
      budget,
      paymentMethod: 'card',
      estimatedArrival: '15',
      closedBids: [],
      acceptedAt: new Date().toISOString(),
    });
    await waitFor(async () => (await ds.query(`SELECT 1 FROM payments.request_refs WHERE request_id = $1 AND provider_id = $2`, [requestId, providerId])).length === 1, {
      message: 'acceptance in the read model',
    });
  }

  /** The provider's 'I AM HERE' and 'JOB COMPLETED', as requests publishes them. */
  async function arriveAndReport(requestId: string, c: Known, providerId: string, report = true): Promise<void> {
    const parties = { requestId, customerId: randomUUID(), customerUserId: c.userId, providerId, providerUserId: null };
    await tc.publish(ProviderArrived, { ...parties, arrivedAt: new Date().toISOString() });
    if (report) await tc.publish(CompletionReported, { ...parties, completedAt: new Date().toISOString() });
    const column = report ? 'completion_reported_at' : 'arrived_at';
    await waitFor(async () => (await ds.query(`SELECT 1 FROM payments.request_refs WHERE request_id = $1 AND ${column} IS NOT NULL`, [requestId])).length === 1, {
      message: `${column} in the read model`,
    });
  }

  /** A card job paid the way the app pays it: hold, request, acceptance, completion report, capture. */
  async function creditJob(providerId: string, jobCents: number): Promise<void> {
    const c = customer();
    await client.send(AuthorizePayment, { actor: c, body: { paymentMethodId: 'pm_card_visa', email: 'c@example.test', amount: jobCents + 1000 } });
    const requestId = randomUUID();
    await tc.publish(RequestCreated, requestCreated(requestId, c.userId, jobCents / 100));
    await waitFor(async () => (await ds.query(`SELECT 1 FROM payments.authorizations WHERE request_id = $1`, [requestId])).length === 1, { message: 'hold linked' });
    await accept(requestId, c, providerId, jobCents / 100, jobCents / 100);
    await arriveAndReport(requestId, c, providerId);
    await client.send(CapturePayment, { actor: c, body: { requestId } });
  }

  const available = async (actor: Known, providerId: string): Promise<number> =>
    (await client.send(GetEarningsSummary, { actor, providerId })).available;

  beforeAll(async () => {
    // A refused capture waits this long for a completion report that never comes.
    env = await createPaymentsTestEnv('payments', { env: { READ_MODEL_WAIT_MS: '200' } });
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

  it('authorises (budget + 10) x 100 with manual capture and links it to the card request', async () => {
    const c = customer();
    const auth = await client.send(AuthorizePayment, {
      actor: c,
      body: { paymentMethodId: 'pm_card_visa', email: 'ann@example.test', amount: 11000, saveCard: true, cardholderName: 'Ann Smith' },
    });
    expect(auth).toMatchObject({ status: 'requires_capture', amount: 11000, requestId: null });
    const pi = await env.stripe.paymentIntents.retrieve(auth.paymentIntentId);
    expect(pi).toMatchObject({ status: 'requires_capture', capture_method: 'manual', amount_capturable: 11000 });
    const cards = await client.send(ListSavedCards, { actor: c });
    expect(cards).toEqual([expect.objectContaining({ last4: '4242', brand: 'visa', name: 'Ann Smith' })]);

    const requestId = randomUUID();
    await tc.publish(RequestCreated, requestCreated(requestId, c.userId, 100));
    await waitFor(async () => (await ds.query(`SELECT 1 FROM payments.authorizations WHERE id = $1 AND request_id = $2`, [auth.authorizationId, requestId])).length === 1, {
      message: 'authorisation linked',
    });
    expect((await env.stripe.paymentIntents.retrieve(auth.paymentIntentId)).metadata.requestId).toBe(requestId);
  });

  it('declines a declined card with Stripe message and records nothing', async () => {
    const c = customer();
    const e = await failure(client.send(AuthorizePayment, { actor: c, body: { paymentMethodId: 'pm_card_chargeDeclined', email: 'd@example.test', amount: 2000 } }));
    expect(e).toEqual({ code: 'BAD_REQUEST', message: 'Your card was declined.' });
    expect(await ds.query(`SELECT 1 FROM payments.authorizations WHERE customer_user_id = $1`, [c.userId])).toHaveLength(0);
  });

  it('re-authorises at the accepted amount, voids the old one, captures and credits 80% exactly once', async () => {
    const c = customer();
    const { actor: p, providerId } = await aProvider();
    const first = await client.send(AuthorizePayment, { actor: c, body: { paymentMethodId: 'pm_card_visa', email: 'c@example.test', amount: 11000 } });
    const requestId = randomUUID();
    await tc.publish(RequestCreated, requestCreated(requestId, c.userId, 100));
    await waitFor(async () => (await ds.query(`SELECT 1 FROM payments.authorizations WHERE request_id = $1`, [requestId])).length === 1);

    await accept(requestId, c, providerId, 80, 100);
    const rows = await waitFor(async () => {
      const r: { payment_intent_id: string; amount_cents: string; status: string }[] = await ds.query(
        `SELECT payment_intent_id, amount_cents, status FROM payments.authorizations WHERE request_id = $1 AND status = 'requires_capture'`,
        [requestId],
      );
      return r.length === 1 && r[0]!.amount_cents === '9000' ? r : null;
    }, { message: 're-authorisation' });
    const second = rows[0]!.payment_intent_id;
    expect(second).not.toBe(first.paymentIntentId);
    expect((await env.stripe.paymentIntents.retrieve(first.paymentIntentId)).status).toBe('canceled');
    expect((await env.stripe.paymentIntents.retrieve(second)).amount).toBe(9000);

    // Only the customer of the request may capture it, and only once the provider reported the job done.
    expect((await failure(client.send(CapturePayment, { actor: customer(), body: { requestId } }))).code).toBe('NOT_OWNER');
    expect(await failure(client.send(CapturePayment, { actor: c, body: { requestId } }))).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/not reported the job completed/) });
    await arriveAndReport(requestId, c, providerId);
    // The client cannot send the money to another provider than the accepted one, nor set the amount.
    expect((await failure(client.send(CapturePayment, { actor: c, body: { requestId, providerId: randomUUID() } }))).code).toBe('CONFLICT');
    expect((await failure(client.send(CapturePayment, { actor: c, body: { requestId, updatedAmount: 0 } }))).message).toMatch(/The job's price is \$80.00/);
    // The spec's client sends the accepted amount x 100: it agrees.

    const captured = await client.send(CapturePayment, { actor: c, body: { requestId, updatedAmount: 8000 } });
    expect(captured).toMatchObject({ status: 'succeeded', amountCaptured: 9000, providerId });
    // Paid once: no new hold on it, and the customer cannot void it any more.
    expect(await failure(client.send(AuthorizePayment, { actor: c, body: { paymentMethodId: 'pm_card_visa', email: 'c@example.test', amount: 9000, requestId } }))).toMatchObject({
      code: 'CONFLICT',
      message: 'This request has already been paid',
    });
    await waitFor(async () => (await available(p, providerId)) === 64, { message: 'wallet credited' });
    // A retried confirmation neither charges nor credits again.
    expect(await client.send(CapturePayment, { actor: c, body: { requestId } })).toMatchObject({ amountCaptured: 9000 });

    // The capture event delivered three more times (same id once, fresh ids twice): still one credit.
    const [row] = (await ds.query(`SELECT id, payload FROM payments.outbox WHERE subject = $1 AND payload->>'requestId' = $2`, [PaymentCaptured.subject, requestId])) as {
      id: string;
      payload: EventPayload<typeof PaymentCaptured>;
    }[];
    expect(row).toBeDefined();
    await tc.publish(PaymentCaptured, row!.payload, row!.id);
    await tc.publish(PaymentCaptured, row!.payload);
    await tc.publish(PaymentCaptured, row!.payload);
    await waitFor(async () => (await ds.query(`SELECT 1 FROM payments.inbox WHERE consumer = 'payments-wallet-credit'`)).length >= 3, { message: 'redeliveries consumed' });
    expect(await available(p, providerId)).toBe(64);
    const credits: { n: string }[] = await ds.query(`SELECT count(*)::text AS n FROM payments.wallet_entries WHERE provider_id = $1 AND kind = 'job_credit'`, [providerId]);
    expect(credits[0]!.n).toBe('1');
  });

  it('leaves everything unchanged when the capture fails', async () => {
    const c = customer();
    const { actor: p, providerId } = await aProvider();
    const requestId = randomUUID();
    const auth = await client.send(AuthorizePayment, { actor: c, body: { paymentMethodId: 'pm_card_visa', email: 'c@example.test', amount: 6000, requestId } });
    expect(auth.requestId).toBe(requestId);
    await tc.publish(RequestCreated, requestCreated(requestId, c.userId, 50));
    await accept(requestId, c, providerId, 50, 50);
    await arriveAndReport(requestId, c, providerId);
    await env.stripe.paymentIntents.cancel(auth.paymentIntentId); // e.g. expired at Stripe
    const e = await failure(client.send(CapturePayment, { actor: c, body: { requestId, providerId } }));
    expect(e.code).toBe('BAD_REQUEST');
    const outbox = await ds.query(`SELECT 1 FROM payments.outbox WHERE subject = $1 AND payload->>'requestId' = $2`, [PaymentCaptured.subject, requestId]);
    expect(outbox).toHaveLength(0);
    expect(await available(p, providerId)).toBe(0);
    const [a] = (await ds.query(`SELECT status FROM payments.authorizations WHERE id = $1`, [auth.authorizationId])) as { status: string }[];
    expect(a!.status).toBe('requires_capture');
  });

  it('voids holds no card request claimed within UNCLAIMED_AUTHORIZATION_SECONDS, and no longer links them', async () => {
    const c = customer();
    const stale = await client.send(AuthorizePayment, { actor: c, body: { paymentMethodId: 'pm_card_visa', email: 'c@example.test', amount: 7000 } });
    const fresh = await client.send(AuthorizePayment, { actor: c, body: { paymentMethodId: 'pm_card_visa', email: 'c@example.test', amount: 7100 } });
    await ds.query(`UPDATE payments.authorizations SET created_at = now() - interval '31 minutes' WHERE id = $1`, [stale.authorizationId]);
    // A request posted now at the stale hold's amount does not claim it.
    const requestId = randomUUID();
    await tc.publish(RequestCreated, requestCreated(requestId, c.userId, 60));
    await waitFor(async () => (await ds.query(`SELECT 1 FROM payments.request_refs WHERE request_id = $1`, [requestId])).length === 1);
    expect(await app.get(AuthorizationsService).voidUnclaimed()).toBe(1);
    expect((await env.stripe.paymentIntents.retrieve(stale.paymentIntentId)).status).toBe('canceled');
    expect((await env.stripe.paymentIntents.retrieve(fresh.paymentIntentId)).status).toBe('requires_capture');
    const rows: { request_id: string | null }[] = await ds.query(`SELECT request_id FROM payments.authorizations WHERE id = $1`, [stale.authorizationId]);
    expect(rows[0]!.request_id).toBeNull();
    expect(await app.get(AuthorizationsService).voidUnclaimed()).toBe(0);
  });

  it('voids the authorisation when the request is cancelled', async () => {
    const c = customer();
    const requestId = randomUUID();
    const auth = await client.send(AuthorizePayment, { actor: c, body: { paymentMethodId: 'pm_card_mastercard', email: 'c@example.test', amount: 5000, requestId } });
    await tc.publish(RequestCancelled, {
      requestId,
      customerId: randomUUID(),
      customerUserId: c.userId,
      previousStatus: 'Bids Open',
      providerId: null,
      providerUserId: null,
      offeredProviderIds: [],
      closedBids: [],
      cancelledBy: c.userId,
      cancelledAt: new Date().toISOString(),
    });
    await waitFor(async () => (await ds.query(`SELECT 1 FROM payments.authorizations WHERE id = $1 AND status = 'canceled'`, [auth.authorizationId])).length === 1, {
      message: 'authorisation voided',
    });
    expect((await env.stripe.paymentIntents.retrieve(auth.paymentIntentId)).status).toBe('canceled');
  });

  it('voids the authorisation when the request expires with no bid accepted', async () => {
    const c = customer();
    const requestId = randomUUID();
    const auth = await client.send(AuthorizePayment, { actor: c, body: { paymentMethodId: 'pm_card_visa', email: 'c@example.test', amount: 4200, requestId } });
    await tc.publish(RequestExpired, {
      requestId,
      customerId: randomUUID(),
      customerUserId: c.userId,
      offeredProviderIds: [],
      closedBids: [],
      expiredAt: new Date().toISOString(),
    });
    await waitFor(async () => (await ds.query(`SELECT 1 FROM payments.authorizations WHERE id = $1 AND status = 'canceled'`, [auth.authorizationId])).length === 1, {
      message: 'authorisation voided on expiry',
    });
    expect((await env.stripe.paymentIntents.retrieve(auth.paymentIntentId)).status).toBe('canceled');
  });

  it('lets exactly 10 of 50 concurrent $10 withdrawals through a $100 balance, and refuses $4.99 and overdrafts', async () => {
    const { actor: p, providerId } = await aProvider();
    const accountId = await onboard(p, providerId);
    await creditJob(providerId, 12500); // 80% of $125 = $100
    await waitFor(async () => (await available(p, providerId)) === 100, { message: '$100 credited' });

    const min = await failure(client.send(Withdraw, { actor: p, body: { amount: 499, providerStripeAccountId: accountId } }));
    expect(min).toEqual({ code: 'VALIDATION_FAILED', message: WITHDRAWAL_MESSAGES.minimum });
    expect(WITHDRAWAL_MESSAGES.minimum).toBe('Minimum withdrawal amount is $5.00');
    const over = await failure(client.send(Withdraw, { actor: p, body: { amount: 10001, providerStripeAccountId: accountId } }));
    expect(over).toEqual({ code: 'BAD_REQUEST', message: "You don't have enough funds for this withdrawal." });

    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => client.send(Withdraw, { actor: p, body: { amount: 1000, providerStripeAccountId: accountId } }, { timeoutMs: 30000 })),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(10);
    expect(refused.map((r) => (r.reason as { message: string }).message)).toEqual(Array(40).fill(WITHDRAWAL_MESSAGES.insufficient));
    expect(await available(p, providerId)).toBe(0);
    const transfers = [...env.emulator.state.transfers.values()].filter((t) => t.destination === accountId);
    expect(transfers).toHaveLength(10);
  });

  it('keeps providers out of each other wallets', async () => {
    const a = await aProvider();
    const b = await aProvider();
    const bAccount = await onboard(b.actor, b.providerId);
    await creditJob(b.providerId, 5000);
    await waitFor(async () => (await available(b.actor, b.providerId)) === 40);
    expect((await failure(client.send(GetEarningsSummary, { actor: a.actor, providerStripeAccountId: bAccount }))).code).toBe('NOT_OWNER');
    expect((await failure(client.send(GetEarningsSummary, { actor: a.actor, providerId: b.providerId }))).code).toBe('NOT_OWNER');
    expect((await failure(client.send(Withdraw, { actor: a.actor, body: { amount: 1000, providerStripeAccountId: bAccount } }))).code).toBe('NOT_OWNER');
    expect(await available(b.actor, b.providerId)).toBe(40);
  });

  it('restores a failed withdrawal exactly once (refused transfer, or payout.failed webhook replayed)', async () => {
    // Not onboarded: refused before any money moves.
    const d = await aProvider();
    const pending = await client.send(CreateConnectAccount, { actor: d.actor, providerId: d.providerId, body: { business_type: 'company' } });
    await creditJob(d.providerId, 2500);
    await waitFor(async () => (await available(d.actor, d.providerId)) === 20);
    expect(await failure(client.send(Withdraw, { actor: d.actor, body: { amount: 1000, providerStripeAccountId: pending.id } }))).toEqual({
      code: 'CONFLICT',
      message: 'Stripe onboarding is not complete yet',
    });
    expect(await available(d.actor, d.providerId)).toBe(20);
    // Active here but not at Stripe (out of sync): Stripe refuses the transfer for sure; the debit comes back at once.
    await ds.query(`UPDATE payments.payment_accounts SET stripe_account_status = 'active' WHERE stripe_account_id = $1`, [pending.id]);
    const e = await failure(client.send(Withdraw, { actor: d.actor, body: { amount: 1000, providerStripeAccountId: pending.id } }));
    expect(e).toEqual({ code: 'UNAVAILABLE', message: WITHDRAWAL_MESSAGES.failed });
    expect(await available(d.actor, d.providerId)).toBe(20);

    // Onboarded with a failing bank account: the payout fails later; the signed webhook restores the money.
    const f = await aProvider();
    const account = await onboard(f.actor, f.providerId, FAILING_BANK_ACCOUNT);
    await creditJob(f.providerId, 2500);
    await waitFor(async () => (await available(f.actor, f.providerId)) === 20);
    const w = await client.send(Withdraw, { actor: f.actor, body: { amount: 1000, providerStripeAccountId: account } });
    expect(w).toMatchObject({ ok: true, balance: 10 });
    const event = await waitFor(() => env.emulator.state.events.find((ev) => ev.type === 'payout.failed' && ev.account === account));
    const payload = JSON.stringify(event);
    const first = await client.send(HandleStripeWebhook, { payload, signature: signPayload(payload, env.keys.webhookSecret) });
    expect(first).toEqual({ received: true, duplicate: false, type: 'payout.failed' });
    expect(await available(f.actor, f.providerId)).toBe(20);
    const replay = await client.send(HandleStripeWebhook, { payload, signature: signPayload(payload, env.keys.webhookSecret) });
    expect(replay.duplicate).toBe(true);
    expect(await available(f.actor, f.providerId)).toBe(20);
  });

  it('refuses unsigned, forged and stale webhooks', async () => {
    const payload = JSON.stringify({ id: `evt_${randomUUID()}`, object: 'event', type: 'payout.paid', data: { object: { id: 'po_x', object: 'payout', metadata: {} } } });
    expect((await failure(client.send(HandleStripeWebhook, { payload, signature: null }))).code).toBe('BAD_REQUEST');
    expect((await failure(client.send(HandleStripeWebhook, { payload, signature: signPayload(payload, 'whsec_forged') }))).code).toBe('BAD_REQUEST');
    const stale = signPayload(payload, env.keys.webhookSecret, Math.floor(Date.now() / 1000) - 3600);
    expect((await failure(client.send(HandleStripeWebhook, { payload, signature: stale }))).code).toBe('BAD_REQUEST');
    const tampered = signPayload(payload, env.keys.webhookSecret);
    expect((await failure(client.send(HandleStripeWebhook, { payload: payload.replace('po_x', 'po_y'), signature: tampered }))).code).toBe('BAD_REQUEST');
  });
});

function requestCreated(requestId: string, customerUserId: string, budget: number): EventPayload<typeof RequestCreated> {
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
      paymentMethod: 'card',
      customer: { documentId: randomUUID(), fullName: 'Ann' },
      createdAt: new Date().toISOString(),
    },
  };
}

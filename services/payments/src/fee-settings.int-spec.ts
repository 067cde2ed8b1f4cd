import { randomUUID } from 'node:crypto';
import type { INestMicroservice } from '@nestjs/common';
import {
  AuthorizePayment,
  CapturePayment,
  CheckCardHold,
  CompleteOnboarding,
  CompletionReported,
  CreateConnectAccount,
  GetEarningsSummary,
  GetRequestPayment,
  ListWalletTransactions,
  ProviderArrived,
  ProviderCreated,
  RequestAccepted,
  RequestCancelled,
  RequestCreated,
  UpdateSettings,
  Withdraw,
  type Actor,
  type EventPayload,
  type SettingsData,
} from '@tiredash/contracts';
import type { MessagingClient } from '@tiredash/messaging';
import { waitFor } from '@tiredash/testing';
import { DataSource } from 'typeorm';
import { PlatformFeesService, type PlatformFees } from './settings/platform-fees.service';
import { createPaymentsTestEnv, createTestClient, startPayments, type PaymentsTestEnv } from '../test/support/payments-harness';

type Known = NonNullable<Actor>;
const customer = (): Known => ({ userId: randomUUID(), role: 'customer' });
const admin: Known = { userId: randomUUID(), role: 'admin' };

/**
 * The admin's fee settings take effect in payments without a restart (issue 13, item 6): the real content service
 * owns them, payments reads them through GetSettings and drops its copy on content's settings event. Money is
 * decided from payments' own state: the card fee kept with the hold, the commission kept with the capture and the
 * wallet entry.
 */
describe('payments applies the admin fee settings (real PostgreSQL, NATS, content and the Stripe emulator)', () => {
  let env: PaymentsTestEnv;
  let app: INestMicroservice;
  let tc: Awaited<ReturnType<typeof createTestClient>>;
  let client: MessagingClient;
  let ds: DataSource;

  /** The admin saves System Settings; waits until payments has dropped its copy and reads the new values. */
  async function adminSets(data: SettingsData, expected: Partial<PlatformFees>): Promise<void> {
    await client.send(UpdateSettings, { actor: admin, data });
    const fees = app.get(PlatformFeesService);
    // Payments keeps a copy for 30 s: seeing the change within 10 s shows the settings event dropped it.
    await waitFor(async () => matches(await fees.current(), expected), {
      timeoutMs: 10000,
      message: `payments applies ${JSON.stringify(expected)}`,
    });
  }
  const matches = (fees: PlatformFees, expected: Partial<PlatformFees>): boolean =>
    Object.entries(expected).every(([k, v]) => fees[k as keyof PlatformFees] === v);

  async function aProvider(): Promise<{ actor: Known; providerId: string }> {
    const actor: Known = { userId: randomUUID(), role: 'provider' };
    const providerId = randomUUID();
    await tc.publish(ProviderCreated, {
      providerId,
      userId: actor.userId,
      businessName: 'Fee Tires',
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

  /** A card request of `budget` dollars held with `feeDollars` (what the payment dialog shows), accepted at the budget. */
  async function acceptedCardJob(providerId: string, budget: number, feeDollars: number): Promise<{ c: Known; requestId: string; paymentIntentId: string }> {
    const c = customer();
    const hold = await client.send(AuthorizePayment, { actor: c, body: { paymentMethodId: 'pm_card_visa', email: 'c@example.test', amount: (budget + feeDollars) * 100 } });
    // Requests asks before posting: the hold must be the budget plus the card fee payments kept with it.
    expect(await client.send(CheckCardHold, { customerUserId: c.userId, jobAmountCents: budget * 100 })).toEqual({
      covered: true,
      amountCents: (budget + feeDollars) * 100,
      requiredCents: (budget + feeDollars) * 100,
    });
    const requestId = randomUUID();
    await tc.publish(RequestCreated, requestCreated(requestId, c.userId, budget));
    await waitFor(async () => (await ds.query(`SELECT 1 FROM payments.authorizations WHERE request_id = $1`, [requestId])).length === 1, { message: 'hold linked' });
    await tc.publish(RequestAccepted, {
      requestId,
      customerId: randomUUID(),
      customerUserId: c.userId,
      bidId: randomUUID(),
      providerId,
      providerUserId: null,
      amount: budget,
      budget,
      paymentMethod: 'card',
      estimatedArrival: '15',
      closedBids: [],
      acceptedAt: new Date().toISOString(),
    });
    await waitFor(async () => (await ds.query(`SELECT 1 FROM payments.request_refs WHERE request_id = $1 AND provider_id = $2`, [requestId, providerId])).length === 1, {
      message: 'acceptance in the read model',
    });
    return { c, requestId, paymentIntentId: hold.paymentIntentId };
  }

  /** 'I AM HERE', 'JOB COMPLETED', then the customer's confirmation (the capture). */
  async function confirm(job: { c: Known; requestId: string }, providerId: string): Promise<number> {
    const parties = { requestId: job.requestId, customerId: randomUUID(), customerUserId: job.c.userId, providerId, providerUserId: null };
    await tc.publish(ProviderArrived, { ...parties, arrivedAt: new Date().toISOString() });
    await tc.publish(CompletionReported, { ...parties, completedAt: new Date().toISOString() });
    await waitFor(async () => (await ds.query(`SELECT 1 FROM payments.request_refs WHERE request_id = $1 AND completion_reported_at IS NOT NULL`, [job.requestId])).length === 1, {
      message: 'completion report',
    });
    return (await client.send(CapturePayment, { actor: job.c, body: { requestId: job.requestId } })).amountCaptured;
  }

  const available = async (actor: Known, providerId: string): Promise<number> => (await client.send(GetEarningsSummary, { actor, providerId })).available;

  beforeAll(async () => {
    env = await createPaymentsTestEnv('payments_fees', { env: { READ_MODEL_WAIT_MS: '200' } });
    app = await startPayments(env.config);
    tc = await createTestClient(env);
    client = tc.client;
    ds = app.get(DataSource);
  });

  afterAll(async () => {
    // Back to the defaults is not needed: the database is this file's own.
    await tc?.context.close();
    await app?.close();
    await env?.close();
  });

  it('credits 85% of a job confirmed after the admin set the commission to 15%, and keeps that split when it changes again', async () => {
    const { actor: p, providerId } = await aProvider();
    const before = await acceptedCardJob(providerId, 100, 10);
    // Loaded once at the defaults (20%): the change below must reach this running replica.
    expect((await app.get(PlatformFeesService).current()).commissionPercent).toBe(20);
    await adminSets({ walletFee: 15 }, { commissionPercent: 15 });
    expect(await confirm(before, providerId)).toBe(11000);
    await waitFor(async () => (await available(p, providerId)) === 85, { message: '85% of $100 credited' });

    // The split is the one in force at the confirmation, stored with the capture and the entry: a later change
    // does not move what the provider is shown.
    await adminSets({ walletFee: 30 }, { commissionPercent: 30 });
    const history = await client.send(ListWalletTransactions, { actor: p, providerId });
    expect(history).toEqual([expect.objectContaining({ kind: 'job_credit', amount: 85, grossAmount: 100, commissionPercent: 15, requestId: before.requestId })]);
    expect(await ds.query(`SELECT commission_percent FROM payments.authorizations WHERE request_id = $1 AND status = 'succeeded'`, [before.requestId])).toEqual([
      { commission_percent: 15 },
    ]);
    expect(await available(p, providerId)).toBe(85);
    const summary = await client.send(GetEarningsSummary, { actor: p, providerId });
    expect(summary).toMatchObject({ weekEarnings: 85, monthEarnings: 85 });
    await adminSets({ walletFee: 20 }, { commissionPercent: 20 });
  });

  it('holds and captures the $5 card fee once the admin set it, and a hold taken at $10 before still captures its own $10', async () => {
    const { providerId } = await aProvider();
    const atTen = await acceptedCardJob(providerId, 60, 10);
    await adminSets({ serviceFee: 5 }, { cardFeeCents: 500 });
    const atFive = await acceptedCardJob(providerId, 60, 5);
    expect((await env.stripe.paymentIntents.retrieve(atFive.paymentIntentId)).amount).toBe(6500);
    // What the customer's payment summary reads: the fee kept with each hold, whatever the setting is now.
    expect(await client.send(GetRequestPayment, { actor: atFive.c, requestId: atFive.requestId })).toEqual({
      requestId: atFive.requestId,
      status: 'held',
      cardFee: 5,
      held: 65,
      captured: null,
      cancellationFee: null,
      noShowFee: null,
      refunded: null,
      tip: null,
      canTip: false,
    });
    expect(await client.send(GetRequestPayment, { actor: atTen.c, requestId: atTen.requestId })).toMatchObject({ status: 'held', cardFee: 10, held: 70 });
    const stranger = await client.send(GetRequestPayment, { actor: customer(), requestId: atFive.requestId }).then(
      () => null,
      (e: unknown) => (e as { code: string }).code,
    );
    expect(stranger).toBe('NOT_OWNER');
    // A payment dialog still showing the old fee is answered with the new one, and nothing is held.
    const late = customer();
    const intents = env.emulator.state.paymentIntents.size;
    const changed = await client
      .send(AuthorizePayment, { actor: late, body: { paymentMethodId: 'pm_card_visa', email: 'c@example.test', amount: 7000, cardFee: 1000 } })
      .then(
        () => null,
        (e: unknown) => e as { code: string; message: string; details: unknown },
      );
    expect(changed).toMatchObject({
      code: 'CONFLICT',
      message: 'The card processing fee is now $5.00: please check the new amount and pay again.',
      details: { reason: 'CARD_FEE_CHANGED', cardFee: 5 },
    });
    expect(env.emulator.state.paymentIntents.size).toBe(intents);
    await client.send(AuthorizePayment, { actor: late, body: { paymentMethodId: 'pm_card_visa', email: 'c@example.test', amount: 6500, cardFee: 500 } });

    // The old fee no longer makes a hold that a new request can claim.
    const c = customer();
    await client.send(AuthorizePayment, { actor: c, body: { paymentMethodId: 'pm_card_visa', email: 'c@example.test', amount: 7000 } });
    expect(await client.send(CheckCardHold, { customerUserId: c.userId, jobAmountCents: 6000 })).toEqual({ covered: false, amountCents: null, requiredCents: 6500 });

    expect(await confirm(atFive, providerId)).toBe(6500);
    expect((await env.stripe.paymentIntents.retrieve(atFive.paymentIntentId)).amount_received).toBe(6500);
    expect(await client.send(GetRequestPayment, { actor: atFive.c, requestId: atFive.requestId })).toMatchObject({ status: 'captured', cardFee: 5, captured: 65 });
    expect(await confirm(atTen, providerId)).toBe(7000);
    expect((await env.stripe.paymentIntents.retrieve(atTen.paymentIntentId)).amount_received).toBe(7000);
    // Both jobs credit the provider from the job amount alone: 80% of $60, twice.
    await waitFor(async () => (await ds.query(`SELECT 1 FROM payments.wallet_entries WHERE provider_id = $1 AND amount_cents = 4800`, [providerId])).length === 2, {
      message: 'two credits of $48',
    });
    await adminSets({ serviceFee: 10 }, { cardFeeCents: 1000 });
  });

  it('refuses a withdrawal under the minimum the admin set, with its amount in the message, and lets one at the minimum through', async () => {
    const { actor: p, providerId } = await aProvider();
    const created = await client.send(CreateConnectAccount, { actor: p, providerId, body: { email: 'biz@example.test', business_type: 'company', company: { name: 'Fee Tires' } } });
    expect((await fetch(created.url, { redirect: 'manual' })).status).toBe(302);
    await client.send(CompleteOnboarding, { actor: p, accountId: created.id });
    await confirm(await acceptedCardJob(providerId, 50, 10), providerId);
    await waitFor(async () => (await available(p, providerId)) === 40, { message: '$40 credited' });

    await adminSets({ minWithdrawal: 25 }, { minWithdrawalCents: 2500 });
    const refused = await client.send(Withdraw, { actor: p, body: { amount: 2499, providerStripeAccountId: created.id } }).then(
      () => null,
      (e: unknown) => e as { code: string; message: string; details: unknown },
    );
    expect(refused).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Minimum withdrawal amount is $25.00' });
    expect(refused!.details).toEqual([{ path: 'amount', message: 'Minimum withdrawal amount is $25.00', title: 'Invalid Amount' }]);
    expect(await available(p, providerId)).toBe(40);
    const ok = await client.send(Withdraw, { actor: p, body: { amount: 2500, providerStripeAccountId: created.id } });
    expect(ok).toMatchObject({ ok: true, amount: 25 });
    expect(await available(p, providerId)).toBe(15);
    await adminSets({ minWithdrawal: 5 }, { minWithdrawalCents: 500 });
  });

  it("keeps the cancellation fee from the customer's card when the customer cancels an accepted job, and the provider gets its share", async () => {
    const { actor: p, providerId } = await aProvider();
    await adminSets({ cancellationFee: 7, walletFee: 20 }, { cancellationFeeCents: 700, commissionPercent: 20 });
    const job = await acceptedCardJob(providerId, 80, 10);
    await tc.publish(RequestCancelled, cancelled(job.requestId, job.c.userId, providerId, 'customer', job.c.userId));
    await waitFor(async () => (await ds.query(`SELECT 1 FROM payments.authorizations WHERE request_id = $1 AND status = 'succeeded'`, [job.requestId])).length === 1, {
      message: 'the cancellation fee captured',
    });
    const pi = await env.stripe.paymentIntents.retrieve(job.paymentIntentId);
    expect(pi).toMatchObject({ status: 'succeeded', amount_received: 700 });
    expect(await client.send(GetRequestPayment, { actor: job.c, requestId: job.requestId })).toMatchObject({ status: 'cancellation_fee', captured: 7, cancellationFee: 7 });
    await waitFor(async () => (await available(p, providerId)) === 5.6, { message: '80% of the $7 fee credited' });
    expect(await client.send(ListWalletTransactions, { actor: p, providerId })).toEqual([
      expect.objectContaining({ kind: 'cancellation_credit', amount: 5.6, grossAmount: 7, commissionPercent: 20, requestId: job.requestId }),
    ]);

    // The provider's own cancellation costs the customer nothing: the hold is released whole.
    const free = await acceptedCardJob(providerId, 80, 10);
    await tc.publish(RequestCancelled, cancelled(free.requestId, free.c.userId, providerId, 'provider', randomUUID()));
    await waitFor(async () => (await env.stripe.paymentIntents.retrieve(free.paymentIntentId)).status === 'canceled', { message: 'hold released' });
    expect(await available(p, providerId)).toBe(5.6);
    await adminSets({ cancellationFee: 0 }, { cancellationFeeCents: 0 });
  });

  // Last: it stops the content service.
  it("releases the customer's hold when the settings cannot be read at the cancellation (no fee guessed, none held back)", async () => {
    const { actor: p, providerId } = await aProvider();
    await adminSets({ cancellationFee: 9 }, { cancellationFeeCents: 900 });
    const job = await acceptedCardJob(providerId, 40, 10);
    // Content goes away and this replica has no copy of the settings (as a replica started after content fell).
    await env.content?.close();
    app.get(PlatformFeesService).drop();
    await tc.publish(RequestCancelled, cancelled(job.requestId, job.c.userId, providerId, 'customer', job.c.userId));
    await waitFor(async () => (await env.stripe.paymentIntents.retrieve(job.paymentIntentId)).status === 'canceled', { timeoutMs: 10000, message: 'hold released' });
    expect(await available(p, providerId)).toBe(0);
  });
});

function cancelled(
  requestId: string,
  customerUserId: string,
  providerId: string,
  role: 'customer' | 'provider',
  by: string,
): EventPayload<typeof RequestCancelled> {
  return {
    requestId,
    customerId: randomUUID(),
    customerUserId,
    previousStatus: 'Accepted',
    providerId,
    providerUserId: null,
    offeredProviderIds: [providerId],
    closedBids: [],
    cancelledBy: by,
    cancelledAt: new Date().toISOString(),
    cancelledByRole: role,
    reason: null,
  };
}

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

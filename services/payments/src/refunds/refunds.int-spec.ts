import { randomUUID } from 'node:crypto';
import type { INestMicroservice } from '@nestjs/common';
import {
  AuthorizePayment,
  CapturePayment,
  CompletionReported,
  CustomerNoShow,
  GetRequestPayment,
  GetRequestPaymentsTimeline,
  HandleStripeWebhook,
  LIFECYCLE_ACTORS,
  LIFECYCLE_STATES,
  ProviderArrived,
  ProviderCreated,
  REQUEST_LIFECYCLE,
  RefundJob,
  RequestAccepted,
  RequestCancelled,
  RequestCreated,
  RequestExpired,
  type Actor,
  type LifecycleActor,
  type LifecycleState,
} from '@tiredash/contracts';
import type { MessagingClient } from '@tiredash/messaging';
import { waitFor } from '@tiredash/testing';
import { DataSource } from 'typeorm';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the emulator's signer, as Stripe signs a webhook
import { signPayload } from '../../../stripe-emulator/src/webhooks';
import { createPaymentsTestEnv, createTestClient, startPayments, type PaymentsTestEnv } from '../../test/support/payments-harness';

type Known = NonNullable<Actor>;

/**
 * Refunds (issue 13 item 7). The refund column of the lifecycle table, cell by cell, on fresh card requests brought to
 * each state by requests' events (a real capture for Service Completed, the no-show fee for Customer No-Show); then the
 * ledger: the provider's share of a refund taken back once whatever is repeated (the admin's click, Stripe's webhooks,
 * their redeliveries, a lost answer), and the refusals.
 */
describe('refunds', () => {
  let env: PaymentsTestEnv;
  let app: INestMicroservice;
  let tc: Awaited<ReturnType<typeof createTestClient>>;
  let client: MessagingClient;
  let ds: DataSource;
  const providerId = randomUUID();
  const providerUser: Known = { userId: randomUUID(), role: 'provider' };
  const otherCustomer: Known = { userId: randomUUID(), role: 'customer' };
  const otherProvider: Known = { userId: randomUUID(), role: 'provider' };
  const admin: Known = { userId: randomUUID(), role: 'admin' };

  beforeAll(async () => {
    env = await createPaymentsTestEnv('payments_refunds', { env: { READ_MODEL_WAIT_MS: '200' } });
    app = await startPayments(env.config);
    tc = await createTestClient(env);
    client = tc.client;
    ds = app.get(DataSource);
    await tc.publish(ProviderCreated, {
      providerId,
      userId: providerUser.userId,
      businessName: 'Chosen Tires',
      fullName: 'Pat',
      phone: '+1 555 000 0000',
      serviceTypes: ['Tire Rotation'],
      serviceRadiusMiles: 20,
      serviceAddress: null,
      location: null,
      online: true,
      isApproved: true,
      hourlyRateCents: 8000,
      yearsExperience: 5,
    });
  });

  afterAll(async () => {
    await tc?.context.close();
    await app?.close();
    await env?.close();
  });

  const refHas = (requestId: string, condition: string) => async () =>
    (await ds.query(`SELECT 1 FROM payments.request_refs WHERE request_id = $1 AND ${condition}`, [requestId])).length === 1;

  /** A $50 card request of `customer` with its hold, brought to `state` the way requests' events bring it. */
  async function cardRequestIn(state: LifecycleState, customer: Known): Promise<{ requestId: string; authorizationId: string }> {
    const requestId = randomUUID();
    const auth = await client.send(AuthorizePayment, { actor: customer, body: { paymentMethodId: 'pm_card_visa', email: 'c@example.test', amount: 6000, requestId } });
    const parties = { requestId, customerId: randomUUID(), customerUserId: customer.userId };
    await tc.publish(RequestCreated, {
      ...parties,
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
        budget: 50,
        priority: 'normal',
        scheduledTime: null,
        description: null,
        paymentMethod: 'card',
        customer: { documentId: parties.customerId, fullName: 'Ann' },
        createdAt: new Date().toISOString(),
      },
    });
    await waitFor(refHas(requestId, 'true'), { message: 'request in the read model' });
    const done = { requestId, authorizationId: auth.authorizationId };
    if (state === 'Bids Open') return done;
    if (state === 'Expired') {
      await tc.publish(RequestExpired, { ...parties, offeredProviderIds: [], closedBids: [], expiredAt: new Date().toISOString() });
      await waitFor(refHas(requestId, `status = 'Expired'`), { message: 'expired' });
      return done;
    }
    await tc.publish(RequestAccepted, {
      ...parties,
      bidId: randomUUID(),
      providerId,
      providerUserId: providerUser.userId,
      amount: 50,
      budget: 50,
      paymentMethod: 'card',
      estimatedArrival: '15',
      closedBids: [],
      acceptedAt: new Date().toISOString(),
    });
    await waitFor(refHas(requestId, 'provider_id IS NOT NULL'), { message: 'accepted' });
    if (state === 'Accepted') return done;
    if (state === 'Cancelled') {
      await tc.publish(RequestCancelled, {
        ...parties,
        previousStatus: 'Accepted',
        providerId,
        providerUserId: providerUser.userId,
        offeredProviderIds: [providerId],
        closedBids: [],
        cancelledBy: customer.userId,
        cancelledAt: new Date().toISOString(),
      });
      await waitFor(refHas(requestId, `status = 'Cancelled'`), { message: 'cancelled' });
      return done;
    }
    const job = { ...parties, providerId, providerUserId: providerUser.userId };
    await tc.publish(ProviderArrived, { ...job, arrivedAt: new Date().toISOString() });
    await waitFor(refHas(requestId, 'arrived_at IS NOT NULL'), { message: 'arrived' });
    if (state === 'In Progress') return done;
    if (state === 'Customer No-Show') {
      // The provider waited and marked the customer absent: the $15 no-show fee comes out of the $60 hold.
      await tc.publish(CustomerNoShow, { ...job, paymentMethod: 'card', feeCents: 1500, serviceType: 'Tire Rotation', noShowAt: new Date().toISOString() });
      await waitFor(refHas(requestId, `status = 'Customer No-Show'`), { message: 'no-show' });
      await waitFor(async () => (await holdStatus(auth.authorizationId)) === 'succeeded', { message: 'no-show fee captured' });
      return done;
    }
    await tc.publish(CompletionReported, { ...job, completedAt: new Date().toISOString() });
    await waitFor(refHas(requestId, 'completion_reported_at IS NOT NULL'), { message: 'completion reported' });
    if (state === 'Completion Reported') return done;
    await client.send(CapturePayment, { actor: customer, body: { requestId } });
    return done;
  }

  async function holdStatus(authorizationId: string): Promise<string> {
    const rows: { status: string }[] = await ds.query(`SELECT status FROM payments.authorizations WHERE id = $1`, [authorizationId]);
    return rows[0]!.status;
  }

  const reversals = async (requestId: string): Promise<number[]> =>
    ((await ds.query(`SELECT amount_cents FROM payments.wallet_entries WHERE request_id = $1 AND kind = 'refund_reversal' ORDER BY created_at`, [requestId])) as { amount_cents: string }[]).map((r) =>
      Number(r.amount_cents),
    );
  const credited = async (requestId: string): Promise<number> =>
    Number(((await ds.query(`SELECT COALESCE(SUM(amount_cents), 0)::text AS s FROM payments.wallet_entries WHERE request_id = $1 AND kind = 'job_credit'`, [requestId])) as { s: string }[])[0]!.s);
  const stripeRefunds = async (requestId: string): Promise<number[]> => {
    const [row] = (await ds.query(`SELECT payment_intent_id FROM payments.authorizations WHERE request_id = $1 AND status = 'succeeded'`, [requestId])) as { payment_intent_id: string }[];
    return (await env.stripe.refunds.list({ payment_intent: row!.payment_intent_id })).data.map((r) => r.amount);
  };
  const refund = (actor: Known, requestId: string, amount: unknown, refundId: string = randomUUID()) =>
    client.send(RefundJob, { actor, requestId, body: { data: { amount, refundId } } as never }).then(
      (v) => ({ ok: true as const, v }),
      (e: unknown) => ({ ok: false as const, e: e as { code: string; message: string; details?: { reason?: string; remaining?: number } } }),
    );
  const signedEvents = (type: string, match: string): { payload: string; signature: string }[] =>
    env.emulator.state.events
      .filter((ev) => ev.type === type && JSON.stringify(ev.data).includes(match))
      .map((ev) => {
        const payload = JSON.stringify(ev);
        return { payload, signature: signPayload(payload, env.keys.webhookSecret) };
      });

  const cells = LIFECYCLE_STATES.flatMap((state) => LIFECYCLE_ACTORS.map((who) => [state, who] as const));

  it.each(cells)('%s, %s, refund', async (state: LifecycleState, who: LifecycleActor) => {
    const customer: Known = { userId: randomUUID(), role: 'customer' };
    const actor: Known = { customer, provider: providerUser, 'other customer': otherCustomer, 'other provider': otherProvider, admin }[who];
    const cell = REQUEST_LIFECYCLE[state][who].refund;
    const { requestId, authorizationId } = await cardRequestIn(state, customer);
    const before = await holdStatus(authorizationId);
    const answer = await refund(actor, requestId, 500);
    if ('refused' in cell) {
      expect(answer.ok).toBe(false);
      const e = (answer as { e: { code: string; details?: { reason?: string } } }).e;
      expect({ code: e.code, reason: e.details?.reason }).toMatchObject({ code: cell.refused, ...(cell.reason ? { reason: cell.reason } : {}) });
      expect(await holdStatus(authorizationId)).toBe(before);
      expect(await reversals(requestId)).toEqual([]);
    } else {
      if (!answer.ok) throw new Error(JSON.stringify(answer.e));
      expect(answer.v).toMatchObject({ amount: 5, status: 'succeeded' });
      expect(await stripeRefunds(requestId)).toEqual([500]);
      expect((await reversals(requestId)).length).toBe(1);
    }
  });

  it("takes the provider's share back once: a retried click, the webhooks and their redelivery change nothing; parts add up to the credit", async () => {
    const customer: Known = { userId: randomUUID(), role: 'customer' };
    const { requestId } = await cardRequestIn('Service Completed', customer);
    // $50 job + $10 card fee captured; 80% of $50 credited.
    await waitFor(async () => (await credited(requestId)) === 4000, { message: 'job credited' });
    const refundId = randomUUID();
    const first = await refund(admin, requestId, 1500, refundId);
    if (!first.ok) throw new Error(JSON.stringify(first.e));
    // 1500 x 4000 / 6000
    expect(first.v).toMatchObject({ amount: 15, status: 'succeeded', providerReversal: 10, captured: 60, refundedTotal: 15, remaining: 45 });
    const again = await refund(admin, requestId, 1500, refundId);
    expect(again.ok && again.v).toMatchObject({ id: refundId, stripeRefundId: first.v.stripeRefundId, refundedTotal: 15 });
    for (const type of ['refund.created', 'charge.refunded']) {
      const [event] = signedEvents(type, first.v.stripeRefundId!);
      expect(event).toBeDefined();
      // Delivered, then redelivered (the same event id): both acknowledged, nothing recorded twice.
      expect(await client.send(HandleStripeWebhook, event!)).toMatchObject({ received: true, duplicate: false });
      expect(await client.send(HandleStripeWebhook, event!)).toMatchObject({ received: true, duplicate: true });
    }
    expect(await reversals(requestId)).toEqual([-1000]);
    expect(await stripeRefunds(requestId)).toEqual([1500]);
    // The same id for another amount is refused; more than left is refused with what is left.
    const reused = await refund(admin, requestId, 1600, refundId);
    expect(reused.ok || reused.e.details?.reason).toBe('REFUND_ID_REUSED');
    const tooMuch = await refund(admin, requestId, 4501);
    expect(tooMuch.ok || [tooMuch.e.code, tooMuch.e.details?.reason, tooMuch.e.details?.remaining]).toEqual(['CONFLICT', 'REFUND_EXCEEDS_REMAINING', 45]);
    // The rest: the reversals add up to the whole credit.
    const rest = await refund(admin, requestId, 4500);
    expect(rest.ok && rest.v).toMatchObject({ refundedTotal: 60, remaining: 0, providerReversal: 30 });
    expect(await reversals(requestId)).toEqual([-1000, -3000]);
    const nothingLeft = await refund(admin, requestId, 1);
    expect(nothingLeft.ok || nothingLeft.e.details?.reason).toBe('REFUND_EXCEEDS_REMAINING');
    // What the customer's payment summary and the admin's timeline read.
    expect(await client.send(GetRequestPayment, { actor: customer, requestId })).toMatchObject({ status: 'captured', refunded: 60 });
    const timeline = await client.send(GetRequestPaymentsTimeline, { actor: admin, requestId });
    expect(timeline).toMatchObject({ captured: 60, refundedTotal: 60, refundable: 0 });
    expect(timeline.walletEntries.map((e) => [e.kind, e.amount])).toEqual([
      ['job_credit', 40],
      ['refund_reversal', -10],
      ['refund_reversal', -30],
    ]);
    await expect(client.send(GetRequestPaymentsTimeline, { actor: customer, requestId })).rejects.toMatchObject({ code: 'ROLE_NOT_ALLOWED' });
  });

  it("records a refund whose answer was lost from Stripe's webhook, once, and a retried click then answers it", async () => {
    const customer: Known = { userId: randomUUID(), role: 'customer' };
    const { requestId } = await cardRequestIn('Service Completed', customer);
    await waitFor(async () => (await credited(requestId)) === 4000, { message: 'job credited' });
    const refundId = randomUUID();
    // Every answer lost: the first call's and the SDK's two retries (replays under the same key).
    env.emulator.faults.dropResponse('POST /v1/refunds', 3);
    const lost = await refund(admin, requestId, 3000, refundId);
    expect(lost.ok).toBe(false);
    // Stripe made the refund; payments has not recorded it.
    expect(await stripeRefunds(requestId)).toEqual([3000]);
    expect(await reversals(requestId)).toEqual([]);
    const [event] = signedEvents('charge.refunded', refundId);
    expect(await client.send(HandleStripeWebhook, event!)).toMatchObject({ duplicate: false });
    expect(await reversals(requestId)).toEqual([-2000]);
    const retried = await refund(admin, requestId, 3000, refundId);
    expect(retried.ok && retried.v).toMatchObject({ status: 'succeeded', providerReversal: 20, refundedTotal: 30 });
    expect(await stripeRefunds(requestId)).toEqual([3000]);
    expect(await reversals(requestId)).toEqual([-2000]);
  });

  it('refuses a cash job, a hold not captured, and amounts that are not whole cents', async () => {
    const customer: Known = { userId: randomUUID(), role: 'customer' };
    const cashId = randomUUID();
    await tc.publish(RequestCreated, {
      requestId: cashId,
      customerId: randomUUID(),
      customerUserId: customer.userId,
      matchedProviderIds: [],
      matchedProviderUserIds: [],
      request: {
        requestId: cashId,
        documentId: cashId,
        serviceType: 'Tire Rotation',
        tireSize: '225/65/R17',
        tireBrand: null,
        tireStatus: 'Bids Open',
        address: '1 Main St',
        lat: 37.77,
        lng: -122.42,
        budget: 50,
        priority: 'normal',
        scheduledTime: null,
        description: null,
        paymentMethod: 'cash',
        customer: { documentId: randomUUID(), fullName: 'Ann' },
        createdAt: new Date().toISOString(),
      },
    });
    await waitFor(refHas(cashId, 'true'), { message: 'cash request in the read model' });
    const cash = await refund(admin, cashId, 500);
    expect(cash.ok || [cash.e.code, cash.e.details?.reason]).toEqual(['CONFLICT', 'REFUND_CASH_JOB']);
    const { requestId } = await cardRequestIn('In Progress', customer);
    const held = await refund(admin, requestId, 500);
    expect(held.ok || [held.e.code, held.e.details?.reason]).toEqual(['CONFLICT', 'REFUND_NOT_CAPTURED']);
    for (const amount of [0, -5, 12.5, '500']) {
      const bad = await refund(admin, requestId, amount);
      expect(bad.ok || bad.e.code).toBe('VALIDATION_FAILED');
    }
  });
});

import { randomUUID } from 'node:crypto';
import type { INestMicroservice } from '@nestjs/common';
import {
  AuthorizePayment,
  CapturePayment,
  CompletionReported,
  CustomerNoShow,
  GetRequestPayment,
  LIFECYCLE_ACTORS,
  LIFECYCLE_STATES,
  ProviderArrived,
  ProviderCreated,
  REQUEST_LIFECYCLE,
  RequestAccepted,
  RequestCancelled,
  RequestCreated,
  RequestExpired,
  VoidAuthorization,
  type Actor,
  type LifecycleActor,
  type LifecycleState,
} from '@tiredash/contracts';
import type { MessagingClient } from '@tiredash/messaging';
import { waitFor } from '@tiredash/testing';
import { DataSource } from 'typeorm';
import { createPaymentsTestEnv, createTestClient, startPayments, type PaymentsTestEnv } from '../test/support/payments-harness';

type Known = NonNullable<Actor>;

/**
 * Generated from the lifecycle table (REQUEST_LIFECYCLE): the void column. Every (state, actor) cell voids the
 * hold of a fresh card request brought to that state by requests' events (and a real capture for Service
 * Completed) and compares the answer with the cell; a refusal leaves the hold where it was.
 */
describe('voiding a hold follows the lifecycle table', () => {
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
    env = await createPaymentsTestEnv('payments_void_lifecycle', { env: { READ_MODEL_WAIT_MS: '200' } });
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

  it('a customer no-show captures the no-show fee from the hold (the rest released) and credits the provider the fee less the commission, once', async () => {
    const customer: Known = { userId: randomUUID(), role: 'customer' };
    const { requestId, authorizationId } = await cardRequestIn('Customer No-Show', customer);
    const [row] = (await ds.query(`SELECT payment_intent_id, captured_cents, commission_percent FROM payments.authorizations WHERE id = $1`, [authorizationId])) as {
      payment_intent_id: string;
      captured_cents: string;
      commission_percent: number;
    }[];
    expect(Number(row!.captured_cents)).toBe(1500);
    const pi = await env.stripe.paymentIntents.retrieve(row!.payment_intent_id);
    expect(pi.status).toBe('succeeded');
    expect(pi.amount_received).toBe(1500);
    const credit = async () =>
      (await ds.query(`SELECT amount_cents FROM payments.wallet_entries WHERE reference = $1`, [`no-show:${requestId}`])) as { amount_cents: string }[];
    await waitFor(async () => (await credit()).length === 1, { message: 'wallet credited' });
    const share = 1500 - Math.round((1500 * Number(row!.commission_percent)) / 100);
    expect(Number((await credit())[0]!.amount_cents)).toBe(share);
    // Redelivered (a retried relay, a new envelope): handled again, nothing captured or credited twice.
    const again = await tc.publish(CustomerNoShow, {
      requestId,
      customerId: randomUUID(),
      customerUserId: customer.userId,
      providerId,
      providerUserId: providerUser.userId,
      paymentMethod: 'card',
      feeCents: 1500,
      serviceType: 'Tire Rotation',
      noShowAt: new Date().toISOString(),
    });
    await waitFor(async () => (await ds.query(`SELECT 1 FROM payments.inbox WHERE consumer = 'payments-request-no-show' AND event_id = $1`, [again])).length === 1, {
      message: 'the second delivery handled',
    });
    expect(await credit()).toHaveLength(1);
    expect((await env.stripe.paymentIntents.retrieve(row!.payment_intent_id)).amount_received).toBe(1500);
    expect(await client.send(GetRequestPayment, { actor: customer, requestId })).toMatchObject({ status: 'no_show_fee', noShowFee: 15, held: null });
  });

  const cells = LIFECYCLE_STATES.flatMap((state) => LIFECYCLE_ACTORS.map((who) => [state, who] as const));

  it.each(cells)('%s, %s, void', async (state: LifecycleState, who: LifecycleActor) => {
    const customer: Known = { userId: randomUUID(), role: 'customer' };
    const actor: Known = { customer, provider: providerUser, 'other customer': otherCustomer, 'other provider': otherProvider, admin }[who];
    const cell = REQUEST_LIFECYCLE[state][who].void;
    const { requestId, authorizationId } = await cardRequestIn(state, customer);
    const before = await holdStatus(authorizationId);
    const answer = await client.send(VoidAuthorization, { actor, requestId }).then(
      () => null,
      (e: unknown) => e as { code: string; details?: { reason?: string } },
    );
    if ('refused' in cell) {
      expect(answer).not.toBeNull();
      expect({ code: answer!.code, reason: answer!.details?.reason }).toMatchObject({ code: cell.refused, ...(cell.reason ? { reason: cell.reason } : {}) });
      expect(await holdStatus(authorizationId)).toBe(before);
    } else {
      expect(answer).toBeNull();
      expect(await holdStatus(authorizationId)).toBe('canceled');
      const [pi] = (await ds.query(`SELECT payment_intent_id FROM payments.authorizations WHERE id = $1`, [authorizationId])) as { payment_intent_id: string }[];
      expect((await env.stripe.paymentIntents.retrieve(pi!.payment_intent_id)).status).toBe('canceled');
    }
  });
});

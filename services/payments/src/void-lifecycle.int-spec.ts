import { randomUUID } from 'node:crypto';
import type { INestMicroservice } from '@nestjs/common';
import {
  AuthorizePayment,
  CapturePayment,
  CompletionReported,
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

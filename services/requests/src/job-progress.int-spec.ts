import type { INestApplicationContext, INestMicroservice } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { EventPublisher, MessagingClient } from '@tiredash/messaging';
import {
  AcceptBid,
  AuthorizePayment,
  CancelServiceRequest,
  CapturePayment,
  ConfirmCompletion,
  CreateRating,
  CreateServiceRequest,
  DomainError,
  GetServiceRequest,
  ListRatings,
  ListServiceRequests,
  MarkArrived,
  MarkCustomerAbsent,
  PlaceBid,
  RATING_MESSAGES,
  ReportCompletion,
  UpdateSettings,
  type Actor,
  type ServiceRequestView,
} from '@tiredash/contracts';
import { waitFor } from '@tiredash/testing';
import type { DataSource } from 'typeorm';
// The real payments service with its in-process Stripe emulator: the card confirmation captures through it.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { createPaymentsTestEnv, startPayments, type PaymentsTestEnv } from '../../payments/test/support/payments-harness';
import { aCustomer, aProvider, outboxRows, requestBody, type TestCustomer, type TestProvider } from './test-support/fixtures';
import { startFakeDispatch, type FakeDispatch } from './test-support/fake-dispatch';
import { createRequestsTestEnv, createTestClient, startRequests, type RequestsTestEnv } from './test-support/requests-harness';

/** The request's address in requestBody(), where a provider who is there streams from. */
const JOB_ADDRESS = { lat: 37.79, lng: -122.4 };

async function rejection(p: Promise<unknown>): Promise<DomainError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error('expected a rejection');
}

describe('job progress, confirmation saga, ratings and history (real PostgreSQL, NATS, payments + Stripe emulator)', () => {
  let env: RequestsTestEnv;
  let app: INestMicroservice;
  let payEnv: PaymentsTestEnv;
  let payments: INestMicroservice;
  let ds: DataSource;
  let client: MessagingClient;
  let publisher: EventPublisher;
  let clientCtx: INestApplicationContext;
  let provider: TestProvider;
  let otherProvider: TestProvider;
  let dispatch: FakeDispatch;

  beforeAll(async () => {
    env = await createRequestsTestEnv('requests_jobs');
    app = await startRequests(env.config);
    payEnv = await createPaymentsTestEnv('requests_jobs', { namespace: env.namespace, databaseUrl: env.db.url, content: true });
    payments = await startPayments(payEnv.config);
    dispatch = await startFakeDispatch(env);
    ds = app.get<DataSource>(getDataSourceToken());
    ({ client, publisher, context: clientCtx } = await createTestClient(env));
    provider = await aProvider(publisher, ds, { businessName: 'Job Tires', location: { lat: 37.78, lng: -122.41 } });
    otherProvider = await aProvider(publisher, ds, { businessName: 'Other Tires', location: { lat: 37.79, lng: -122.41 } });
  });

  afterAll(async () => {
    await clientCtx?.close();
    await dispatch?.close();
    await payments?.close();
    await payEnv?.close();
    await app?.close();
    await env?.close();
  });

  /**
   * A request of `customer` accepted at `amount` from `provider`'s bid at (37.78, -122.41); unless `streamed: false`,
   * the provider's app has since streamed a point at the job's address (so 'I AM HERE' is checked and passes).
   */
  async function anAcceptedJob(
    customer: TestCustomer,
    opts: { paymentMethod?: 'cash' | 'card'; budget?: number; amount?: number; streamed?: boolean } = {},
  ): Promise<ServiceRequestView> {
    const budget = opts.budget ?? 120;
    // The app's order: the payment dialog holds the card for (budget + 10) x 100, then the request is posted.
    if (opts.paymentMethod === 'card') {
      await client.send(AuthorizePayment, {
        actor: customer.actor,
        body: { paymentMethodId: 'pm_card_visa', email: 'card@example.test', amount: (budget + 10) * 100 },
      });
    }
    const request = await client.send(CreateServiceRequest, {
      actor: customer.actor,
      body: requestBody({ paymentMethod: opts.paymentMethod ?? 'cash', budget }) as never,
    });
    const bid = await client.send(PlaceBid, {
      actor: provider.actor,
      body: { data: { requestId: request.id, amount: opts.amount ?? budget, estimatedArrival: 12, location: { lat: 37.78, lng: -122.41 } } },
    });
    const accepted = await client.send(AcceptBid, { actor: customer.actor, bidId: bid.id, requestId: request.id });
    if (opts.streamed !== false) dispatch.streamed(accepted.id, JOB_ADDRESS);
    return accepted;
  }

  const events = async (subject: string, requestId: string) =>
    (await outboxRows(ds, subject)).filter((r) => r.payload.requestId === requestId);

  it('refuses a card request with no card hold, and a card bid above the hold until the card is held for it', async () => {
    const customer = await aCustomer(publisher, ds, { paymentMethod: 'card' });
    const before: { n: string }[] = await ds.query(`SELECT count(*)::text AS n FROM "requests"."service_requests" WHERE customer_user_id = $1`, [customer.userId]);
    const refused = await client
      .send(CreateServiceRequest, { actor: customer.actor, body: requestBody({ paymentMethod: 'card', budget: 90 }) as never })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'CONFLICT', details: { reason: 'CARD_HOLD_REQUIRED' } });
    expect((refused as Error).message).toBe('Authorise your card for $100.00 (the budget plus the card fee) before posting a card request');
    const after: { n: string }[] = await ds.query(`SELECT count(*)::text AS n FROM "requests"."service_requests" WHERE customer_user_id = $1`, [customer.userId]);
    expect(after).toEqual(before);

    await client.send(AuthorizePayment, { actor: customer.actor, body: { paymentMethodId: 'pm_card_visa', email: 'card@example.test', amount: 10000 } });
    const request = await client.send(CreateServiceRequest, { actor: customer.actor, body: requestBody({ paymentMethod: 'card', budget: 90 }) as never });
    const bid = await client.send(PlaceBid, { actor: provider.actor, body: { data: { requestId: request.id, amount: 110, estimatedArrival: 12 } } });
    const declined = await client.send(AcceptBid, { actor: customer.actor, bidId: bid.id, requestId: request.id }).catch((e: unknown) => e);
    expect(declined).toMatchObject({ code: 'CONFLICT', details: { reason: 'CARD_REAUTHORIZATION_REQUIRED' } });
    const still: { tire_status: string }[] = await ds.query(`SELECT tire_status FROM "requests"."service_requests" WHERE id = $1`, [request.id]);
    expect(still[0]!.tire_status).toBe('Bids Open');
    // The payment dialog holds the new amount for the request: now it is accepted.
    await client.send(AuthorizePayment, { actor: customer.actor, body: { paymentMethodId: 'pm_card_visa', email: 'card@example.test', amount: 12000, requestId: request.id } });
    expect(await client.send(AcceptBid, { actor: customer.actor, bidId: bid.id, requestId: request.id })).toMatchObject({ tireStatus: 'Accepted', amount: 110 });
  });

  it('accepting publishes the job origin (bid location) and destination (request location) for dispatch', async () => {
    const customer = await aCustomer(publisher, ds);
    const job = await anAcceptedJob(customer);
    const [accepted] = await events('requests.evt.request.accepted.v1', job.id);
    expect(accepted!.payload).toMatchObject({
      origin: { lat: 37.78, lng: -122.41 },
      destination: { lat: 37.79, lng: -122.4, address: '500 Market St' },
      serviceType: 'Flat Tire Repair',
    });
  });

  it('arrival: only the job provider, only from Accepted; In Progress once, provider_arrived published once', async () => {
    const customer = await aCustomer(publisher, ds);
    const job = await anAcceptedJob(customer);
    expect((await rejection(client.send(MarkArrived, { actor: otherProvider.actor, requestId: job.id }))).code).toBe('NOT_OWNER');
    expect((await rejection(client.send(MarkArrived, { actor: customer.actor, requestId: job.id }))).code).toBe('ROLE_NOT_ALLOWED');
    expect(await rejection(client.send(ReportCompletion, { actor: provider.actor, requestId: job.id }))).toMatchObject({
      code: 'CONFLICT',
      details: { reason: 'NOT_ARRIVED' },
    });
    expect(await rejection(client.send(ConfirmCompletion, { actor: customer.actor, requestId: job.id }))).toMatchObject({
      code: 'CONFLICT',
      details: { reason: 'NOT_ARRIVED' },
    });

    const arrived = await client.send(MarkArrived, { actor: provider.actor, requestId: job.id });
    expect(arrived.tireStatus).toBe('In Progress');
    expect(arrived.arrivedAt).toEqual(expect.any(String));
    const again = await client.send(MarkArrived, { actor: provider.actor, requestId: job.id });
    expect(again.arrivedAt).toBe(arrived.arrivedAt);
    const published = await events('requests.evt.request.arrived.v1', job.id);
    expect(published).toHaveLength(1);
    expect(published[0]!.payload).toMatchObject({
      requestId: job.id,
      customerUserId: customer.userId,
      providerId: provider.providerId,
      providerUserId: provider.userId,
    });
  });

  it("arrival check: no streamed position, dispatch unreachable, or too far is refused; a reason passes it unchecked, and a no-show on it charges no fee", async () => {
    const admin: NonNullable<Actor> = { userId: '00000000-0000-4000-8000-00000000ad02', role: 'admin' };
    await client.send(UpdateSettings, { actor: admin, data: { noShowFee: 25 } });
    const waitOver = (id: string) => ds.query(`UPDATE "requests"."service_requests" SET "arrived_at" = "arrived_at" - interval '1 hour' WHERE "id" = $1`, [id]);
    const arrivalRow = async (id: string) =>
      ((await ds.query(`SELECT tire_status, arrival_distance_meters, arrival_override_reason FROM "requests"."service_requests" WHERE id = $1`, [id])) as {
        tire_status: string;
        arrival_distance_meters: number | null;
        arrival_override_reason: string | null;
      }[])[0]!;
    try {
      // Nothing streamed (location off): refused, the request still Accepted, nothing published.
      const unseen = await anAcceptedJob(await aCustomer(publisher, ds, { paymentMethod: 'card' }), { paymentMethod: 'card', budget: 80, streamed: false });
      const unknown = await rejection(client.send(MarkArrived, { actor: provider.actor, requestId: unseen.id }));
      expect(unknown).toMatchObject({ code: 'CONFLICT', details: { reason: 'ARRIVAL_POSITION_UNKNOWN', maxDistanceMeters: 300 } });
      expect(unknown.message).toMatch(/^We cannot see where you are: 'I AM HERE' needs your live location within 300 m of the job's address/);
      expect(await arrivalRow(unseen.id)).toEqual({ tire_status: 'Accepted', arrival_distance_meters: null, arrival_override_reason: null });
      expect(await events('requests.evt.request.arrived.v1', unseen.id)).toHaveLength(0);

      // Dispatch does not answer: the same refusal (never an unchecked arrival by default).
      const cut = await anAcceptedJob(await aCustomer(publisher, ds), { streamed: false });
      dispatch.unreachableFor(cut.id);
      expect(await rejection(client.send(MarkArrived, { actor: provider.actor, requestId: cut.id }))).toMatchObject({
        code: 'CONFLICT',
        details: { reason: 'ARRIVAL_POSITION_UNKNOWN' },
      });

      // 1.1 km away: too far, with the distance.
      const far = await anAcceptedJob(await aCustomer(publisher, ds), { streamed: false });
      dispatch.streamed(far.id, { lat: 37.78, lng: -122.41 });
      const tooFar = await rejection(client.send(MarkArrived, { actor: provider.actor, requestId: far.id }));
      expect(tooFar).toMatchObject({ code: 'CONFLICT', details: { reason: 'ARRIVAL_TOO_FAR', maxDistanceMeters: 300 } });
      expect(Number((tooFar.details as { distanceMeters: number }).distanceMeters)).toBeGreaterThan(1000);

      // A reason passes the check: stored for admins, no distance where none was known.
      const reason = 'Underground car park, no signal';
      const overridden = await client.send(MarkArrived, { actor: provider.actor, requestId: unseen.id, overrideReason: reason });
      expect(overridden.tireStatus).toBe('In Progress');
      expect(await arrivalRow(unseen.id)).toEqual({ tire_status: 'In Progress', arrival_distance_meters: null, arrival_override_reason: reason });
      expect(await events('requests.evt.request.arrived.v1', unseen.id)).toHaveLength(1);

      // 'Customer not here' on that unchecked arrival: the job ends as a no-show with no fee, the hold released.
      await waitOver(unseen.id);
      const absent = await client.send(MarkCustomerAbsent, { actor: provider.actor, requestId: unseen.id });
      expect(absent).toMatchObject({ tireStatus: 'Customer No-Show', noShowFee: 0 });
      expect((await events('requests.evt.request.no-show.v1', unseen.id)).map((e) => e.payload.feeCents)).toEqual([0]);
      await waitFor(
        async () => {
          const holds: { status: string }[] = await ds.query(`SELECT status FROM payments.authorizations WHERE request_id = $1`, [unseen.id]);
          return holds.length > 0 && holds.every((h) => h.status === 'canceled');
        },
        { message: 'the hold released, nothing captured' },
      );

      // The same on a checked arrival charges the admin's fee.
      const checked = await anAcceptedJob(await aCustomer(publisher, ds, { paymentMethod: 'card' }), { paymentMethod: 'card', budget: 80 });
      const there = await client.send(MarkArrived, { actor: provider.actor, requestId: checked.id });
      expect(there.tireStatus).toBe('In Progress');
      expect(await arrivalRow(checked.id)).toMatchObject({ arrival_override_reason: null });
      expect((await arrivalRow(checked.id)).arrival_distance_meters).toBeLessThan(300);
      await waitOver(checked.id);
      expect(await client.send(MarkCustomerAbsent, { actor: provider.actor, requestId: checked.id })).toMatchObject({ tireStatus: 'Customer No-Show', noShowFee: 25 });
      expect((await events('requests.evt.request.no-show.v1', checked.id)).map((e) => e.payload.feeCents)).toEqual([2500]);
    } finally {
      await client.send(UpdateSettings, { actor: admin, data: { noShowFee: 0 } });
    }
  });

  it('cash: completion is reported after arrival, then concurrent confirmations complete the request exactly once', async () => {
    const customer = await aCustomer(publisher, ds);
    const job = await anAcceptedJob(customer, { amount: 95 });
    await client.send(MarkArrived, { actor: provider.actor, requestId: job.id });
    expect(await rejection(client.send(ConfirmCompletion, { actor: customer.actor, requestId: job.id }))).toMatchObject({
      details: { reason: 'COMPLETION_NOT_REPORTED' },
    });
    const reported = await client.send(ReportCompletion, { actor: provider.actor, requestId: job.id });
    expect(reported).toMatchObject({ tireStatus: 'In Progress', completedAt: expect.any(String) });
    expect(await events('requests.evt.request.completion-reported.v1', job.id)).toHaveLength(1);

    const other = await aCustomer(publisher, ds);
    expect((await rejection(client.send(ConfirmCompletion, { actor: other.actor, requestId: job.id }))).code).toBe('NOT_OWNER');

    const results = await Promise.all(Array.from({ length: 8 }, () => client.send(ConfirmCompletion, { actor: customer.actor, requestId: job.id })));
    expect(results.every((r) => r.tireStatus === 'Service Completed')).toBe(true);
    const confirmed = await events('requests.evt.request.confirmed.v1', job.id);
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]!.payload).toMatchObject({ paymentMethod: 'cash', amount: 95, providerId: provider.providerId, providerTotalJobs: expect.any(Number) });
    const view = await client.send(GetServiceRequest, { actor: customer.actor, requestId: job.id });
    expect(view).toMatchObject({ tireStatus: 'Service Completed', amount: 95, confirmedAt: expect.any(String) });
  });

  it('card: the confirmation captures first (emulator), then completes; the provider card counts the job', async () => {
    const customer = await aCustomer(publisher, ds, { paymentMethod: 'card' });
    const job = await anAcceptedJob(customer, { paymentMethod: 'card', budget: 100 });
    await client.send(MarkArrived, { actor: provider.actor, requestId: job.id });
    await client.send(ReportCompletion, { actor: provider.actor, requestId: job.id });
    const before: { n: number }[] = await ds.query(`SELECT total_jobs AS n FROM "requests"."provider_stats" WHERE provider_id = $1`, [provider.providerId]);
    const done = await client.send(ConfirmCompletion, { actor: customer.actor, requestId: job.id });
    expect(done.tireStatus).toBe('Service Completed');
    const [auth] = (await ds.query(`SELECT payment_intent_id, status, captured_cents FROM payments.authorizations WHERE request_id = $1`, [job.id])) as {
      payment_intent_id: string;
      status: string;
      captured_cents: number;
    }[];
    expect(auth).toMatchObject({ status: 'succeeded' });
    expect(Number(auth!.captured_cents)).toBe(11000);
    const pi = await payEnv.stripe.paymentIntents.retrieve(auth!.payment_intent_id);
    expect([pi.status, pi.amount_received]).toEqual(['succeeded', 11000]);
    expect((await events('requests.evt.request.confirmed.v1', job.id))[0]!.payload).toMatchObject({ paymentMethod: 'card', amount: 100 });
    // A retried confirmation neither captures nor completes again.
    await expect(client.send(ConfirmCompletion, { actor: customer.actor, requestId: job.id })).resolves.toMatchObject({ tireStatus: 'Service Completed' });
    expect(await events('requests.evt.request.confirmed.v1', job.id)).toHaveLength(1);
    const after: { n: number }[] = await ds.query(`SELECT total_jobs AS n FROM "requests"."provider_stats" WHERE provider_id = $1`, [provider.providerId]);
    expect(Number(after[0]!.n)).toBe(Number(before[0]?.n ?? 0) + 1);
    expect(done.provider!.totalJobs).toBe(Number(after[0]!.n));
  });

  it("card, the spec's client order: a capture made directly (POST /pay/payments/capture) completes the request once; the confirmation answers it", async () => {
    const customer = await aCustomer(publisher, ds, { paymentMethod: 'card' });
    const job = await anAcceptedJob(customer, { paymentMethod: 'card', budget: 70 });
    await client.send(MarkArrived, { actor: provider.actor, requestId: job.id });
    await client.send(ReportCompletion, { actor: provider.actor, requestId: job.id });
    await client.send(CapturePayment, { actor: customer.actor, body: { requestId: job.id } });
    await waitFor(async () => (await client.send(GetServiceRequest, { actor: customer.actor, requestId: job.id })).tireStatus === 'Service Completed', {
      message: 'completed from the capture event',
    });
    await expect(client.send(ConfirmCompletion, { actor: customer.actor, requestId: job.id })).resolves.toMatchObject({ tireStatus: 'Service Completed' });
    expect(await events('requests.evt.request.confirmed.v1', job.id)).toHaveLength(1);
  });

  it('card: a failed capture leaves the request In Progress with the payment error (Payment Failed), nothing published', async () => {
    const customer = await aCustomer(publisher, ds, { paymentMethod: 'card' });
    const job = await anAcceptedJob(customer, { paymentMethod: 'card', budget: 80 });
    await client.send(MarkArrived, { actor: provider.actor, requestId: job.id });
    await client.send(ReportCompletion, { actor: provider.actor, requestId: job.id });
    const [auth] = (await ds.query(`SELECT payment_intent_id FROM payments.authorizations WHERE request_id = $1`, [job.id])) as { payment_intent_id: string }[];
    await payEnv.stripe.paymentIntents.cancel(auth!.payment_intent_id); // e.g. expired at Stripe
    const e = await rejection(client.send(ConfirmCompletion, { actor: customer.actor, requestId: job.id }));
    expect(e.code).toBe('BAD_REQUEST');
    expect(e.details).toMatchObject({ title: 'Payment Failed', reason: 'PAYMENT_CAPTURE_FAILED' });
    const view = await client.send(GetServiceRequest, { actor: customer.actor, requestId: job.id });
    expect(view).toMatchObject({ tireStatus: 'In Progress', confirmedAt: null });
    expect(await events('requests.evt.request.confirmed.v1', job.id)).toHaveLength(0);
  });

  it('ratings: one per completed request by its customer, 1-5 stars required, review at most 500; the provider average shows on its card', async () => {
    const customer = await aCustomer(publisher, ds, { fullName: 'Rita Rater' });
    const open = await anAcceptedJob(customer);
    expect(await rejection(client.send(CreateRating, { actor: customer.actor, body: { data: { request_id: open.id, rating: 5 } } }))).toMatchObject({
      code: 'CONFLICT',
      details: { reason: 'NOT_COMPLETED' },
    });
    const job = await anAcceptedJob(customer);
    await client.send(MarkArrived, { actor: provider.actor, requestId: job.id });
    await client.send(ReportCompletion, { actor: provider.actor, requestId: job.id });
    await client.send(ConfirmCompletion, { actor: customer.actor, requestId: job.id });

    const missing = await rejection(client.send(CreateRating, { actor: customer.actor, body: { data: { request_id: job.id } } as never }));
    expect(missing.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(missing.details)).toContain(RATING_MESSAGES.required);
    expect((await rejection(client.send(CreateRating, { actor: customer.actor, body: { data: { request_id: job.id, rating: 0 } } }))).code).toBe('VALIDATION_FAILED');
    expect((await rejection(client.send(CreateRating, { actor: customer.actor, body: { data: { request_id: job.id, rating: 6 } } }))).code).toBe('VALIDATION_FAILED');
    expect(
      (await rejection(client.send(CreateRating, { actor: customer.actor, body: { data: { request_id: job.id, rating: 4, comment: 'x'.repeat(501) } } }))).code,
    ).toBe('VALIDATION_FAILED');
    const stranger = await aCustomer(publisher, ds);
    expect((await rejection(client.send(CreateRating, { actor: stranger.actor, body: { data: { request_id: job.id, rating: 1 } } }))).code).toBe('NOT_OWNER');
    expect(
      (await rejection(client.send(CreateRating, { actor: customer.actor, body: { data: { request_id: job.id, rating: 1, provider_id: otherProvider.providerId } } }))).code,
    ).toBe('VALIDATION_FAILED');

    const rating = await client.send(CreateRating, {
      actor: customer.actor,
      body: { data: { request_id: job.id, provider_id: provider.providerId, customer_id: customer.customerId, rating: 4, comment: 'Quick and friendly' } },
    });
    expect(rating).toMatchObject({ rating: 4, comment: 'Quick and friendly', providerId: provider.providerId, request_id: job.id, customerName: 'Rita Rater' });
    const second = await Promise.all([
      rejection(client.send(CreateRating, { actor: customer.actor, body: { data: { request_id: job.id, rating: 5 } } })),
      rejection(client.send(CreateRating, { actor: customer.actor, body: { data: { requestId: job.id, rating: '2' } } })),
    ]);
    expect(second.map((e) => [e.code, (e.details as { reason: string }).reason])).toEqual([
      ['CONFLICT', 'ALREADY_RATED'],
      ['CONFLICT', 'ALREADY_RATED'],
    ]);
    expect(await events('requests.evt.rating.created.v1', job.id)).toHaveLength(1);

    const list = await client.send(ListRatings, { actor: customer.actor, filters: { providerId: { $eq: provider.providerId } } as never, pagination: {} as never });
    expect(list.data.map((r) => r.requestId)).toContain(job.id);
    expect(list.meta).toMatchObject({ ratingCount: 1, averageRating: 4 });
    // Another customer sees what a review card needs: stars, comment, date and the reviewer's first name only.
    const someoneElse = await aCustomer(publisher, ds);
    const seen = await client.send(ListRatings, { actor: someoneElse.actor, filters: { providerId: { $eq: provider.providerId } } as never, pagination: {} as never });
    const theirs = seen.data.find((r) => r.id === list.data.find((x) => x.requestId === job.id)!.id)!;
    expect(theirs).toMatchObject({ rating: 4, comment: 'Quick and friendly', customerId: '', customer_id: '', requestId: '', request_id: '', customerName: 'Rita' });
    // The rated provider knows its job, not the customer's ids.
    const own = await client.send(ListRatings, { actor: provider.actor, filters: { providerId: { $eq: provider.providerId } } as never, pagination: {} as never });
    expect(own.data.find((r) => r.requestId === job.id)).toMatchObject({ customerId: '', customerName: 'Rita' });
    const view = await client.send(GetServiceRequest, { actor: customer.actor, requestId: job.id });
    expect(view.rating).toEqual({ rating: 4, comment: 'Quick and friendly' });
    expect(view.provider).toMatchObject({ rating: 4 });
  });

  it('cancel from either side: the accepted provider may cancel its job (the event names who), not an open request', async () => {
    const customer = await aCustomer(publisher, ds);
    const job = await anAcceptedJob(customer);
    expect((await rejection(client.send(CancelServiceRequest, { actor: otherProvider.actor, requestId: job.id }))).code).toBe('NOT_OWNER');
    const cancelled = await client.send(CancelServiceRequest, { actor: provider.actor, requestId: job.id });
    expect(cancelled.tireStatus).toBe('Cancelled');
    await expect(client.send(CancelServiceRequest, { actor: customer.actor, requestId: job.id })).resolves.toMatchObject({ tireStatus: 'Cancelled' });
    const [ev] = await events('requests.evt.request.cancelled.v1', job.id);
    expect(ev!.payload).toMatchObject({ cancelledBy: provider.userId, previousStatus: 'Accepted', providerId: provider.providerId });
    expect((await rejection(client.send(MarkArrived, { actor: provider.actor, requestId: job.id }))).code).toBe('CONFLICT');
  });

  it("history: the provider's jobs and the customer's past requests with status and amount; `Completed` finds confirmed jobs", async () => {
    const customer = await aCustomer(publisher, ds);
    const done = await anAcceptedJob(customer, { amount: 110 });
    await client.send(MarkArrived, { actor: provider.actor, requestId: done.id });
    await client.send(ReportCompletion, { actor: provider.actor, requestId: done.id });
    await client.send(ConfirmCompletion, { actor: customer.actor, requestId: done.id });
    const ongoing = await anAcceptedJob(customer, { amount: 90 });

    const mine = await client.send(ListServiceRequests, { actor: customer.actor, filters: undefined, sort: 'createdAt:desc', pagination: {} as never });
    expect(mine.data.map((r) => [r.id, r.tireStatus, r.amount])).toEqual([
      [ongoing.id, 'Accepted', 90],
      [done.id, 'Service Completed', 110],
    ]);
    const jobs = await client.send(ListServiceRequests, {
      actor: provider.actor,
      filters: { provider: { documentId: { $eq: provider.providerId } } },
      sort: undefined,
      pagination: {} as never,
    });
    expect(jobs.data.map((r) => r.id)).toEqual(expect.arrayContaining([done.id, ongoing.id]));
    expect(jobs.data.every((r) => r.provider?.documentId === provider.providerId)).toBe(true);
    const completed = await client.send(ListServiceRequests, {
      actor: provider.actor,
      filters: { provider: { documentId: { $eq: provider.providerId } }, tireStatus: { $eq: 'Completed' } },
      sort: undefined,
      pagination: {} as never,
    });
    expect(completed.data.map((r) => r.id)).toContain(done.id);
    expect(completed.data.every((r) => r.tireStatus === 'Service Completed' || r.tireStatus === 'Completed')).toBe(true);
    expect(completed.data.map((r) => r.id)).not.toContain(ongoing.id);
  });
});

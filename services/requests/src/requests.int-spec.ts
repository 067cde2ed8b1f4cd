import type { INestMicroservice } from '@nestjs/common';
import type { EventPublisher, MessagingClient } from '@tiredash/messaging';
import { getDataSourceToken } from '@nestjs/typeorm';
import {
  AcceptBid,
  CancelServiceRequest,
  CreateServiceRequest,
  DomainError,
  GetServiceRequest,
  ListBids,
  ListServiceRequests,
  PlaceBid,
  type BidView,
  type ServiceRequestView,
} from '@tiredash/contracts';
import { waitFor } from '@tiredash/testing';
import { randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { aCustomer, aProvider, outboxRows, requestBody, type TestCustomer, type TestProvider } from './test-support/fixtures';
import { createRequestsTestEnv, createTestClient, startRequests, type RequestsTestEnv } from './test-support/requests-harness';

async function rejection(p: Promise<unknown>): Promise<DomainError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error('expected a rejection');
}

describe('requests over NATS (real PostgreSQL + JetStream)', () => {
  let env: RequestsTestEnv;
  let app: INestMicroservice;
  let ds: DataSource;
  let client: MessagingClient;
  let publisher: EventPublisher;
  let clientCtx: INestApplicationContext;

  beforeAll(async () => {
    env = await createRequestsTestEnv('requests_flow');
    app = await startRequests(env.config);
    ds = app.get<DataSource>(getDataSourceToken());
    ({ client, publisher, context: clientCtx } = await createTestClient(env));
  });

  afterAll(async () => {
    await clientCtx?.close();
    await app?.close();
    await env?.close();
  });

  const create = (c: TestCustomer, overrides: Record<string, unknown> = {}) =>
    client.send(CreateServiceRequest, { actor: c.actor, body: requestBody(overrides) as never });
  const bid = (p: TestProvider, requestId: string, data: Record<string, unknown> = {}) =>
    client.send(PlaceBid, { actor: p.actor, body: { data: { requestId, amount: 100, estimatedArrival: 15, ...data } as never } });

  describe('the full cash flow', () => {
    let customer: TestCustomer;
    let near1: TestProvider;
    let near2: TestProvider;
    let far: TestProvider;
    let unapproved: TestProvider;
    let offline: TestProvider;
    let request: ServiceRequestView;

    beforeAll(async () => {
      customer = await aCustomer(publisher, ds);
      near1 = await aProvider(publisher, ds, { businessName: 'Near One', location: { lat: 37.78, lng: -122.41 } });
      near2 = await aProvider(publisher, ds, { businessName: 'Near Two', location: { lat: 37.8, lng: -122.39 }, serviceRadiusMiles: 5 });
      // ~40 miles away with a 20 mile radius: its box does not hold the request.
      far = await aProvider(publisher, ds, { businessName: 'Far', location: { lat: 37.3, lng: -121.9 } });
      unapproved = await aProvider(publisher, ds, { businessName: 'Pending', isApproved: null });
      offline = await aProvider(publisher, ds, { businessName: 'Offline', online: false });
      await aProvider(publisher, ds, { businessName: 'No position', location: null });
    });

    it('creates the request Bids Open for the customer, offered to the in-radius approved online providers only', async () => {
      request = await create(customer);
      expect(request).toMatchObject({
        tireStatus: 'Bids Open',
        tireSize: '225/65/17',
        budget: 120,
        paymentMethod: 'cash',
        priority: 'normal',
        customer: { documentId: customer.customerId, fullName: 'Casey Customer', phone: '+1 555 000 1111' },
        location: { address: '500 Market St', lat: 37.79, lng: -122.4 },
        amount: null,
        accepted_bid: null,
        bids: [],
      });
      const offers: { provider_id: string }[] = await ds.query(`SELECT provider_id FROM "requests"."offers" WHERE request_id = $1`, [
        request.id,
      ]);
      expect(offers.map((o) => o.provider_id).sort()).toEqual([near1.providerId, near2.providerId].sort());
      const [created] = await outboxRows(ds, 'requests.evt.request.created.v1');
      expect(created!.payload).toMatchObject({
        requestId: request.id,
        customerId: customer.customerId,
        customerUserId: customer.userId,
        request: { requestId: request.id, serviceType: 'Flat Tire Repair', budget: 120, customer: { fullName: 'Casey Customer' } },
      });
      expect((created!.payload.matchedProviderIds as string[]).slice().sort()).toEqual([near1.providerId, near2.providerId].sort());
      expect(created!.payload.matchedProviderUserIds).toHaveLength(2);
    });

    it('refuses bids from an unapproved provider, from providers not offered the request (out of radius, offline)', async () => {
      expect(await rejection(bid(unapproved, request.id))).toMatchObject({ code: 'FORBIDDEN', details: { reason: 'PROVIDER_NOT_APPROVED' } });
      expect(await rejection(bid(far, request.id))).toMatchObject({ code: 'FORBIDDEN', details: { reason: 'NOT_OFFERED' } });
      expect(await rejection(bid(offline, request.id))).toMatchObject({ code: 'FORBIDDEN', details: { reason: 'NOT_OFFERED' } });
      expect(await rejection(bid(near1, request.id, { provider: near2.providerId }))).toMatchObject({ code: 'NOT_OWNER' });
      expect(await rejection(bid(near1, request.id, { amount: 0 }))).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(await rejection(bid(near1, request.id, { estimatedArrival: 'soon' }))).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(await rejection(client.send(PlaceBid, { actor: customer.actor, body: { data: { requestId: request.id } } }))).toMatchObject({
        code: 'ROLE_NOT_ALLOWED',
      });
    });

    it('takes one live bid per provider (a second replaces the first) with distance, empty price -> budget', async () => {
      const first = await bid(near1, request.id, { amount: 150 });
      const second = await bid(near1, request.id, { amount: '95', estimatedArrival: '12', notes: 'On my way' });
      expect(second.id).not.toBe(first.id);
      expect(second).toMatchObject({ amount: 95, estimatedArrival: '12', bidStatus: 'pending', notes: 'On my way', countdown: 10 });
      expect(second.provider).toMatchObject({ documentId: near1.providerId, businessName: 'Near One', totalJobs: 0, rating: null });
      expect(second.provider.responseTime).toMatch(/sec|min/);
      expect(second.location).toEqual({ lat: 37.78, lng: -122.41 });
      expect(second.distance).toBeGreaterThan(0.5);
      expect(second.distance).toBeLessThan(1.2);
      const b2 = await bid(near2, request.id, { amount: '', estimatedArrival: 20 });
      expect(b2.amount).toBe(120);
      const statuses: { id: string; status: string }[] = await ds.query(`SELECT id, status FROM "requests"."bids" WHERE request_id = $1`, [
        request.id,
      ]);
      expect(statuses.find((s) => s.id === first.id)?.status).toBe('replaced');
      const placed = await outboxRows(ds, 'requests.evt.bid.placed.v1');
      expect(placed).toHaveLength(3);
      expect(placed[1]!.payload).toMatchObject({
        requestId: request.id,
        customerId: customer.customerId,
        customerUserId: customer.userId,
        providerId: near1.providerId,
        providerUserId: near1.userId,
        replacedBidId: first.id,
        bid: { bidId: second.id, amount: 95, estimatedArrival: '12', provider: { businessName: 'Near One' } },
      });
    });

    it('shows the customer every bid, and each provider only its own (sealed bids)', async () => {
      const all = await client.send(ListBids, { actor: customer.actor, filters: { requestId: { $eq: request.id } } });
      expect(all.data).toHaveLength(2);
      expect(all.data.map((b) => b.provider.businessName).sort()).toEqual(['Near One', 'Near Two']);
      const mine = await client.send(ListBids, { actor: near2.actor, filters: { requestId: { $eq: request.id } } });
      expect(mine.data.map((b) => b.provider.documentId)).toEqual([near2.providerId]);
      const seen = await client.send(GetServiceRequest, { actor: near2.actor, requestId: request.id });
      expect(seen.bids.map((b) => b.amount)).toEqual([120]);
      expect(seen.customer.phone).toBeNull();
      expect(JSON.stringify(seen)).not.toContain('"amount":95');
      const offered = await client.send(ListServiceRequests, { actor: near2.actor });
      expect(offered.data.map((r) => r.id)).toEqual([request.id]);
      const notOffered = await client.send(ListServiceRequests, { actor: far.actor });
      expect(notOffered.data).toEqual([]);
      expect(await rejection(client.send(GetServiceRequest, { actor: far.actor, requestId: request.id }))).toMatchObject({ code: 'NOT_OWNER' });
      expect(await rejection(client.send(ListServiceRequests, { actor: unapproved.actor }))).toMatchObject({ code: 'FORBIDDEN' });
    });

    it('refuses another customer, then accepts exactly once: Accepted with amount and provider, the other bid closed', async () => {
      const other = await aCustomer(publisher, ds);
      const bids = (await client.send(ListBids, { actor: customer.actor, filters: { requestId: { $eq: request.id } } })).data;
      const chosen = bids.find((b) => b.provider.documentId === near1.providerId) as BidView;
      const loser = bids.find((b) => b.provider.documentId === near2.providerId) as BidView;
      expect(await rejection(client.send(AcceptBid, { actor: other.actor, bidId: chosen.id }))).toMatchObject({ code: 'NOT_OWNER' });
      expect(await rejection(client.send(ListBids, { actor: other.actor, filters: { requestId: { $eq: request.id } } }))).toMatchObject({
        code: 'NOT_OWNER',
      });
      expect(await rejection(client.send(CancelServiceRequest, { actor: other.actor, requestId: request.id }))).toMatchObject({
        code: 'NOT_OWNER',
      });
      expect(
        await rejection(client.send(AcceptBid, { actor: customer.actor, bidId: chosen.id, expect: { amount: 1 } })),
      ).toMatchObject({ code: 'FIELD_NOT_WRITABLE' });

      const accepted = await client.send(AcceptBid, {
        actor: customer.actor,
        bidId: chosen.id,
        requestId: request.id,
        expect: { amount: 95, providerId: near1.providerId },
      });
      expect(accepted).toMatchObject({
        tireStatus: 'Accepted',
        amount: 95,
        provider: { documentId: near1.providerId, businessName: 'Near One' },
        accepted_bid: { id: chosen.id, bidStatus: 'accepted', provider: { documentId: near1.providerId } },
      });
      expect(accepted.bids.find((b) => b.id === loser.id)?.bidStatus).toBe('closed');

      // Strict: a second accept of the same bid is a conflict; idempotent (PUT /bids) answers the state again.
      expect(await rejection(client.send(AcceptBid, { actor: customer.actor, bidId: chosen.id }))).toMatchObject({
        code: 'CONFLICT',
        details: { reason: 'REQUEST_NOT_OPEN' },
      });
      expect(await rejection(client.send(AcceptBid, { actor: customer.actor, bidId: loser.id, mode: 'idempotent' }))).toMatchObject({
        code: 'CONFLICT',
      });
      const again = await client.send(AcceptBid, { actor: customer.actor, bidId: chosen.id, mode: 'idempotent' });
      expect(again.accepted_bid?.id).toBe(chosen.id);
      expect(await rejection(bid(near2, request.id))).toMatchObject({ code: 'CONFLICT', details: { reason: 'REQUEST_NOT_OPEN' } });

      const events = (await outboxRows(ds)).filter((e) => !e.subject.endsWith('bid.placed.v1') && !e.subject.endsWith('request.created.v1'));
      expect(events.map((e) => e.subject)).toEqual([
        'requests.evt.request.accepted.v1',
        'requests.evt.bid.accepted.v1',
        'requests.evt.bid.closed.v1',
      ]);
      expect(events[0]!.payload).toMatchObject({
        requestId: request.id,
        customerUserId: customer.userId,
        bidId: chosen.id,
        providerId: near1.providerId,
        providerUserId: near1.userId,
        amount: 95,
        budget: 120,
        paymentMethod: 'cash',
        closedBids: [{ bidId: loser.id, providerId: near2.providerId }],
      });
      expect(events[1]!.payload).toMatchObject({ bidId: chosen.id, providerId: near1.providerId, request: { requestId: request.id } });
      expect(events[2]!.payload).toMatchObject({ bidId: loser.id, providerId: near2.providerId, reason: 'other-bid-accepted' });

      // The provider sees its job; the loser no longer sees the request.
      const jobs = await client.send(ListServiceRequests, {
        actor: near1.actor,
        filters: { provider: { documentId: { $eq: near1.providerId } } },
        sort: 'createdAt:desc',
      });
      expect(jobs.data.map((r) => [r.id, r.amount, r.customer.phone])).toEqual([[request.id, 95, '+1 555 000 1111']]);
      expect((await client.send(ListServiceRequests, { actor: near2.actor })).data).toEqual([]);

      // The relay publishes every event to the REQUESTS stream.
      await waitFor(async () => {
        const left: { n: string }[] = await ds.query(`SELECT count(*)::text AS n FROM "requests"."outbox" WHERE published_at IS NULL`);
        return left[0]!.n === '0';
      });
    });

    it('cancels before completion (then the provider is told), and not after', async () => {
      const done = await client.send(CancelServiceRequest, { actor: customer.actor, requestId: request.id });
      expect(done).toMatchObject({ tireStatus: 'Cancelled', status: 'Cancelled' });
      const [cancelled] = await outboxRows(ds, 'requests.evt.request.cancelled.v1');
      expect(cancelled!.payload).toMatchObject({
        requestId: request.id,
        previousStatus: 'Accepted',
        providerId: near1.providerId,
        providerUserId: near1.userId,
        customerUserId: customer.userId,
      });
      const list = await client.send(ListServiceRequests, { actor: customer.actor, filters: { tireStatus: { $eq: 'Canceled' } } });
      expect(list.data.map((r) => r.id)).toEqual([request.id]);
    });
  });

  it('validates the request: tire size, budget, service type, coordinates, own customer only', async () => {
    const c = await aCustomer(publisher, ds, { paymentMethod: null });
    const bad = async (overrides: Record<string, unknown>) => (await rejection(create(c, overrides))).code;
    expect(await bad({ tireSize: '22' })).toBe('VALIDATION_FAILED');
    expect(await bad({ tireSize: '225/65/R17/EXTRA' })).toBe('VALIDATION_FAILED');
    expect(await bad({ budget: 0 })).toBe('VALIDATION_FAILED');
    expect(await bad({ serviceType: 'Oil Change' })).toBe('VALIDATION_FAILED');
    expect(await bad({ paymentMethod: 'bitcoin' })).toBe('VALIDATION_FAILED');
    expect(await bad({ paymentMethod: undefined })).toBe('VALIDATION_FAILED');
    expect(await bad({ lat: 0, lng: 0, location: { lat: 0, lng: 0 } })).toBe('VALIDATION_FAILED');
    expect(await bad({ lat: undefined, lng: undefined, location: undefined })).toBe('VALIDATION_FAILED');
    expect(await bad({ customer: '00000000-0000-4000-8000-000000000000' })).toBe('NOT_OWNER');
    const ok = await create(c, { tireSize: '225 65 r17' });
    expect(ok.tireSize).toBe('225/65/R17');
  });

  it('20 concurrent bids of one provider on one request (a double tap, retries) all succeed and leave exactly one live bid', async () => {
    const customer = await aCustomer(publisher, ds);
    const provider = await aProvider(publisher, ds, { businessName: 'Double Tap' });
    const request = await create(customer);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => client.send(PlaceBid, { actor: provider.actor, body: { data: { requestId: request.id, amount: 80 + i, estimatedArrival: 10 } } }, { timeoutMs: 20000 })),
    );
    expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    const rows: { status: string }[] = await ds.query(`SELECT status FROM "requests"."bids" WHERE request_id = $1`, [request.id]);
    expect(rows.filter((r) => r.status === 'pending')).toHaveLength(1);
    expect(rows.filter((r) => r.status === 'replaced')).toHaveLength(19);
    const placed = (await outboxRows(ds, 'requests.evt.bid.placed.v1')).filter((e) => e.payload.requestId === request.id);
    expect(placed).toHaveLength(20);
  }, 60000);

  it('a bid that commits while the accept waits for the request row is closed by that accept, not left pending', async () => {
    const customer = await aCustomer(publisher, ds);
    const [chosen, late] = await Promise.all([aProvider(publisher, ds, { businessName: 'Chosen' }), aProvider(publisher, ds, { businessName: 'Late' })]);
    const request = await create(customer);
    const mine = await bid(chosen, request.id, { amount: 95 });
    // A bid in flight, as the bid path writes it: the request row held FOR SHARE, the bid inserted, not committed yet.
    const inFlight = ds.createQueryRunner();
    await inFlight.connect();
    const lateBidId = randomUUID();
    try {
      await inFlight.startTransaction();
      await inFlight.query(`SELECT 1 FROM "requests"."service_requests" WHERE "id" = $1 FOR SHARE`, [request.id]);
      await inFlight.query(
        `INSERT INTO "requests"."bids" ("id", "request_id", "provider_id", "amount_cents", "estimated_arrival_minutes", "status", "submitted_at", "expires_at")
         VALUES ($1, $2, $3, 8000, 10, 'pending', now(), now() + interval '5 minutes')`,
        [lateBidId, request.id, late.providerId],
      );
      const accepting = client.send(AcceptBid, { actor: customer.actor, bidId: mine.id }, { timeoutMs: 20000 });
      // The accept is waiting on the request row.
      await waitFor(
        async () => {
          const waiting: { n: number }[] = await ds.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%UPDATE "requests"."service_requests"%'`,
          );
          return waiting[0]!.n > 0;
        },
        { message: 'the accept waiting for the request row' },
      );
      await inFlight.commitTransaction();
      expect(await accepting).toMatchObject({ tireStatus: 'Accepted', amount: 95 });
    } finally {
      if (inFlight.isTransactionActive) await inFlight.rollbackTransaction();
      await inFlight.release();
    }
    const statuses: { id: string; status: string }[] = await ds.query(`SELECT id, status FROM "requests"."bids" WHERE request_id = $1`, [request.id]);
    expect(Object.fromEntries(statuses.map((b) => [b.id, b.status]))).toEqual({ [mine.id]: 'accepted', [lateBidId]: 'closed' });
    const closed = (await outboxRows(ds, 'requests.evt.bid.closed.v1')).filter((e) => e.payload.requestId === request.id);
    expect(closed.map((e) => e.payload.bidId)).toEqual([lateBidId]);
    const accepted = (await outboxRows(ds, 'requests.evt.request.accepted.v1')).filter((e) => e.payload.requestId === request.id);
    expect(accepted.map((e) => e.payload.closedBids)).toEqual([[{ bidId: lateBidId, providerId: late.providerId }]]);
  });

  it('200 concurrent accepts of one request (same bid and different bids) produce exactly one acceptance', async () => {
    const customer = await aCustomer(publisher, ds);
    const providers = await Promise.all([0, 1, 2, 3].map((i) => aProvider(publisher, ds, { businessName: `Racer ${i}` })));
    const request = await create(customer);
    const bids = await Promise.all(providers.map((p, i) => bid(p, request.id, { amount: 90 + i })));
    const calls = Array.from({ length: 200 }, (_, i) =>
      client.send(AcceptBid, { actor: customer.actor, bidId: bids[i % bids.length]!.id }, { timeoutMs: 20000 }).then(
        (v) => ({ ok: true as const, v }),
        (e: unknown) => ({ ok: false as const, e }),
      ),
    );
    const results = await Promise.all(calls);
    const wins = results.filter((r) => r.ok);
    const losses = results.filter((r): r is { ok: false; e: unknown } => !r.ok);
    expect(wins).toHaveLength(1);
    expect(losses).toHaveLength(199);
    for (const l of losses) {
      expect(l.e).toBeInstanceOf(DomainError);
      expect((l.e as DomainError).code).toBe('CONFLICT');
      expect(['REQUEST_NOT_OPEN', 'BID_NOT_OPEN']).toContain(((l.e as DomainError).details as { reason: string }).reason);
    }
    const rows: { status: string }[] = await ds.query(`SELECT status FROM "requests"."bids" WHERE request_id = $1`, [request.id]);
    expect(rows.filter((r) => r.status === 'accepted')).toHaveLength(1);
    expect(rows.filter((r) => r.status === 'closed')).toHaveLength(3);
    const accepted = (await outboxRows(ds, 'requests.evt.request.accepted.v1')).filter((e) => e.payload.requestId === request.id);
    expect(accepted).toHaveLength(1);
  }, 60000);
});

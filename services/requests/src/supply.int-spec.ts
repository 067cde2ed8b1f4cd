import type { INestApplicationContext, INestMicroservice } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { EventPublisher, MessagingClient } from '@tiredash/messaging';
import {
  AcceptBid,
  CancelServiceRequest,
  CreateServiceRequest,
  DomainError,
  GetServiceRequest,
  ListServiceRequests,
  PlaceBid,
  ProviderApproved,
} from '@tiredash/contracts';
import { waitFor } from '@tiredash/testing';
import type { DataSource } from 'typeorm';
import { aCustomer, aProvider, outboxRows, publishIdentityEvent, requestBody, updateProvider, type TestProvider } from './test-support/fixtures';
import { createRequestsTestEnv, createTestClient, startRequests, type RequestsTestEnv } from './test-support/requests-harness';

// The request in requestBody() is at (37.79, -122.4); ~1.5 km from NEAR, ~560 km from FAR.
const NEAR = { address: 'Near', lat: 37.78, lng: -122.41 };
const FAR = { address: 'Los Angeles', lat: 34.05, lng: -118.24 };

async function offeredTo(ds: DataSource, requestId: string): Promise<string[]> {
  const rows: { provider_id: string }[] = await ds.query(`SELECT provider_id FROM "requests"."offers" WHERE request_id = $1 ORDER BY provider_id`, [
    requestId,
  ]);
  return rows.map((r) => r.provider_id);
}

async function offeredEvents(ds: DataSource, providerId: string): Promise<Record<string, unknown>[]> {
  return (await outboxRows(ds, 'requests.evt.request.offered.v1')).map((r) => r.payload).filter((p) => p.providerId === providerId);
}

describe('supply: matching both ways and by service type', () => {
  let env: RequestsTestEnv;
  let app: INestMicroservice;
  let ds: DataSource;
  let client: MessagingClient;
  let publisher: EventPublisher;
  let ctx: INestApplicationContext;

  beforeAll(async () => {
    env = await createRequestsTestEnv('requests_supply');
    app = await startRequests(env.config);
    ds = app.get<DataSource>(getDataSourceToken());
    ({ client, publisher, context: ctx } = await createTestClient(env));
  });

  afterAll(async () => {
    await ctx?.close();
    await app?.close();
    await env?.close();
  });

  // Each test places its request at its own spot so providers of other tests never cover it.
  let spot = 0;
  function place(): { lat: number; lng: number; near: { address: string; lat: number; lng: number } } {
    spot += 1;
    const lat = 10 + spot * 2;
    const lng = 20 + spot * 2;
    return { lat, lng, near: { address: 'Nearby', lat: lat + 0.009, lng } };
  }
  const at = (p: { lat: number; lng: number }, overrides: Record<string, unknown> = {}) =>
    requestBody({ lat: p.lat, lng: p.lng, location: { address: 'Here', lat: p.lat, lng: p.lng }, ...overrides });

  it('offers an open request to a provider that comes online after it was posted, once, and the customer sees how many were asked', async () => {
    const p = place();
    const customer = await aCustomer(publisher, ds);
    const provider = await aProvider(publisher, ds, { online: false, location: null, serviceLocation: null });
    const request = await client.send(CreateServiceRequest, { actor: customer.actor, body: at(p) as never });
    expect(request.providersAsked).toBe(0);
    expect(await offeredTo(ds, request.id)).toEqual([]);

    // Online with a live position 1 km away: offered now, with a RequestOffered for the feed and the bidding screen.
    await updateProvider(publisher, ds, provider, { online: true, location: p.near });
    await waitFor(async () => (await offeredTo(ds, request.id)).length === 1, { message: 'late offer' });
    const [event] = await offeredEvents(ds, provider.providerId);
    expect(event).toMatchObject({
      requestId: request.id,
      customerUserId: customer.userId,
      providerUserId: provider.userId,
      providersAsked: 1,
      request: { requestId: request.id, serviceType: 'Flat Tire Repair' },
    });
    const seen = await client.send(GetServiceRequest, { actor: customer.actor, requestId: request.id });
    expect(seen.providersAsked).toBe(1);
    expect(seen.expiresAt).not.toBeNull();
    expect(new Date(String(seen.expiresAt)).getTime() - new Date(seen.createdAt).getTime()).toBe(1800 * 1000);

    // The provider's feed lists it; bidding works as for a request offered at creation.
    const feed = await client.send(ListServiceRequests, { actor: provider.actor, filters: { tireStatus: { $eq: 'Bids Open' } } as never, sort: 'createdAt:desc', pagination: {} as never });
    expect(feed.data.map((r) => r.id)).toContain(request.id);
    await client.send(PlaceBid, { actor: provider.actor, body: { data: { requestId: request.id, amount: 90, estimatedArrival: 10 } } });

    // Moving a little or announcing again offers nothing twice.
    await updateProvider(publisher, ds, provider, { location: { ...p.near, lat: p.near.lat + 0.001 } });
    await updateProvider(publisher, ds, provider, { online: true });
    await new Promise((r) => setTimeout(r, 300));
    expect(await offeredEvents(ds, provider.providerId)).toHaveLength(1);
  });

  it('offers open requests to a provider when the admin approves it, not before', async () => {
    const p = place();
    const customer = await aCustomer(publisher, ds);
    const provider = await aProvider(publisher, ds, { isApproved: null, online: true, location: p.near });
    const request = await client.send(CreateServiceRequest, { actor: customer.actor, body: at(p) as never });
    expect(await offeredTo(ds, request.id)).toEqual([]);
    await publishIdentityEvent(publisher, ProviderApproved, {
      providerId: provider.providerId,
      userId: provider.userId,
      by: customer.userId,
      at: new Date().toISOString(),
    });
    await waitFor(async () => (await offeredTo(ds, request.id)).length === 1, { message: 'offer on approval' });
    expect(await offeredTo(ds, request.id)).toEqual([provider.providerId]);
  });

  it('offers when a provider moves into range, and matches from the service address when no live position is known', async () => {
    const p = place();
    const customer = await aCustomer(publisher, ds);
    const mover = await aProvider(publisher, ds, { online: true, location: FAR });
    const based = await aProvider(publisher, ds, { online: true, location: null, serviceLocation: { lat: p.near.lat, lng: p.near.lng } });
    const request = await client.send(CreateServiceRequest, { actor: customer.actor, body: at(p) as never });
    // The base location (geocoded service address) matches at creation.
    expect(await offeredTo(ds, request.id)).toEqual([based.providerId]);
    expect(request.providersAsked).toBe(1);
    await updateProvider(publisher, ds, mover, { location: p.near });
    await waitFor(async () => (await offeredTo(ds, request.id)).length === 2, { message: 'offer after moving into range' });
    const [event] = await offeredEvents(ds, mover.providerId);
    expect(event).toMatchObject({ requestId: request.id, providersAsked: 2 });
  });

  it('matches by service type both ways: at creation and late', async () => {
    const p = place();
    const customer = await aCustomer(publisher, ds);
    const rotation = await aProvider(publisher, ds, { serviceTypes: ['Tire Rotation'], location: p.near });
    // 'Tire Repair' is the profile checklist's name for the work of a flat repair.
    const repair = await aProvider(publisher, ds, { serviceTypes: ['Tire Repair'], location: p.near });
    const flat = await client.send(CreateServiceRequest, { actor: customer.actor, body: at(p) as never });
    expect(await offeredTo(ds, flat.id)).toEqual([repair.providerId]);
    const rotate = await client.send(CreateServiceRequest, { actor: customer.actor, body: at(p, { serviceType: 'Tire Rotation' }) as never });
    expect(await offeredTo(ds, rotate.id)).toEqual([rotation.providerId]);

    // Late: a provider of wheel balancing only is offered neither; adding Flat Tire Repair offers the flat.
    const late: TestProvider = await aProvider(publisher, ds, { serviceTypes: ['Wheel Balancing'], online: false, location: p.near });
    await updateProvider(publisher, ds, late, { online: true });
    await new Promise((r) => setTimeout(r, 300));
    expect(await offeredEvents(ds, late.providerId)).toEqual([]);
    await updateProvider(publisher, ds, late, { serviceTypes: ['Wheel Balancing', 'Flat Tire Repair'] });
    await waitFor(async () => (await offeredEvents(ds, late.providerId)).length === 1, { message: 'offer after adding the service' });
    expect((await offeredEvents(ds, late.providerId))[0]).toMatchObject({ requestId: flat.id });
  });

  it('never offers late a request that is no longer open, nor to a provider that went offline', async () => {
    const p = place();
    const customer = await aCustomer(publisher, ds);
    const first = await aProvider(publisher, ds, { location: p.near });
    const request = await client.send(CreateServiceRequest, { actor: customer.actor, body: at(p) as never });
    const bid = await client.send(PlaceBid, { actor: first.actor, body: { data: { requestId: request.id, amount: 90, estimatedArrival: 10 } } });
    await client.send(AcceptBid, { actor: customer.actor, bidId: bid.id });
    const later = await aProvider(publisher, ds, { online: false, location: p.near });
    await updateProvider(publisher, ds, later, { online: true });
    const off = await aProvider(publisher, ds, { online: false, location: p.near });
    const second = await client.send(CreateServiceRequest, { actor: customer.actor, body: at(p) as never });
    await new Promise((r) => setTimeout(r, 300));
    expect(await offeredEvents(ds, later.providerId)).toEqual([]);
    expect((await offeredTo(ds, second.id)).sort()).toEqual([first.providerId, later.providerId].sort());
    expect(await offeredTo(ds, second.id)).not.toContain(off.providerId);
  });

  it.each([
    ['LT265/70R17', 'LT265/70/R17'],
    ['P215/65R15', 'P215/65/R15'],
    ['ST225/75R15', 'ST225/75/R15'],
    ['225/45ZR17', '225/45/ZR17'],
    ['255/35ZR19', '255/35/ZR19'],
    ['33x12.50R15', '33X12.50R15'],
    ['35X12.50R20LT', '35X12.50R20LT'],
    ['31x10.50R15', '31X10.50R15'],
    ['225/45R17', '225/45/R17'],
  ])('takes the tire size %s a shop sees every day (stored as %s)', async (typed, stored) => {
    const customer = await aCustomer(publisher, ds);
    const r = await client.send(CreateServiceRequest, { actor: customer.actor, body: at(place(), { tireSize: typed }) as never });
    expect(r.tireSize).toBe(stored);
  });

  it('still refuses what is not a tire size, with the form message', async () => {
    const customer = await aCustomer(publisher, ds);
    for (const tireSize of ['abc', '225/45', '999999']) {
      const err = await client.send(CreateServiceRequest, { actor: customer.actor, body: at(place(), { tireSize }) as never }).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(JSON.stringify((err as DomainError).details)).toContain('Enter a tire size like 225/65/R17');
    }
  });

  it("filters a provider's history by status and created date (inclusive days), and refuses a backwards range", async () => {
    const p = place();
    const customer = await aCustomer(publisher, ds);
    const provider = await aProvider(publisher, ds, { location: p.near });
    const jobs: string[] = [];
    for (const day of ['2026-03-01T12:00:00Z', '2026-03-05T23:30:00Z', '2026-03-09T08:00:00Z']) {
      const r = await client.send(CreateServiceRequest, { actor: customer.actor, body: at(p) as never });
      const bid = await client.send(PlaceBid, { actor: provider.actor, body: { data: { requestId: r.id, amount: 90, estimatedArrival: 10 } } });
      await client.send(AcceptBid, { actor: customer.actor, bidId: bid.id });
      await ds.query(`UPDATE "requests"."service_requests" SET created_at = $2 WHERE id = $1`, [r.id, day]);
      jobs.push(r.id);
    }
    await client.send(CancelServiceRequest, { actor: provider.actor, requestId: jobs[2]!, reason: 'Emergency' });
    const list = (filters: Record<string, unknown>) =>
      client.send(ListServiceRequests, {
        actor: provider.actor,
        filters: { provider: { documentId: { $eq: provider.providerId } }, ...filters } as never,
        sort: 'createdAt:asc',
        pagination: {} as never,
      });
    expect((await list({})).data.map((r) => r.id)).toEqual(jobs);
    expect((await list({ tireStatus: { $eq: 'Cancelled' } })).data.map((r) => r.id)).toEqual([jobs[2]]);
    expect((await list({ tireStatus: { $eq: 'Accepted' } })).data.map((r) => r.id)).toEqual([jobs[0], jobs[1]]);
    // A bare date's end covers its whole day.
    expect((await list({ createdAt: { $gte: '2026-03-02', $lte: '2026-03-05' } })).data.map((r) => r.id)).toEqual([jobs[1]]);
    expect((await list({ createdAt: { $gte: '2026-03-05T00:00:00Z' } })).data.map((r) => r.id)).toEqual([jobs[1], jobs[2]]);
    expect((await list({ createdAt: { $lt: '2026-03-05T00:00:00Z' } })).data.map((r) => r.id)).toEqual([jobs[0]]);
    const backwards = await list({ createdAt: { $gte: '2026-03-09', $lte: '2026-03-01' } }).catch((e: unknown) => e);
    expect(backwards).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(JSON.stringify((backwards as DomainError).details)).toContain('The start date must be on or before the end date');
    const garbage = await list({ createdAt: { $gte: 'yesterday' } }).catch((e: unknown) => e);
    expect(JSON.stringify((garbage as DomainError).details)).toContain('Use a date like 2026-11-24');
  });

  it('lets the accepted provider cancel with a reason (role and reason recorded and shown to the customer); refuses other providers', async () => {
    const p = place();
    const customer = await aCustomer(publisher, ds);
    const provider = await aProvider(publisher, ds, { location: p.near });
    const stranger = await aProvider(publisher, ds, { location: p.near });
    const request = await client.send(CreateServiceRequest, { actor: customer.actor, body: at(p) as never });
    const bid = await client.send(PlaceBid, { actor: provider.actor, body: { data: { requestId: request.id, amount: 90, estimatedArrival: 10 } } });
    await client.send(AcceptBid, { actor: customer.actor, bidId: bid.id });

    const refused = await client.send(CancelServiceRequest, { actor: stranger.actor, requestId: request.id, reason: 'Emergency' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: 'NOT_OWNER' });

    const cancelled = await client.send(CancelServiceRequest, { actor: provider.actor, requestId: request.id, reason: '  Vehicle breakdown ' });
    expect(cancelled).toMatchObject({ tireStatus: 'Cancelled', cancelledByRole: 'provider', cancelReason: 'Vehicle breakdown' });
    const seen = await client.send(GetServiceRequest, { actor: customer.actor, requestId: request.id });
    expect(seen).toMatchObject({ tireStatus: 'Cancelled', cancelledByRole: 'provider', cancelReason: 'Vehicle breakdown' });
    const events = (await outboxRows(ds, 'requests.evt.request.cancelled.v1')).filter((r) => r.payload.requestId === request.id);
    expect(events.map((e) => [e.payload.cancelledByRole, e.payload.reason, e.payload.previousStatus])).toEqual([['provider', 'Vehicle breakdown', 'Accepted']]);

    // A customer's cancel records the customer, and no reason even when one is sent.
    const other = await client.send(CreateServiceRequest, { actor: customer.actor, body: at(p) as never });
    const byCustomer = await client.send(CancelServiceRequest, { actor: customer.actor, requestId: other.id, reason: 'typed' });
    expect(byCustomer).toMatchObject({ tireStatus: 'Cancelled', cancelledByRole: 'customer', cancelReason: null });
  });
});

describe('supply: requests expire when no bid is accepted in time (REQUEST_OPEN_SECONDS=1)', () => {
  let env: RequestsTestEnv;
  let app: INestMicroservice;
  let ds: DataSource;
  let client: MessagingClient;
  let publisher: EventPublisher;
  let ctx: INestApplicationContext;

  beforeAll(async () => {
    env = await createRequestsTestEnv('requests_request_expiry', { REQUEST_OPEN_SECONDS: '1', BID_SWEEP_INTERVAL_MS: '100', BIDDING_WINDOW_SECONDS: '600' });
    app = await startRequests(env.config);
    ds = app.get<DataSource>(getDataSourceToken());
    ({ client, publisher, context: ctx } = await createTestClient(env));
  });

  afterAll(async () => {
    await ctx?.close();
    await app?.close();
    await env?.close();
  });

  it('expires the open request once: status Expired, its pending bids closed (request-expired), one request.expired; no accept, no late offer', async () => {
    const customer = await aCustomer(publisher, ds);
    const provider = await aProvider(publisher, ds, { location: NEAR });
    const request = await client.send(CreateServiceRequest, { actor: customer.actor, body: requestBody() as never });
    expect(request.expiresAt).not.toBeNull();
    expect(new Date(String(request.expiresAt)).getTime() - new Date(request.createdAt).getTime()).toBe(1000);
    const bid = await client.send(PlaceBid, { actor: provider.actor, body: { data: { requestId: request.id, amount: 90, estimatedArrival: 10 } } });

    const [expired] = await waitFor(
      async () => {
        const rows = await outboxRows(ds, 'requests.evt.request.expired.v1');
        return rows.length > 0 ? rows : null;
      },
      { timeoutMs: 5000, message: 'request.expired' },
    );
    expect(expired!.payload).toMatchObject({
      requestId: request.id,
      customerUserId: customer.userId,
      offeredProviderIds: [provider.providerId],
      closedBids: [{ bidId: bid.id, providerId: provider.providerId }],
    });
    const closed = (await outboxRows(ds, 'requests.evt.bid.closed.v1')).map((r) => r.payload);
    expect(closed).toEqual([expect.objectContaining({ bidId: bid.id, providerUserId: provider.userId, reason: 'request-expired' })]);

    const seen = await client.send(GetServiceRequest, { actor: customer.actor, requestId: request.id });
    expect(seen.tireStatus).toBe('Expired');
    expect(seen.bids.map((b) => b.bidStatus)).toEqual(['closed']);
    const err = await client.send(AcceptBid, { actor: customer.actor, bidId: bid.id }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'CONFLICT' });
    const cancel = await client.send(CancelServiceRequest, { actor: customer.actor, requestId: request.id }).catch((e: unknown) => e);
    expect(cancel).toMatchObject({ code: 'CONFLICT', details: { reason: 'REQUEST_NOT_CANCELLABLE' } });

    // A provider coming online nearby is not offered an expired request; repeated sweeps emit nothing more.
    const late = await aProvider(publisher, ds, { online: false, location: NEAR });
    await updateProvider(publisher, ds, late, { online: true });
    await new Promise((r) => setTimeout(r, 400));
    expect(await offeredEvents(ds, late.providerId)).toEqual([]);
    expect(await outboxRows(ds, 'requests.evt.request.expired.v1')).toHaveLength(1);
  });
});

import crypto from 'node:crypto';
import type { INestMicroservice } from '@nestjs/common';
import {
  AcceptBid,
  ConfirmCompletion,
  CreateServiceRequest,
  GetJob,
  GetJobAccess,
  GetServiceRequest,
  PlaceBid,
  distanceMiles,
  type ServiceRequestView,
  type SocketAck,
} from '@tiredash/contracts';
import { waitFor } from '@tiredash/testing';
// The real requests and dispatch services and identity's admin approval: the whole job path, nothing mocked.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { createRequestsTestEnv, startRequests } from '../../requests/src/test-support/requests-harness';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { requestBody } from '../../requests/src/test-support/fixtures';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { createDispatchTestEnv, startDispatch } from '../../dispatch/src/test-support/dispatch-harness';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { aUser } from '../../identity/src/test-support/fixtures';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { ProvidersService } from '../../identity/src/providers/providers.service';
import { LocationStream } from './sockets/location-stream.service';
import { pause, RealtimeTestEnv, type RealtimeNode, type RecordingClient, type TestUser } from '../test/support/realtime-harness';

function emitWithAck(c: RecordingClient, event: string, payload: unknown): Promise<SocketAck> {
  return c.socket.timeout(10000).emitWithAck(event, payload) as Promise<SocketAck>;
}

describe('live tracking: location stream, arrival, completion, confirmation over sockets (real identity, requests, dispatch)', () => {
  let env: RealtimeTestEnv;
  let requests: INestMicroservice;
  let dispatch: INestMicroservice;
  let node: RealtimeNode;
  let limited: RealtimeNode;
  let customer: TestUser;
  let otherCustomer: TestUser;
  let provider: TestUser;
  let otherProvider: TestUser;
  let job: ServiceRequestView;
  const s = {} as Record<'customer' | 'provider' | 'otherProvider' | 'otherCustomer', RecordingClient>;

  const asActor = (u: TestUser) => ({ userId: u.userId, role: u.role });

  async function acceptedJob(): Promise<ServiceRequestView> {
    const request = await waitFor(() => env.client.send(CreateServiceRequest, { actor: asActor(customer), body: requestBody() as never }), {
      timeoutMs: 15000,
      intervalMs: 300,
      message: 'request created',
    });
    const bid = await waitFor(
      () =>
        env.client.send(PlaceBid, {
          actor: asActor(provider),
          body: { data: { requestId: request.id, amount: 110, estimatedArrival: 10, location: { lat: 37.775, lng: -122.415 } } },
        }),
      { timeoutMs: 15000, intervalMs: 300, message: 'bid placed' },
    );
    const accepted = await env.client.send(AcceptBid, { actor: asActor(customer), bidId: bid.id, requestId: request.id });
    await waitFor(() => env.client.send(GetJobAccess, { requestId: request.id }), { intervalMs: 100, message: 'dispatch job' });
    return accepted;
  }

  beforeAll(async () => {
    env = await RealtimeTestEnv.create('realtime_tracking');
    const shared = { db: env.identityEnv.db, namespace: env.namespace };
    requests = await startRequests((await createRequestsTestEnv('realtime_tracking', { READ_MODEL_WAIT_MS: '10000' }, shared)).config);
    dispatch = await startDispatch((await createDispatchTestEnv('realtime_tracking', {}, shared)).config);
    // Fast enough for a 100-point burst; a short job cache so a finished job stops the stream quickly.
    node = await env.startNode({ REALTIME_LOCATION_MAX_PER_SECOND: '1000', REALTIME_JOB_CACHE_MS: '300' });
    // The default limit (2 points a second per job).
    limited = await env.startNode();
    [customer, otherCustomer, provider, otherProvider] = await Promise.all([env.aCustomer(), env.aCustomer(), env.aProvider(), env.aProvider()]);
    const admin = await aUser(env.identityApp, 'admin');
    for (const p of [provider, otherProvider]) {
      await env.identityApp.get(ProvidersService).update(admin.actor, p.businessId!, { data: { isApproved: true } });
    }
    job = await acceptedJob();
    s.customer = await env.connect(node.url, customer.token);
    s.provider = await env.connect(node.url, provider.token);
    s.otherProvider = await env.connect(node.url, otherProvider.token);
    s.otherCustomer = await env.connect(node.url, otherCustomer.token);
  }, 60000);

  afterAll(async () => {
    for (const c of Object.values(s)) c.close();
    await node?.close();
    await limited?.close();
    await dispatch?.close();
    await requests?.close();
    await env?.close();
  });

  const point = (i: number) => ({ lat: 37.775 + i * 0.0001, lng: -122.415 + i * 0.0001, customerId: job.customer.documentId, requestId: job.id });

  it("streams 100 points from the job's provider to the customer's socket in order, and to nobody else", async () => {
    const stats = node.app.get(LocationStream).stats;
    const forwardedBefore = stats.forwarded;
    for (let i = 0; i < 100; i += 1) s.provider.socket.emit('driver_location_update', point(i));
    await waitFor(() => s.customer.of('driver_location').length >= 100, { timeoutMs: 10000, message: '100 points delivered' });
    const got = s.customer.of('driver_location');
    expect(got).toHaveLength(100);
    expect(got.map((p) => p.lat)).toEqual(Array.from({ length: 100 }, (_, i) => point(i).lat));
    expect(got[0]).toEqual({ lat: point(0).lat, lng: point(0).lng, requestId: job.id });
    expect(stats.forwarded - forwardedBefore).toBe(100);
    await pause(300);
    for (const other of [s.provider, s.otherProvider, s.otherCustomer]) expect(other.of('driver_location')).toHaveLength(0);
    // Dispatch kept the latest point (Redis) and a sampled track (Postgres): far fewer points than were sent.
    const seen = await waitFor(async () => {
      const j = await env.client.send(GetJob, { actor: asActor(customer), requestId: job.id, track: true });
      return j.latest && Math.abs(j.latest.lat - point(99).lat) < 1e-9 ? j : null;
    }, { message: 'latest point in dispatch' });
    expect(seen.status).toBe('En Route');
    expect(seen.eta).toMatchObject({ source: 'straight-line' });
    const tracked = await waitFor(async () => {
      const j = await env.client.send(GetJob, { actor: asActor(customer), requestId: job.id, track: true });
      return (j.track?.length ?? 0) >= 1 ? j : null;
    }, { message: 'track sampled' });
    // Points 14 m apart within a second: one kept per 50 m (every 4th), not all 100.
    const track = tracked.track!;
    expect(track.length).toBeGreaterThan(15);
    expect(track.length).toBeLessThan(35);
    for (let i = 1; i < track.length; i += 1) expect(distanceMiles(track[i - 1]!, track[i]!) * 1609.344).toBeGreaterThanOrEqual(50);
  });

  it("drops another provider's points for the job, a customer's, and impossible coordinates: counted, never forwarded", async () => {
    const stats = node.app.get(LocationStream).stats;
    const before = { ...stats.dropped };
    const delivered = s.customer.of('driver_location').length;
    expect(await emitWithAck(s.otherProvider, 'driver_location_update', point(1))).toEqual({
      ok: false,
      error: { code: 'FORBIDDEN', message: "Only the job's provider streams its location" },
    });
    for (let i = 0; i < 5; i += 1) s.otherProvider.socket.emit('driver_location_update', point(i));
    expect(await emitWithAck(s.customer, 'driver_location_update', point(2))).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    for (const bad of [{ ...point(3), lat: 95 }, { ...point(3), lat: 0, lng: 0 }, { ...point(3), lng: 'x' }, { lat: 1, lng: 1 }]) {
      expect(await emitWithAck(s.provider, 'driver_location_update', bad)).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    }
    await waitFor(() => stats.dropped.wrongProvider - before.wrongProvider === 6, { message: 'drops counted' });
    expect(stats.dropped.notProvider - before.notProvider).toBe(1);
    expect(stats.dropped.invalid - before.invalid).toBe(4);
    await pause(300);
    expect(s.customer.of('driver_location')).toHaveLength(delivered);
  });

  it('drops points above 2 a second per job (default limit) and says so in the ack', async () => {
    const p = await env.connect(limited.url, provider.token);
    const delivered = s.customer.of('driver_location').length;
    const acks = await Promise.all(Array.from({ length: 10 }, (_, i) => emitWithAck(p, 'driver_location_update', point(200 + i))));
    expect(acks.filter((a) => a.ok)).toHaveLength(2);
    expect(acks.filter((a) => !a.ok).every((a) => !a.ok && a.error.code === 'RATE_LIMITED')).toBe(true);
    expect(limited.app.get(LocationStream).stats.dropped.rateLimited).toBe(8);
    await waitFor(() => s.customer.of('driver_location').length === delivered + 2, { message: 'two forwarded' });
    await pause(300);
    expect(s.customer.of('driver_location')).toHaveLength(delivered + 2);
    p.close();
  });

  it('a point taken offline and sent twice with its key (the app replaying its outbox) is forwarded once, at the time it was taken', async () => {
    const delivered = s.customer.of('driver_location').length;
    const forwarded = node.app.get(LocationStream).stats.forwarded;
    const at = Date.now() - 20;
    const replay = { ...point(400), pointId: crypto.randomUUID(), at };
    expect(await emitWithAck(s.provider, 'driver_location_update', replay)).toEqual({ ok: true, relayed: true });
    expect(await emitWithAck(s.provider, 'driver_location_update', replay)).toEqual({ ok: true, relayed: false });
    // Another replica answers the key the same way (the key is claimed in Redis, not in the node's memory).
    const other = await env.connect(limited.url, provider.token);
    await pause(1100); // the default limit's bucket refills
    expect(await emitWithAck(other, 'driver_location_update', replay)).toEqual({ ok: true, relayed: false });
    other.close();
    await waitFor(() => s.customer.of('driver_location').length === delivered + 1, { message: 'the replayed point forwarded' });
    await pause(300);
    expect(s.customer.of('driver_location').slice(delivered)).toEqual([{ lat: point(400).lat, lng: point(400).lng, requestId: job.id }]);
    expect(node.app.get(LocationStream).stats.forwarded - forwarded).toBe(1);
    // Dispatch recorded it at the time the device took it, not when it arrived.
    const latest = await waitFor(async () => {
      const j = await env.client.send(GetJob, { actor: asActor(customer), requestId: job.id });
      return j.latest && Math.abs(j.latest.lat - point(400).lat) < 1e-9 ? j.latest : null;
    }, { message: 'latest point in dispatch' });
    expect(latest.at).toBe(new Date(at).toISOString());
    // A point older than the key's memory is refused rather than risk a second delivery.
    expect(await emitWithAck(s.provider, 'driver_location_update', { ...point(401), pointId: crypto.randomUUID(), at: Date.now() - 25 * 3600 * 1000 })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED' },
    });
  });

  it("'I AM HERE' sets the request In Progress and tells the customer (provider_arrived); only the job's provider may", async () => {
    const refused = await emitWithAck(s.otherProvider, 'arrived', { requestId: job.id });
    expect(refused).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    // Arrival is checked against the provider's latest streamed point (ARRIVAL_MAX_DISTANCE_METERS): it drove to the job.
    const there = { lat: job.lat, lng: job.lng, customerId: job.customer.documentId, requestId: job.id };
    expect(await emitWithAck(s.provider, 'driver_location_update', there)).toMatchObject({ ok: true });
    await waitFor(async () => {
      const j = await env.client.send(GetJob, { actor: asActor(customer), requestId: job.id });
      return j.latest !== null && Math.abs(j.latest.lat - job.lat) < 1e-9 && Math.abs(j.latest.lng - job.lng) < 1e-9;
    }, { message: "the provider's point at the job in dispatch" });
    const ack = await emitWithAck(s.provider, 'arrived', {
      requestId: job.id,
      customerId: job.customer.documentId,
      providerId: provider.businessId,
      arrivedAt: new Date().toISOString(),
    });
    expect(ack).toEqual({ ok: true, relayed: true });
    await waitFor(() => s.customer.of('provider_arrived').length === 1, { message: 'provider_arrived' });
    expect(s.customer.of('provider_arrived')[0]).toMatchObject({ requestId: job.id, providerId: provider.businessId, customerId: customer.customerId });
    expect((await env.client.send(GetServiceRequest, { actor: asActor(customer), requestId: job.id })).tireStatus).toBe('In Progress');
    await waitFor(async () => (await env.client.send(GetJobAccess, { requestId: job.id })).status === 'Arrived', { message: 'dispatch Arrived' });
    await pause(200);
    for (const other of [s.provider, s.otherProvider, s.otherCustomer]) expect(other.of('provider_arrived')).toHaveLength(0);
  });

  it("a second 'arrived' for the job (the app replaying its outbox) is acknowledged and tells the customer nothing more", async () => {
    const ack = await emitWithAck(s.provider, 'arrived', { requestId: job.id, customerId: job.customer.documentId, providerId: provider.businessId, arrivedAt: new Date().toISOString() });
    expect(ack).toEqual({ ok: true, relayed: true });
    await pause(1000);
    expect(s.customer.of('provider_arrived')).toHaveLength(1);
  });

  it('job_completed reaches the customer; the cash confirmation ends Service Completed and job_confirmed reaches the provider; the stream stops', async () => {
    expect(await emitWithAck(s.provider, 'job_completed', { requestId: job.id, providerId: provider.businessId, customerId: customer.customerId })).toEqual({
      ok: true,
      relayed: true,
    });
    await waitFor(() => s.customer.of('job_completed').length === 1, { message: 'job_completed' });
    expect(s.customer.of('job_completed')[0]).toMatchObject({ requestId: job.id, providerId: provider.businessId });

    // The customer's PUT {tireStatus: 'Service Completed'} is this command.
    const done = await env.client.send(ConfirmCompletion, { actor: asActor(customer), requestId: job.id });
    expect(done.tireStatus).toBe('Service Completed');
    await waitFor(() => s.provider.of('job_confirmed').length === 1, { message: 'job_confirmed' });
    expect(s.provider.of('job_confirmed')[0]).toMatchObject({ requestId: job.id, customerId: customer.customerId, paymentMethod: 'cash' });
    expect(s.customer.of('job_confirmed')).toHaveLength(0);

    await waitFor(async () => !(await env.client.send(GetJobAccess, { requestId: job.id })).active, { message: 'job inactive' });
    await pause(400); // the node's job cache (300 ms) expires
    expect(await emitWithAck(s.provider, 'driver_location_update', point(300))).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
  });

  it("a 'job_completed' sent again after the confirmation is acknowledged without a second job_completed", async () => {
    expect(await emitWithAck(s.provider, 'job_completed', { requestId: job.id, providerId: provider.businessId, customerId: customer.customerId })).toEqual({
      ok: true,
      relayed: true,
    });
    await pause(1000);
    expect(s.customer.of('job_completed')).toHaveLength(1);
  });

  it('job_canceled from the provider cancels the job and reaches the customer', async () => {
    const second = await acceptedJob();
    const ack = await emitWithAck(s.provider, 'job_canceled', { requestId: second.id });
    expect(ack).toEqual({ ok: true, relayed: true });
    await waitFor(() => s.customer.of('job_canceled').some((e) => e.requestId === second.id), { message: 'job_canceled to the customer' });
    expect(s.customer.of('job_canceled').find((e) => e.requestId === second.id)).toMatchObject({ tireStatus: 'Cancelled', canceledBy: provider.userId });
    expect((await env.client.send(GetServiceRequest, { actor: asActor(customer), requestId: second.id })).tireStatus).toBe('Cancelled');
  });
});

import { randomUUID } from 'node:crypto';
import type { INestMicroservice } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import {
  CompletionReported,
  DomainError,
  GetJob,
  GetJobAccess,
  LOCATION_POINT_SUBJECT,
  ProviderArrived,
  RequestAccepted,
  RequestCancelled,
  RequestConfirmed,
  type EventPayload,
  type LocationPoint,
} from '@tiredash/contracts';
import { namespacedSubject } from '@tiredash/messaging';
import { waitFor } from '@tiredash/testing';
import type { DataSource } from 'typeorm';
import { LocationStore } from '../location/location-store';
import { createDispatchTestClient, type DispatchTestClient } from '../test-support/client';
import { createDispatchTestEnv, startDispatch, type DispatchTestEnv } from '../test-support/dispatch-harness';

async function rejection(p: Promise<unknown>): Promise<DomainError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error('expected a rejection');
}

function accepted(overrides: Partial<EventPayload<typeof RequestAccepted>> = {}): EventPayload<typeof RequestAccepted> {
  return {
    requestId: randomUUID(),
    customerId: randomUUID(),
    customerUserId: randomUUID(),
    bidId: randomUUID(),
    providerId: randomUUID(),
    providerUserId: randomUUID(),
    amount: 95,
    budget: 100,
    paymentMethod: 'cash',
    estimatedArrival: '15',
    closedBids: [],
    acceptedAt: new Date().toISOString(),
    origin: { lat: 37.77, lng: -122.42 },
    destination: { lat: 37.8, lng: -122.42, address: '500 Market St' },
    serviceType: 'Flat Tire Repair',
    ...overrides,
  };
}

describe('dispatch jobs and the live location stream (real PostgreSQL, Redis, NATS)', () => {
  let env: DispatchTestEnv;
  let app: INestMicroservice;
  let ds: DataSource;
  let t: DispatchTestClient;

  beforeAll(async () => {
    env = await createDispatchTestEnv('dispatch_jobs', { AVERAGE_SPEED_MPH: '30' });
    app = await startDispatch(env.config);
    ds = app.get<DataSource>(getDataSourceToken());
    t = await createDispatchTestClient(env);
  });

  afterAll(async () => {
    await t?.close();
    await app?.close();
    await env?.close();
  });

  const parties = (a: EventPayload<typeof RequestAccepted>) => ({
    requestId: a.requestId,
    customerId: a.customerId,
    customerUserId: a.customerUserId,
    providerId: a.providerId,
    providerUserId: a.providerUserId,
  });
  const waitStatus = (requestId: string, status: string) =>
    waitFor(
      async () => {
        const rows: { status: string }[] = await ds.query(`SELECT status FROM "dispatch"."jobs" WHERE request_id = $1`, [requestId]);
        return rows[0]?.status === status ? rows[0] : null;
      },
      { message: `job ${status}` },
    );

  it('creates the job En Route at acceptance (origin = bid location, destination = request) and follows arrival, completion, confirmation', async () => {
    const a = accepted();
    await t.publish(RequestAccepted, a);
    await waitStatus(a.requestId, 'En Route');
    const customer = { userId: a.customerUserId, role: 'customer' as const };
    const job = await t.client.send(GetJob, { actor: customer, requestId: a.requestId });
    expect(job).toMatchObject({
      requestId: a.requestId,
      status: 'En Route',
      providerId: a.providerId,
      customerId: a.customerId,
      amount: 95,
      paymentMethod: 'cash',
      origin: { lat: 37.77, lng: -122.42 },
      destination: { lat: 37.8, lng: -122.42, address: '500 Market St' },
      latest: null,
      // No directions service answers here: straight line from the origin, 2.07 miles at 30 mph.
      eta: { minutes: 4, distanceMiles: 2.07, source: 'straight-line' },
      arrivedAt: null,
    });
    await expect(t.client.send(GetJobAccess, { requestId: a.requestId })).resolves.toEqual({
      requestId: a.requestId,
      providerId: a.providerId,
      providerUserId: a.providerUserId,
      customerId: a.customerId,
      customerUserId: a.customerUserId,
      status: 'En Route',
      active: true,
    });
    // Only its parties (and admins) read a job.
    expect((await rejection(t.client.send(GetJob, { actor: { userId: randomUUID(), role: 'customer' }, requestId: a.requestId }))).code).toBe('NOT_OWNER');
    await expect(t.client.send(GetJob, { actor: { userId: a.providerUserId!, role: 'provider' }, requestId: a.requestId })).resolves.toMatchObject({ status: 'En Route' });
    expect((await rejection(t.client.send(GetJobAccess, { requestId: randomUUID() }))).code).toBe('NOT_FOUND');

    const arrivedAt = new Date().toISOString();
    await t.publish(ProviderArrived, { ...parties(a), arrivedAt });
    await waitStatus(a.requestId, 'Arrived');
    await t.publish(CompletionReported, { ...parties(a), completedAt: new Date().toISOString() });
    await waitStatus(a.requestId, 'Completed');
    await t.publish(RequestConfirmed, {
      ...parties(a),
      paymentMethod: 'cash',
      amount: 95,
      serviceType: 'Flat Tire Repair',
      providerTotalJobs: 1,
      confirmedAt: new Date().toISOString(),
    });
    const done = await waitFor(async () => {
      const j = await t.client.send(GetJob, { actor: customer, requestId: a.requestId });
      return j.confirmedAt ? j : null;
    });
    expect(done).toMatchObject({ status: 'Completed', eta: null });
    expect(Date.parse(done.arrivedAt!)).toBe(Date.parse(arrivedAt));
    await expect(t.client.send(GetJobAccess, { requestId: a.requestId })).resolves.toMatchObject({ active: false, status: 'Completed' });
    const changes: { payload: { status: string } }[] = await ds.query(
      `SELECT payload FROM "dispatch"."outbox" WHERE subject = 'dispatch.evt.job.status-changed.v1' AND payload->>'requestId' = $1 ORDER BY seq`,
      [a.requestId],
    );
    expect(changes.map((c) => c.payload.status)).toEqual(['En Route', 'Arrived', 'Completed']);
  });

  it('cancels the job when the accepted request is cancelled (and never creates one for a request cancelled while open)', async () => {
    const a = accepted();
    await t.publish(RequestAccepted, a);
    await waitStatus(a.requestId, 'En Route');
    await t.publish(RequestCancelled, {
      requestId: a.requestId,
      customerId: a.customerId,
      customerUserId: a.customerUserId,
      previousStatus: 'Accepted',
      providerId: a.providerId,
      providerUserId: a.providerUserId,
      offeredProviderIds: [],
      closedBids: [],
      cancelledBy: a.providerUserId!,
      cancelledAt: new Date().toISOString(),
    });
    await waitStatus(a.requestId, 'Cancelled');
    await expect(t.client.send(GetJobAccess, { requestId: a.requestId })).resolves.toMatchObject({ active: false });
  });

  it('keeps the latest point in Redis (never replaced by an older one) and a track sampled at 10 s or 50 m', async () => {
    const a = accepted();
    await t.publish(RequestAccepted, a);
    await waitStatus(a.requestId, 'En Route');
    const nc = t.connection.connection;
    const subject = namespacedSubject(env.namespace, LOCATION_POINT_SUBJECT);
    const t0 = Date.now() - 60_000;
    const send = (p: Omit<LocationPoint, 'requestId' | 'providerId'>) =>
      nc.publish(subject, JSON.stringify({ requestId: a.requestId, providerId: a.providerId, ...p }));
    // 1: first point, kept. 2-5: one a second, ~2 m apart: not kept. 6: 60 m further: kept.
    send({ lat: 37.77, lng: -122.42, at: t0 });
    for (let i = 1; i <= 4; i += 1) send({ lat: 37.77 + i * 0.00002, lng: -122.42, at: t0 + i * 1000 });
    send({ lat: 37.7706, lng: -122.42, at: t0 + 5000 });
    // 7: hardly moved but 11 s after the last kept one: kept. 8: older than the latest: ignored entirely.
    send({ lat: 37.77061, lng: -122.42, at: t0 + 16_000 });
    send({ lat: 37.9, lng: -122.9, at: t0 + 15_000 });
    // 9: garbage: counted as invalid.
    nc.publish(subject, JSON.stringify({ requestId: a.requestId, lat: 'x' }));
    await nc.flush();
    const store = app.get(LocationStore);
    // Counted once each point's sampling decision is made (received is counted before it): 3 kept, 1 stale.
    await waitFor(() => store.stats.kept >= 3 && store.stats.stale >= 1 && store.stats.invalid >= 1, { message: 'points consumed' });
    await store.flush();
    const track: { lat: number; recorded_at: Date }[] = await ds.query(
      `SELECT lat, recorded_at FROM "dispatch"."track_points" WHERE request_id = $1 ORDER BY recorded_at`,
      [a.requestId],
    );
    expect(track.map((p) => p.lat)).toEqual([37.77, 37.7706, 37.77061]);
    const job = await t.client.send(GetJob, { actor: { userId: a.customerUserId, role: 'customer' }, requestId: a.requestId, track: true });
    expect(job.latest).toEqual({ lat: 37.77061, lng: -122.42, at: new Date(t0 + 16_000).toISOString() });
    expect(job.track).toHaveLength(3);
    // ETA now runs from the latest point: 0.02939 degrees = 2.03 miles.
    expect(job.eta).toMatchObject({ distanceMiles: 2.03, source: 'straight-line' });
  });
});

import { randomUUID } from 'node:crypto';
import { Module, type INestApplicationContext, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  CustomerNoShow,
  GetReports,
  PaymentCaptured,
  ProviderArrived,
  ProviderCreated,
  ProviderUpdated,
  RatingCreated,
  RequestAccepted,
  RequestCancelled,
  RequestConfirmed,
  RequestCreated,
  type Actor,
  type AnyEventDef,
  type EventPayload,
  type ReportQuery,
  type ReportsView,
} from '@tiredash/contracts';
import { EventPublisher, MessagingClient, MessagingModule } from '@tiredash/messaging';
import { cleanupNamespace, createTestDatabase, getTestInfra, testNamespace, waitFor, type TestDatabase } from '@tiredash/testing';
import { Client } from 'pg';
import { contentTestConfig, startContent } from '../test-support/content-harness';

@Module({})
class TestClientModule {}

const D1 = '2026-03-10';
const D2 = '2026-03-11';
const at = (day: string, time: string) => `${day}T${time}Z`;

/**
 * Reports and Analytics (issue 13, item 8): a scenario of events with known answers, delivered out of order, with
 * redeliveries of the same event id and copies under new ids, and every figure of the report checked.
 */
describe('reports: figures from the domain events (real PostgreSQL + NATS)', () => {
  let db: TestDatabase;
  let pg: Client;
  let namespace: string;
  let natsUrl: string;
  let app: INestMicroservice;
  let clientContext: INestApplicationContext;
  let client: MessagingClient;
  let publisher: EventPublisher;
  const admin: Actor = { userId: randomUUID(), role: 'admin' };
  /** Distinct event ids published (what the inbox holds once each is handled). */
  const published = new Set<string>();

  async function publish<E extends AnyEventDef>(def: E, payload: EventPayload<E>, opts: { id?: string; occurredAt?: string; copy?: string } = {}): Promise<string> {
    const id = opts.id ?? randomUUID();
    published.add(id);
    // A redelivery carries the same event id; its NATS message id differs so that JetStream stores it again.
    const msgID = opts.copy ? `${id}-${opts.copy}` : id;
    await publisher.publishRaw(def.subject, { id, subject: def.subject, occurredAt: opts.occurredAt ?? new Date().toISOString(), payload }, { msgID });
    return id;
  }

  const report = (query: ReportQuery, actor: Actor = admin) => client.send(GetReports, { actor, query });

  beforeAll(async () => {
    const infra = await getTestInfra();
    natsUrl = infra.natsUrl;
    db = await createTestDatabase('content_reports');
    namespace = testNamespace('content_reports');
    app = await startContent(contentTestConfig({ databaseUrl: db.url, natsUrl, namespace }));
    pg = new Client({ connectionString: db.url });
    await pg.connect();
    clientContext = await NestFactory.createApplicationContext(
      { module: TestClientModule, imports: [MessagingModule.forRoot({ serviceName: 'content-test-client', natsUrl, namespace })] },
      { logger: false },
    );
    client = clientContext.get(MessagingClient);
    publisher = clientContext.get(EventPublisher);
  });

  afterAll(async () => {
    await clientContext?.close();
    await app?.close();
    await pg?.end();
    await cleanupNamespace(natsUrl, namespace);
    await db?.drop();
  });

  it('is admin only', async () => {
    await expect(report({}, null)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(report({}, { userId: randomUUID(), role: 'customer' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(report({}, { userId: randomUUID(), role: 'provider' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('shows zeros and every day of an empty range', async () => {
    const r = await report({ from: '2020-01-01', to: '2020-01-03' });
    expect(r.days.map((d) => d.date)).toEqual(['2020-01-01', '2020-01-02', '2020-01-03']);
    expect(r.totals).toEqual({ revenueCents: 0, cardRevenueCents: 0, cashRevenueCents: 0, noShowFeeCents: 0, commissionCents: 0, requests: 0, jobsAccepted: 0, jobsCompleted: 0 });
    expect(r.rates.cancellationRate).toBeNull();
    expect(r.acceptanceTime).toMatchObject({ count: 0, p50Seconds: null, p90Seconds: null });
    expect(r.topProviders).toEqual([]);
  });

  it('computes every figure of a known scenario, whatever the order and the number of deliveries', async () => {
    const p1 = randomUUID();
    const p2 = randomUUID();
    const customer = randomUUID();
    const customerUserId = randomUUID();
    const [r1, r2, r3, r4, r5, r7] = Array.from({ length: 6 }, () => randomUUID());
    const parties = (requestId: string) => ({ requestId, customerId: customer, customerUserId });
    const job = (requestId: string, providerId: string) => ({ ...parties(requestId), providerId, providerUserId: null });
    const provider = (providerId: string, businessName: string) => ({
      providerId,
      userId: randomUUID(),
      businessName,
      fullName: null,
      phone: '+1 555 000 0000',
      serviceTypes: ['Tire Rotation'],
      serviceRadiusMiles: 20,
      serviceAddress: null,
      location: null,
      online: true,
      isApproved: true,
      hourlyRateCents: 0,
      yearsExperience: 1,
    });
    const created = (requestId: string, createdAt: string) => ({
      ...parties(requestId),
      request: {
        requestId,
        documentId: requestId,
        serviceType: 'Tire Rotation' as const,
        tireSize: '225/45R17',
        tireBrand: null,
        tireStatus: 'Bids Open' as const,
        address: null,
        lat: 40,
        lng: -74,
        budget: 80,
        priority: 'normal',
        scheduledTime: null,
        description: null,
        paymentMethod: 'card' as const,
        customer: { documentId: customer, fullName: 'Casey' },
        createdAt,
      },
      matchedProviderIds: [],
      matchedProviderUserIds: [],
    });
    const accepted = (requestId: string, providerId: string, acceptedAt: string, amount: number, paymentMethod: 'card' | 'cash') => ({
      ...parties(requestId),
      bidId: randomUUID(),
      providerId,
      providerUserId: null,
      amount,
      budget: amount,
      paymentMethod,
      estimatedArrival: '30 min',
      closedBids: [],
      acceptedAt,
    });
    const cancelled = (requestId: string, providerId: string | null, cancelledAt: string, reason: string | null, previousStatus: 'Bids Open' | 'Accepted') => ({
      ...parties(requestId),
      previousStatus,
      providerId,
      providerUserId: null,
      offeredProviderIds: [],
      closedBids: [],
      cancelledBy: customerUserId,
      cancelledAt,
      cancelledByRole: 'customer' as const,
      reason,
    });
    const capture = (requestId: string, providerId: string, amountCents: number, feeCents: number, capturedAt: string) => ({
      authorizationId: randomUUID(),
      requestId,
      paymentIntentId: `pi_${requestId.slice(0, 8)}`,
      customerUserId,
      providerId,
      amountCents,
      jobAmountCents: amountCents - feeCents,
      feeCents,
      commissionPercent: 20,
      serviceType: 'Tire Rotation',
      capturedAt,
    });
    const rating = (providerId: string, requestId: string, value: number, createdAt: string) => ({
      ratingId: randomUUID(),
      requestId,
      providerId,
      customerId: customer,
      rating: value,
      averageRating: value,
      ratingCount: 1,
      createdAt,
    });

    // Providers: the rename (newer) is read before the creation (older): the newer name stays.
    await publish(ProviderUpdated, { ...provider(p1, 'Alpha Tire Co'), by: randomUUID() }, { occurredAt: at(D1, '09:00:00') });
    await publish(ProviderCreated, provider(p1, 'Alpha Tires'), { occurredAt: at(D1, '08:00:00') });
    await publish(ProviderCreated, provider(p2, 'Bravo Wheels'), { occurredAt: at(D1, '08:00:00') });

    // R1, card, Alpha: created 10:00, accepted +120 s, arrived +1800 s, confirmed and captured $90 ($80 + $10 fee).
    // Out of order: the confirmation and the capture come first; the capture is redelivered and copied.
    await publish(RequestConfirmed, { ...job(r1, p1), paymentMethod: 'card', amount: 80, serviceType: 'Tire Rotation', providerTotalJobs: 1, confirmedAt: at(D1, '11:00:00') });
    const cap1 = capture(r1, p1, 9000, 1000, at(D1, '11:00:00'));
    const cap1Id = await publish(PaymentCaptured, cap1);
    await publish(PaymentCaptured, cap1, { id: cap1Id, copy: 'redelivery' });
    await publish(PaymentCaptured, cap1); // the same capture announced again under a new id
    await publish(ProviderArrived, { ...job(r1, p1), arrivedAt: at(D1, '10:32:00') });
    await publish(RequestAccepted, accepted(r1, p1, at(D1, '10:02:00'), 80, 'card'));
    await publish(RequestCreated, created(r1, at(D1, '10:00:00')));
    await publish(RatingCreated, rating(p1, r1, 5, at(D1, '11:05:00')));

    // R2, cash $50, Alpha: created D1 12:00, accepted +30 s, arrived +600 s, confirmed on D2 (counted on D2).
    const conf2 = { ...job(r2, p1), paymentMethod: 'cash' as const, amount: 50, serviceType: 'Tire Rotation', providerTotalJobs: 2, confirmedAt: at(D2, '09:00:00') };
    await publish(RequestCreated, created(r2, at(D1, '12:00:00')));
    await publish(RequestAccepted, accepted(r2, p1, at(D1, '12:00:30'), 50, 'cash'));
    await publish(ProviderArrived, { ...job(r2, p1), arrivedAt: at(D1, '12:10:30') });
    const conf2Id = await publish(RequestConfirmed, conf2);
    await publish(RequestConfirmed, conf2, { id: conf2Id, copy: 'redelivery' });
    await publish(RequestConfirmed, conf2);
    await publish(RatingCreated, rating(p1, r2, 4, at(D2, '09:10:00')));

    // R3, card, Bravo: accepted +300 s, arrived +900 s, customer absent: a $25 no-show fee (its capture announced too).
    await publish(CustomerNoShow, { ...job(r3, p2), paymentMethod: 'card', feeCents: 2500, serviceType: 'Tire Rotation', noShowAt: at(D2, '08:40:00') });
    await publish(PaymentCaptured, capture(r3, p2, 2500, 0, at(D2, '08:40:01')));
    await publish(RequestCreated, created(r3, at(D2, '08:00:00')));
    await publish(RequestAccepted, accepted(r3, p2, at(D2, '08:05:00'), 60, 'card'));
    await publish(ProviderArrived, { ...job(r3, p2), arrivedAt: at(D2, '08:20:00') });

    // R4, Bravo: accepted +60 s, then cancelled by the customer because the provider did not come (cancel first).
    const cancel4 = cancelled(r4, p2, at(D2, '10:00:00'), 'provider-no-show', 'Accepted');
    const cancel4Id = await publish(RequestCancelled, cancel4);
    await publish(RequestCancelled, cancel4, { id: cancel4Id, copy: 'redelivery' });
    await publish(RequestAccepted, accepted(r4, p2, at(D2, '09:01:00'), 70, 'card'));
    await publish(RequestCreated, created(r4, at(D2, '09:00:00')));

    // R5: posted and cancelled before any bid was accepted.
    await publish(RequestCreated, created(r5, at(D2, '10:00:00')));
    await publish(RequestCancelled, cancelled(r5, null, at(D2, '10:05:00'), null, 'Bids Open'));

    // R7: posted the day before the range, accepted in it (+1200 s), never arrived.
    await publish(RequestCreated, created(r7, at('2026-03-09', '23:50:00')));
    await publish(RequestAccepted, accepted(r7, p1, at(D1, '00:10:00'), 40, 'card'));

    await waitFor(
      async () => {
        const rows = await pg.query<{ n: number }>(`SELECT count(*)::int AS n FROM content.inbox WHERE consumer LIKE 'content-reports-%'`);
        return rows.rows[0]!.n >= published.size;
      },
      { timeoutMs: 20_000, message: 'every event handled by the report consumers' },
    );
    // The redeliveries (same ids) are skipped by the inbox: one row each.
    const dup = await pg.query<{ n: number }>(`SELECT count(*)::int AS n FROM content.inbox WHERE consumer = 'content-reports-payment-captured' AND event_id = $1`, [cap1Id]);
    expect(dup.rows[0]!.n).toBe(1);

    const r: ReportsView = await report({ from: D1, to: D2 });
    expect(r.from).toBe(D1);
    expect(r.to).toBe(D2);
    expect(r.provider).toBeNull();
    expect(r.days).toEqual([
      { date: D1, requests: 2, jobsAccepted: 3, jobsCompleted: 1, revenueCents: 9000, commissionCents: 2600 },
      { date: D2, requests: 3, jobsAccepted: 2, jobsCompleted: 1, revenueCents: 7500, commissionCents: 500 },
    ]);
    expect(r.totals).toEqual({
      revenueCents: 16500,
      cardRevenueCents: 9000,
      cashRevenueCents: 5000,
      noShowFeeCents: 2500,
      commissionCents: 3100,
      requests: 5,
      jobsAccepted: 5,
      jobsCompleted: 2,
    });
    expect(r.rates).toEqual({
      requests: 5,
      accepted: 4,
      cancelled: 2,
      customerNoShows: 1,
      providerNoShows: 1,
      cancellationRate: 0.4,
      customerNoShowRate: 0.25,
      providerNoShowRate: 0.25,
    });
    // Acceptance: 30, 60, 120, 300, 1200 s (R7's counts: accepted in the range).
    expect(r.acceptanceTime).toEqual({
      count: 5,
      p50Seconds: 120,
      p90Seconds: 1200,
      p95Seconds: 1200,
      maxSeconds: 1200,
      bins: [
        { fromSeconds: 0, toSeconds: 60, count: 1 },
        { fromSeconds: 60, toSeconds: 120, count: 1 },
        { fromSeconds: 120, toSeconds: 300, count: 1 },
        { fromSeconds: 300, toSeconds: 600, count: 1 },
        { fromSeconds: 600, toSeconds: 900, count: 0 },
        { fromSeconds: 900, toSeconds: 1800, count: 1 },
        { fromSeconds: 1800, toSeconds: 3600, count: 0 },
        { fromSeconds: 3600, toSeconds: null, count: 0 },
      ],
    });
    // Arrival: 600, 900, 1800 s.
    expect(r.arrivalTime).toMatchObject({ count: 3, p50Seconds: 900, p90Seconds: 1800, p95Seconds: 1800, maxSeconds: 1800 });
    expect(r.arrivalTime.bins.map((b) => b.count)).toEqual([0, 0, 0, 0, 1, 1, 1, 0]);
    expect(r.topProviders).toEqual([
      { providerId: p1, businessName: 'Alpha Tire Co', jobs: 2, revenueCents: 14000, averageRating: 4.5, ratingCount: 2 },
      { providerId: p2, businessName: 'Bravo Wheels', jobs: 0, revenueCents: 2500, averageRating: null, ratingCount: 0 },
    ]);

    // One provider (by part of its name, any case): every figure is its jobs'.
    const bravo = await report({ from: D1, to: D2, provider: 'bRAVO' });
    expect(bravo.provider).toBe('bRAVO');
    expect(bravo.days).toEqual([
      { date: D1, requests: 0, jobsAccepted: 0, jobsCompleted: 0, revenueCents: 0, commissionCents: 0 },
      { date: D2, requests: 2, jobsAccepted: 2, jobsCompleted: 0, revenueCents: 2500, commissionCents: 500 },
    ]);
    expect(bravo.rates).toMatchObject({ requests: 2, accepted: 2, cancelled: 1, cancellationRate: 0.5, customerNoShowRate: 0.5, providerNoShowRate: 0.5 });
    expect(bravo.acceptanceTime).toMatchObject({ count: 2, p50Seconds: 60, p90Seconds: 300 });
    expect(bravo.topProviders.map((p) => p.providerId)).toEqual([p2]);
    // By documentId too.
    expect((await report({ from: D1, to: D2, provider: p1 })).totals).toMatchObject({ revenueCents: 14000, jobsCompleted: 2 });
    expect((await report({ from: D1, to: D2, provider: 'nobody like this' })).totals.revenueCents).toBe(0);

    // One day: only D2's figures.
    const d2 = await report({ from: D2, to: D2 });
    expect(d2.days).toHaveLength(1);
    expect(d2.totals).toMatchObject({ revenueCents: 7500, requests: 3, jobsCompleted: 1 });
    expect(d2.topProviders).toEqual([
      { providerId: p1, businessName: 'Alpha Tire Co', jobs: 1, revenueCents: 5000, averageRating: 4, ratingCount: 1 },
      { providerId: p2, businessName: 'Bravo Wheels', jobs: 0, revenueCents: 2500, averageRating: null, ratingCount: 0 },
    ]);

    // The same events once more under new ids (a replay): nothing changes.
    await publish(RequestCreated, created(r1, at(D1, '10:00:00')));
    await publish(RequestAccepted, accepted(r1, p1, at(D1, '10:02:00'), 80, 'card'));
    await publish(CustomerNoShow, { ...job(r3, p2), paymentMethod: 'card', feeCents: 2500, serviceType: 'Tire Rotation', noShowAt: at(D2, '08:40:00') });
    await waitFor(
      async () => (await pg.query<{ n: number }>(`SELECT count(*)::int AS n FROM content.inbox WHERE consumer LIKE 'content-reports-%'`)).rows[0]!.n >= published.size,
      { timeoutMs: 20_000, message: 'the replay handled' },
    );
    expect(await report({ from: D1, to: D2 })).toEqual(r);
  });

  it('refuses a range that is reversed, malformed or too long', async () => {
    await expect(report({ from: D2, to: D1 })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(report({ from: '2026-02-30' } as ReportQuery)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(report({ from: '2024-01-01', to: '2025-12-31' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

import 'reflect-metadata';
import { Injectable, type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { EventEnvelope } from '@tiredash/contracts';
import { PersistenceModule, assertEntitiesMatchMigrations } from '@tiredash/persistence';
import { cleanupNamespace, createTestDatabase, getTestInfra, sleep, testNamespace, waitFor, type TestDatabase } from '@tiredash/testing';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { EventConsumers, type EventContext } from './events/event-consumers';
import { EventPublisher } from './events/event-publisher';
import { OnEvent } from './events/on-event.decorator';
import { MessagingConnection } from './messaging-connection';
import { MessagingModule } from './messaging.module';
import { InboxEntity } from './outbox/inbox.entity';
import { createOutboxInboxMigration } from './outbox/outbox-inbox.migration';
import { OutboxEntity } from './outbox/outbox.entity';
import { OutboxRelay } from './outbox/outbox-relay';
import { OutboxService } from './outbox/outbox.service';
import { CreateNote1700000000001, NoteEntity, testEvent } from './test-fixtures/messaging-app.fixture';

const OutboxHappened = testEvent('outbox');

@Injectable()
class OutboxRecorder {
  readonly seen: Array<{ id: string; n: number }> = [];

  @OnEvent(OutboxHappened, { durable: 'outbox-recorder' })
  async onHappened(payload: { n: number }, ctx: EventContext): Promise<void> {
    this.seen.push({ id: ctx.eventId, n: payload.n });
    await ctx.manager.insert(NoteEntity, { text: `outbox ${payload.n}` });
  }
}

describe('messaging: outbox, consumers, streams (real PostgreSQL + NATS JetStream)', () => {
  let db: TestDatabase;
  let ns: string;
  let natsUrl: string;
  let app: INestApplicationContext;
  let ds: DataSource;
  let conn: MessagingConnection;

  beforeAll(async () => {
    ({ natsUrl } = await getTestInfra());
    db = await createTestDatabase('messaging-events');
    ns = testNamespace('events');
    const moduleRef = await Test.createTestingModule({
      imports: [
        PersistenceModule.forRoot({
          url: db.url,
          schema: 'svc',
          entities: [OutboxEntity, InboxEntity, NoteEntity],
          migrations: [createOutboxInboxMigration('svc', 1700000000000), CreateNote1700000000001],
        }),
        MessagingModule.forRoot({ serviceName: 'svc', natsUrl, namespace: ns, streams: ['IDENTITY'], outbox: { idlePollMs: 50 } }),
      ],
      providers: [OutboxRecorder],
    }).compile();
    app = await moduleRef.init();
    ds = app.get(DataSource);
    conn = app.get(MessagingConnection);
  });

  afterAll(async () => {
    await app?.close();
    await cleanupNamespace(natsUrl, ns);
    await db?.drop();
  });

  const streamMessages = async (subject: string): Promise<number> => {
    const info = await conn.jsm.streams.info(`${ns}_IDENTITY`, { subjects_filter: `${ns}.${subject}` });
    return info.state.subjects?.[`${ns}.${subject}`] ?? 0;
  };

  const consumerDrained = async (durable: string): Promise<boolean> => {
    const info = await conn.jsm.consumers.info(`${ns}_IDENTITY`, durable);
    return info.num_pending === 0 && info.num_ack_pending === 0;
  };

  it('outbox/inbox entities match createOutboxInboxMigration', async () => {
    await expect(assertEntitiesMatchMigrations(ds)).resolves.toBeUndefined();
  });

  it('publishes a committed outbox event exactly once, even when the relay publishes it twice; never a rolled-back one', async () => {
    const recorder = app.get(OutboxRecorder);
    const outbox = app.get(OutboxService);
    expect(app.get(OutboxRelay).isRunning).toBe(true);

    const id = await ds.transaction((m) => outbox.add(m, OutboxHappened, { n: 1 }));
    await waitFor(() => recorder.seen.length === 1, { timeoutMs: 10000 });
    expect(recorder.seen).toEqual([{ id, n: 1 }]);
    const row = await ds.getRepository(OutboxEntity).findOneByOrFail({ id });
    expect(row.publishedAt).toBeInstanceOf(Date);

    // The relay publishes the same row again (as after a crash between publish and commit)...
    await ds.getRepository(OutboxEntity).update({ id }, { publishedAt: null });
    await waitFor(async () => (await ds.getRepository(OutboxEntity).findOneByOrFail({ id })).publishedAt !== null);
    // ...and the same envelope is published once more with the same msgID.
    const envelope: EventEnvelope = { id, subject: OutboxHappened.subject, occurredAt: row.occurredAt.toISOString(), payload: { n: 1 } };
    const ack = await app.get(EventPublisher).publishRaw(OutboxHappened.subject, envelope);
    expect(ack.duplicate).toBe(true);

    // A rolled-back transaction leaves nothing behind.
    await expect(
      ds.transaction(async (m) => {
        await outbox.add(m, OutboxHappened, { n: 2 });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');

    await sleep(1000);
    await waitFor(() => consumerDrained('outbox-recorder'));
    expect(recorder.seen).toEqual([{ id, n: 1 }]);
    expect(await streamMessages(OutboxHappened.subject)).toBe(1);
    expect(await ds.getRepository(OutboxEntity).count()).toBe(1);
    expect(await ds.getRepository(NoteEntity).countBy({ text: 'outbox 1' })).toBe(1);
    expect(await ds.getRepository(NoteEntity).countBy({ text: 'outbox 2' })).toBe(0);
  });

  it('rejects an outbox payload that does not match the event schema', async () => {
    await expect(
      ds.transaction((m) => app.get(OutboxService).add(m, OutboxHappened, { n: 'x' } as unknown as { n: number })),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('handles the same envelope once when it arrives under two msgIDs (inbox)', async () => {
    const Dup = testEvent('dup');
    const seen: string[] = [];
    await app.get(EventConsumers).subscribe(Dup, { durable: 'dup-consumer' }, (_p, ctx) => {
      seen.push(ctx.eventId);
    });
    const envelope: EventEnvelope = { id: randomUUID(), subject: Dup.subject, occurredAt: new Date().toISOString(), payload: { n: 7 } };
    const publisher = app.get(EventPublisher);
    await publisher.publishRaw(Dup.subject, envelope);
    await publisher.publishRaw(Dup.subject, envelope, { msgID: randomUUID() });
    expect(await streamMessages(Dup.subject)).toBe(2);

    await waitFor(async () => (await conn.jsm.consumers.info(`${ns}_IDENTITY`, 'dup-consumer')).delivered.stream_seq > 0 && consumerDrained('dup-consumer'));
    await sleep(300);
    expect(seen).toEqual([envelope.id]);
    expect(await ds.getRepository(InboxEntity).countBy({ consumer: 'dup-consumer', eventId: envelope.id })).toBe(1);
  });

  it('retries a failing handler up to maxDeliver, then dead-letters the envelope on dlq.<durable>', async () => {
    const Poison = testEvent('poison');
    let calls = 0;
    await app.get(EventConsumers).subscribe(Poison, { durable: 'poison-consumer', maxDeliver: 3, backoffMs: 50 }, () => {
      calls += 1;
      throw new Error(`boom ${calls}`);
    });
    const envelope: EventEnvelope = { id: randomUUID(), subject: Poison.subject, occurredAt: new Date().toISOString(), payload: { n: 3 } };
    await app.get(EventPublisher).publishRaw(Poison.subject, envelope);

    const dlqSubject = `${ns}.dlq.poison-consumer`;
    const dead = await waitFor(
      () => conn.jsm.streams.getMessage(`${ns}_DLQ`, { last_by_subj: dlqSubject }).catch(() => undefined),
      { timeoutMs: 10000 },
    );
    expect(JSON.parse(new TextDecoder().decode(dead.data))).toEqual(envelope);
    expect(dead.header.get('Tiredash-Error')).toBe('boom 3');
    expect(dead.header.get('Tiredash-Deliveries')).toBe('3');
    await sleep(500);
    expect(calls).toBe(3);
    expect(await ds.getRepository(InboxEntity).countBy({ consumer: 'poison-consumer' })).toBe(0);
  });

  it('commits once when a handler fails once and then succeeds', async () => {
    const Flaky = testEvent('flaky');
    let calls = 0;
    await app.get(EventConsumers).subscribe(Flaky, { durable: 'flaky-consumer', maxDeliver: 5, backoffMs: 50 }, async (p, ctx) => {
      calls += 1;
      await ctx.manager.insert(NoteEntity, { text: `flaky ${p.n}` });
      if (calls === 1) throw new Error('transient');
    });
    const envelope: EventEnvelope = { id: randomUUID(), subject: Flaky.subject, occurredAt: new Date().toISOString(), payload: { n: 9 } };
    await app.get(EventPublisher).publishRaw(Flaky.subject, envelope);

    await waitFor(async () => calls >= 2 && (await consumerDrained('flaky-consumer')), { timeoutMs: 10000 });
    await sleep(300);
    expect(calls).toBe(2);
    expect(await ds.getRepository(NoteEntity).countBy({ text: 'flaky 9' })).toBe(1);
    expect(await ds.getRepository(InboxEntity).countBy({ consumer: 'flaky-consumer', eventId: envelope.id })).toBe(1);
  });

  it('ensureStreams is idempotent', async () => {
    await conn.ensureStreams(['IDENTITY', 'REQUESTS']);
    const first = await conn.jsm.streams.info(`${ns}_REQUESTS`);
    await conn.ensureStreams(['IDENTITY', 'REQUESTS']);
    const second = await conn.jsm.streams.info(`${ns}_REQUESTS`);
    expect(second.config).toEqual(first.config);
    expect(second.created).toEqual(first.created);
    expect(second.config.subjects).toEqual([`${ns}.requests.evt.>`]);
    const dlq = await conn.jsm.streams.info(`${ns}_DLQ`);
    expect(dlq.config.subjects).toEqual([`${ns}.dlq.>`]);
  });
});

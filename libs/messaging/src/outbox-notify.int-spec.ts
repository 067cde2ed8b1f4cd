import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { PersistenceModule } from '@tiredash/persistence';
import {
  cleanupNamespace,
  createTestDatabase,
  getTestInfra,
  sleep,
  testNamespace,
  waitFor,
  type TestDatabase,
} from '@tiredash/testing';
import pg from 'pg';
import { DataSource, IsNull, Not } from 'typeorm';
import { MessagingConnection } from './messaging-connection';
import { MessagingModule } from './messaging.module';
import { InboxEntity } from './outbox/inbox.entity';
import { createOutboxInboxMigration } from './outbox/outbox-inbox.migration';
import { OutboxEntity } from './outbox/outbox.entity';
import { OutboxService, outboxChannel } from './outbox/outbox.service';
import { CreateNote1700000000001, NoteEntity, testEvent } from './test-fixtures/messaging-app.fixture';

const Notified = testEvent('notified');

/**
 * The relay is woken by the commit of an outbox-writing transaction (or a NOTIFY), not by its poll: with a
 * 10-minute idle poll, committed events still reach JetStream at once, in commit order; rolled-back ones never do.
 */
describe('messaging: outbox relay woken at commit (real PostgreSQL + NATS JetStream)', () => {
  let db: TestDatabase;
  let ns: string;
  let natsUrl: string;
  let app: INestApplicationContext;
  let ds: DataSource;
  let conn: MessagingConnection;

  beforeAll(async () => {
    ({ natsUrl } = await getTestInfra());
    db = await createTestDatabase('messaging-notify');
    ns = testNamespace('notify');
    const moduleRef = await Test.createTestingModule({
      imports: [
        PersistenceModule.forRoot({
          url: db.url,
          schema: 'svc',
          entities: [OutboxEntity, InboxEntity, NoteEntity],
          migrations: [createOutboxInboxMigration('svc', 1700000000000), CreateNote1700000000001],
          // The relay's LISTEN connection is one of the three; the test below holds the other two.
          poolSize: 3,
        }),
        MessagingModule.forRoot({
          serviceName: 'svc',
          natsUrl,
          namespace: ns,
          streams: ['IDENTITY'],
          outbox: { idlePollMs: 600_000 },
        }),
      ],
    }).compile();
    app = await moduleRef.init();
    ds = app.get(DataSource);
    conn = app.get(MessagingConnection);
    // Let the relay's first (empty) round finish and start its long sleep.
    await sleep(300);
  });

  afterAll(async () => {
    await app?.close();
    await cleanupNamespace(natsUrl, ns);
    await db?.drop();
  });

  const streamed = async (): Promise<number[]> => {
    const out: number[] = [];
    const info = await conn.jsm.streams.info(`${ns}_IDENTITY`);
    for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq++) {
      const m = await conn.jsm.streams.getMessage(`${ns}_IDENTITY`, { seq });
      const envelope = JSON.parse(new TextDecoder().decode(m.data)) as { payload: { n: number } };
      out.push(envelope.payload.n);
    }
    return out;
  };

  it('publishes committed events at once and in order, never a rolled-back one', async () => {
    const outbox = app.get(OutboxService);
    await expect(
      ds.transaction(async (m) => {
        await outbox.add(m, Notified, { n: 0 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');

    const started = Date.now();
    await ds.transaction(async (m) => {
      await outbox.add(m, Notified, { n: 1 });
      await outbox.add(m, Notified, { n: 2 });
    });
    await Promise.all([3, 4, 5].map((n) => ds.transaction((m) => outbox.add(m, Notified, { n }))));
    await waitFor(
      async () =>
        (await ds.getRepository(OutboxEntity).countBy({ publishedAt: Not(IsNull()) })) === 5 &&
        (await streamed()).length === 5,
      {
        timeoutMs: 5000,
        message: 'all five committed events published',
      },
    );
    expect(Date.now() - started).toBeLessThan(5000);

    const order = await streamed();
    expect(order.slice(0, 2)).toEqual([1, 2]);
    expect([...order].sort()).toEqual([1, 2, 3, 4, 5]);
    // Published in the outbox's commit order (seq), whatever the concurrency of the publishes.
    const rows = await ds.getRepository(OutboxEntity).find({ order: { seq: 'ASC' } });
    expect(rows.map((r) => (r.payload as { n: number }).n)).toEqual(order);
    expect(rows.every((r) => r.publishedAt !== null)).toBe(true);
  });

  it('addMany writes a batch in one statement, published whole and in order', async () => {
    const before = (await streamed()).length;
    const outbox = app.get(OutboxService);
    const ns = Array.from({ length: 1203 }, (_, i) => 1000 + i);
    const ids = await ds.transaction((m) =>
      outbox.addMany(
        m,
        Notified,
        ns.map((n) => ({ n })),
      ),
    );
    expect(new Set(ids).size).toBe(ns.length);
    await waitFor(async () => (await streamed()).length === before + ns.length, {
      timeoutMs: 10000,
      message: 'the batch published',
    });
    expect((await streamed()).slice(before)).toEqual(ns);
    await expect(
      ds.transaction((m) =>
        outbox.addMany(m, Notified, [{ n: 1 }, { n: 'two' } as unknown as { n: number }]),
      ),
    ).rejects.toThrow(/Invalid payload/);
  });

  it('publishes on its own connection while every pooled connection is busy', async () => {
    const before = (await streamed()).length;
    // Both pooled connections stuck in long transactions (the service overloaded)...
    const busy = Promise.all([0, 1].map(() => ds.transaction((m) => m.query('SELECT pg_sleep(8)'))));
    let busyOver = false;
    void busy.then(() => {
      busyOver = true;
    });
    await sleep(200);
    // ...while another writer (another replica, here a plain client) commits an event with its NOTIFY.
    const other = new pg.Client({ connectionString: db.url });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query(
        `INSERT INTO "svc"."outbox" ("id", "subject", "payload", "occurred_at") VALUES (gen_random_uuid(), $1, $2::jsonb, now())`,
        [Notified.subject, JSON.stringify({ n: 6 })],
      );
      await other.query(`SELECT pg_notify($1, '')`, [outboxChannel('svc')]);
      await other.query('COMMIT');
    } finally {
      await other.end();
    }
    await waitFor(async () => (await streamed()).length === before + 1, {
      timeoutMs: 7000,
      message: 'published while the pool is busy',
    });
    // The property itself, not a time: published while both pooled connections were still held.
    expect(busyOver).toBe(false);
    await busy;
  }, 20000);
});

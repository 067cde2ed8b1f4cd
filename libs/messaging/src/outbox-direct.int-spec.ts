import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { PersistenceModule } from '@tiredash/persistence';
import { cleanupNamespace, createTestDatabase, getTestInfra, sleep, testNamespace, waitFor, type TestDatabase } from '@tiredash/testing';
import pg from 'pg';
import { MessagingConnection } from './messaging-connection';
import { MessagingModule } from './messaging.module';
import { InboxEntity } from './outbox/inbox.entity';
import { createOutboxInboxMigration } from './outbox/outbox-inbox.migration';
import { OutboxEntity } from './outbox/outbox.entity';
import { outboxChannel } from './outbox/outbox.service';
import { CreateNote1700000000001, NoteEntity, testEvent } from './test-fixtures/messaging-app.fixture';

const Notified = testEvent('notified-direct');

function as(url: string, applicationName: string): string {
  const u = new URL(url);
  u.searchParams.set('application_name', applicationName);
  return u.toString();
}

/**
 * Behind PgBouncer in transaction mode a LISTEN hears nothing: with DATABASE_DIRECT_URL (PersistenceConfig.directUrl)
 * the relay LISTENs, and runs its batches, on its own direct connection, not on one of the pool's.
 */
describe('messaging: the outbox relay LISTENs on the direct connection when there is one (real PostgreSQL + NATS)', () => {
  let db: TestDatabase;
  let ns: string;
  let natsUrl: string;
  let app: INestApplicationContext | undefined;
  let conn: MessagingConnection;

  const sessions = async (): Promise<string[]> => {
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    try {
      const { rows } = await c.query<{ app: string }>(
        `SELECT application_name AS app FROM pg_stat_activity WHERE datname = current_database() AND application_name IN ('direct', 'pooled') ORDER BY 1`,
      );
      return rows.map((r) => r.app);
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    ({ natsUrl } = await getTestInfra());
    db = await createTestDatabase('messaging-direct');
    ns = testNamespace('direct');
    const moduleRef = await Test.createTestingModule({
      imports: [
        PersistenceModule.forRoot({
          url: as(db.url, 'pooled'),
          directUrl: as(db.url, 'direct'),
          schema: 'svc',
          entities: [OutboxEntity, InboxEntity, NoteEntity],
          migrations: [createOutboxInboxMigration('svc', 1700000000000), CreateNote1700000000001],
          poolSize: 2,
        }),
        MessagingModule.forRoot({ serviceName: 'svc', natsUrl, namespace: ns, streams: ['IDENTITY'], outbox: { idlePollMs: 600_000 } }),
      ],
    }).compile();
    app = await moduleRef.init();
    conn = app.get(MessagingConnection);
    await sleep(300);
  });

  afterAll(async () => {
    await app?.close();
    await cleanupNamespace(natsUrl, ns);
    await db?.drop();
  });

  it('holds one direct connection (the relay\'s), hears a NOTIFY on it, and closes it on shutdown', async () => {
    // The migrations' direct connections are gone; the relay's is there.
    expect((await sessions()).filter((s) => s === 'direct')).toEqual(['direct']);
    // Another writer (another replica) commits an event and NOTIFYs: with a 10-minute idle poll, only the LISTEN
    // on the direct connection can wake the relay.
    const other = new pg.Client({ connectionString: db.url });
    await other.connect();
    const started = Date.now();
    try {
      await other.query('BEGIN');
      await other.query(
        `INSERT INTO "svc"."outbox" ("id", "subject", "payload", "occurred_at") VALUES (gen_random_uuid(), $1, $2::jsonb, now())`,
        [Notified.subject, JSON.stringify({ n: 1 })],
      );
      await other.query(`SELECT pg_notify($1, '')`, [outboxChannel('svc')]);
      await other.query('COMMIT');
    } finally {
      await other.end();
    }
    await waitFor(async () => (await conn.jsm.streams.info(`${ns}_IDENTITY`)).state.messages === 1, {
      timeoutMs: 3000,
      message: 'published after the NOTIFY',
    });
    expect(Date.now() - started).toBeLessThan(3000);

    await app!.close();
    app = undefined;
    expect(await sessions()).toEqual([]);
  });
});

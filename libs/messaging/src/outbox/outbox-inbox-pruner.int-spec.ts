import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { PersistenceModule } from '@tiredash/persistence';
import { ConfigError, renderMetrics } from '@tiredash/runtime';
import { createTestDatabase, type TestDatabase } from '@tiredash/testing';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { MESSAGING_OPTIONS } from '../messaging.options';
import { InboxEntity } from './inbox.entity';
import { OutboxInboxPruner, pruneSettings } from './outbox-inbox-pruner';
import { createOutboxInboxMigration } from './outbox-inbox.migration';
import { OutboxEntity } from './outbox.entity';

const HOUR = 3600 * 1000;

describe('outbox and inbox pruning (real PostgreSQL)', () => {
  let db: TestDatabase;
  let app: INestApplicationContext;
  let ds: DataSource;
  const saved = { ...process.env };

  beforeAll(async () => {
    Object.assign(process.env, { PRUNE_INTERVAL_SECONDS: '0', OUTBOX_RETENTION_HOURS: '1', INBOX_RETENTION_HOURS: '200', PRUNE_BATCH_SIZE: '3' });
    db = await createTestDatabase('messaging-prune');
    const moduleRef = await Test.createTestingModule({
      imports: [
        PersistenceModule.forRoot({
          url: db.url,
          schema: 'svc',
          entities: [OutboxEntity, InboxEntity],
          migrations: [createOutboxInboxMigration('svc', 1700000000000)],
        }),
      ],
      providers: [{ provide: MESSAGING_OPTIONS, useValue: { serviceName: 'svc', natsUrl: 'nats://unused' } }, OutboxInboxPruner],
    }).compile();
    app = await moduleRef.init();
    ds = app.get(DataSource);
  });

  afterAll(async () => {
    process.env = saved;
    await app?.close();
    await db?.drop();
  });

  beforeEach(async () => {
    await ds.query('TRUNCATE "svc"."outbox", "svc"."inbox"');
  });

  const outbox = async (count: number, occurredAgoMs: number, publishedAgoMs: number | null): Promise<void> => {
    for (let i = 0; i < count; i += 1) {
      await ds.query(
        `INSERT INTO "svc"."outbox" ("id", "subject", "payload", "occurred_at", "published_at") VALUES ($1, 'x.evt.y.v1', '{}', $2, $3)`,
        [randomUUID(), new Date(Date.now() - occurredAgoMs), publishedAgoMs === null ? null : new Date(Date.now() - publishedAgoMs)],
      );
    }
  };
  const inbox = async (count: number, processedAgoMs: number): Promise<void> => {
    for (let i = 0; i < count; i += 1) {
      await ds.query(`INSERT INTO "svc"."inbox" ("consumer", "event_id", "processed_at") VALUES ('svc-c', $1, $2)`, [
        randomUUID(),
        new Date(Date.now() - processedAgoMs),
      ]);
    }
  };
  const counts = async (): Promise<{ published: number; unpublished: number; inbox: number }> => {
    const [o] = (await ds.query(
      `SELECT count(*) FILTER (WHERE "published_at" IS NOT NULL)::int AS published, count(*) FILTER (WHERE "published_at" IS NULL)::int AS unpublished FROM "svc"."outbox"`,
    )) as Array<{ published: number; unpublished: number }>;
    const [i] = (await ds.query(`SELECT count(*)::int AS n FROM "svc"."inbox"`)) as Array<{ n: number }>;
    return { published: o!.published, unpublished: o!.unpublished, inbox: i!.n };
  };

  it('deletes published outbox rows past OUTBOX_RETENTION_HOURS and inbox rows past INBOX_RETENTION_HOURS, in batches, never an unpublished row', async () => {
    await outbox(7, 3 * HOUR, 2 * HOUR); // published 2 h ago: past the 1 h retention
    await outbox(2, 3 * HOUR, 10 * 60 * 1000); // published 10 min ago: kept
    await outbox(2, 30 * HOUR, null); // never published, however old: kept
    await inbox(5, 300 * HOUR); // past the 200 h retention
    await inbox(2, 100 * HOUR); // kept

    const result = await app.get(OutboxInboxPruner).pruneOnce();
    expect(result).toEqual({ outbox: 7, inbox: 5 });
    expect(await counts()).toEqual({ published: 2, unpublished: 2, inbox: 2 });
    const { body } = await renderMetrics();
    expect(body).toMatch(/^tiredash_pruned_rows_total\{table="outbox"\} 7$/m);
    expect(body).toMatch(/^tiredash_pruned_rows_total\{table="inbox"\} 5$/m);

    expect(await app.get(OutboxInboxPruner).pruneOnce()).toEqual({ outbox: 0, inbox: 0 });
  });

  it('is replica-safe: prunings running at once delete each row once, without waiting on each other', async () => {
    await outbox(40, 3 * HOUR, 2 * HOUR);
    await inbox(40, 300 * HOUR);
    const pruner = app.get(OutboxInboxPruner);
    const results = await Promise.all([pruner.pruneOnce(), pruner.pruneOnce(), pruner.pruneOnce()]);
    expect(results.reduce((sum, r) => sum + r.outbox, 0)).toBe(40);
    expect(results.reduce((sum, r) => sum + r.inbox, 0)).toBe(40);
    expect(await counts()).toEqual({ published: 0, unpublished: 0, inbox: 0 });
  });

  it('reads its settings from the environment with defaults, and refuses an inbox retention within the streams\' max age', () => {
    expect(pruneSettings('svc', {})).toEqual({ intervalSeconds: 600, outboxRetentionHours: 72, inboxRetentionHours: 336, batchSize: 5000 });
    expect(() => pruneSettings('svc', { INBOX_RETENTION_HOURS: '100' })).toThrow(ConfigError);
    expect(() => pruneSettings('svc', { INBOX_RETENTION_HOURS: '168' })).toThrow(
      /^svc: invalid environment: INBOX_RETENTION_HOURS: must be more than the streams' max age \(168 hours\)/,
    );
    expect(() => pruneSettings('svc', { PRUNE_BATCH_SIZE: '0' })).toThrow(/PRUNE_BATCH_SIZE/);
  });
});

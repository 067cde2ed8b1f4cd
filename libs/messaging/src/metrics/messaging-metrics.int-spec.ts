import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { PersistenceModule } from '@tiredash/persistence';
import { renderMetrics } from '@tiredash/runtime';
import { cleanupNamespace, createTestDatabase, getTestInfra, testNamespace, type TestDatabase } from '@tiredash/testing';
import { randomUUID } from 'node:crypto';
import { AckPolicy } from 'nats';
import { DataSource } from 'typeorm';
import { MessagingConnection } from '../messaging-connection';
import { MessagingModule } from '../messaging.module';
import { InboxEntity } from '../outbox/inbox.entity';
import { createOutboxInboxMigration } from '../outbox/outbox-inbox.migration';
import { OutboxEntity } from '../outbox/outbox.entity';
import { OutboxRelay } from '../outbox/outbox-relay';

/** The scrape-time metrics of a service's messaging against the real PostgreSQL and NATS JetStream. */
describe('messaging metrics: outbox lag, JetStream pending, dead letters, pool', () => {
  let db: TestDatabase;
  let ns: string;
  let natsUrl: string;
  let app: INestApplicationContext;
  let ds: DataSource;
  let conn: MessagingConnection;

  beforeAll(async () => {
    ({ natsUrl } = await getTestInfra());
    db = await createTestDatabase('messaging-metrics');
    ns = testNamespace('metrics');
    const moduleRef = await Test.createTestingModule({
      imports: [
        PersistenceModule.forRoot({
          url: db.url,
          schema: 'svc',
          entities: [OutboxEntity, InboxEntity],
          migrations: [createOutboxInboxMigration('svc', 1700000000000)],
          poolSize: 4,
        }),
        MessagingModule.forRoot({ serviceName: 'svc', natsUrl, namespace: ns, streams: ['IDENTITY'], outbox: { idlePollMs: 50 } }),
      ],
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

  it('reports the unpublished outbox rows and the age of the oldest', async () => {
    let { body } = await renderMetrics();
    expect(body).toMatch(/^tiredash_outbox_unpublished_events 0$/m);
    expect(body).toMatch(/^tiredash_outbox_oldest_unpublished_age_seconds 0$/m);
    // The relay stopped (NATS down, say): rows wait.
    await app.get(OutboxRelay).onModuleDestroy();
    for (const ago of [90_000, 5_000]) {
      await ds.query(`INSERT INTO "svc"."outbox" ("id", "subject", "payload", "occurred_at") VALUES ($1, 'identity.evt.x.v1', '{}', $2)`, [
        randomUUID(),
        new Date(Date.now() - ago),
      ]);
    }
    ({ body } = await renderMetrics());
    expect(body).toMatch(/^tiredash_outbox_unpublished_events 2$/m);
    const age = Number(/^tiredash_outbox_oldest_unpublished_age_seconds (\S+)$/m.exec(body)?.[1]);
    expect(age).toBeGreaterThanOrEqual(90);
    expect(age).toBeLessThan(120);
  });

  it('reports pending messages of the service\'s own durable consumers and their dead letters, not other services\'', async () => {
    const stream = `${ns}_IDENTITY`;
    const subject = `${ns}.identity.evt.metrics-test.happened.v1`;
    for (const durable of ['svc-idle', 'other-idle']) {
      await conn.jsm.consumers.add(stream, { durable_name: durable, ack_policy: AckPolicy.Explicit, filter_subject: subject });
    }
    for (let i = 0; i < 3; i += 1) await conn.js.publish(subject, new TextEncoder().encode('{}'));
    await conn.js.publish(`${ns}.dlq.svc-idle`, new TextEncoder().encode('{}'));
    await conn.js.publish(`${ns}.dlq.svc-idle`, new TextEncoder().encode('{}'));
    await conn.js.publish(`${ns}.dlq.other-idle`, new TextEncoder().encode('{}'));

    const { body } = await renderMetrics();
    expect(body).toMatch(/^tiredash_jetstream_consumer_pending_messages\{stream="IDENTITY",consumer="svc-idle"\} 3$/m);
    expect(body).toMatch(/^tiredash_jetstream_consumer_ack_pending_messages\{stream="IDENTITY",consumer="svc-idle"\} 0$/m);
    expect(body).toMatch(/^tiredash_dead_letters\{consumer="svc-idle"\} 2$/m);
    expect(body).not.toContain('other-idle');
    expect(body).not.toMatch(/^tiredash_metrics_collector_errors_total/m);
  });

  it('reports the PostgreSQL pool: its size, open, idle and waiting', async () => {
    const { body } = await renderMetrics();
    expect(body).toMatch(/^tiredash_db_pool_max_connections 4$/m);
    expect(Number(/^tiredash_db_pool_connections (\d+)$/m.exec(body)?.[1])).toBeGreaterThanOrEqual(1);
    expect(body).toMatch(/^tiredash_db_pool_idle_connections \d+$/m);
    expect(body).toMatch(/^tiredash_db_pool_waiting_clients 0$/m);
  });
});

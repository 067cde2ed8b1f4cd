import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { PersistenceModule } from '@tiredash/persistence';
import { cleanupNamespace, createTestDatabase, getTestInfra, sleep, testNamespace, waitFor, type TestDatabase } from '@tiredash/testing';
import { DataSource } from 'typeorm';
import { EventConsumers } from '../events/event-consumers';
import { MessagingConnection } from '../messaging-connection';
import { MessagingModule } from '../messaging.module';
import { InboxEntity } from '../outbox/inbox.entity';
import { createOutboxInboxMigration } from '../outbox/outbox-inbox.migration';
import { OutboxEntity } from '../outbox/outbox.entity';
import { OutboxService } from '../outbox/outbox.service';
import { testEvent } from '../test-fixtures/messaging-app.fixture';
import { listDeadLetters, replayDeadLetter } from './dead-letters';
import { runDlqCli } from './dlq-cli';

const Happened = testEvent('dlq');

/** The dead-letter CLI against the real NATS JetStream and PostgreSQL, in its own namespace (streams <ns>_*). */
describe('npm run dlq: list, show and replay dead letters', () => {
  let db: TestDatabase;
  let ns: string;
  let natsUrl: string;
  let app: INestApplicationContext;
  let ds: DataSource;
  let conn: MessagingConnection;
  let failing = true;
  /** Successful handlings per consumer and event. */
  const handled: Record<string, string[]> = { 'svc-flaky': [], 'svc-steady': [] };

  const cli = async (...argv: string[]): Promise<{ code: number; out: string; err: string }> => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runDlqCli(argv, { env: { NATS_URL: natsUrl, NATS_NAMESPACE: ns }, out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  const emit = async (n: number): Promise<string> =>
    ds.transaction((manager) => app.get(OutboxService).add(manager, Happened, { n }));

  beforeAll(async () => {
    ({ natsUrl } = await getTestInfra());
    db = await createTestDatabase('messaging-dlq');
    ns = testNamespace('dlq');
    const moduleRef = await Test.createTestingModule({
      imports: [
        PersistenceModule.forRoot({
          url: db.url,
          schema: 'svc',
          entities: [OutboxEntity, InboxEntity],
          migrations: [createOutboxInboxMigration('svc', 1700000000000)],
        }),
        MessagingModule.forRoot({ serviceName: 'svc', natsUrl, namespace: ns, streams: ['IDENTITY'], outbox: { idlePollMs: 50 } }),
      ],
    }).compile();
    app = await moduleRef.init();
    ds = app.get(DataSource);
    conn = app.get(MessagingConnection);
    const consumers = app.get(EventConsumers);
    await consumers.subscribe(Happened, { durable: 'svc-flaky', maxDeliver: 2, backoffMs: 20 }, (_p, ctx) => {
      if (failing) throw new Error('downstream refused');
      handled['svc-flaky']?.push(ctx.eventId);
    });
    await consumers.subscribe(Happened, { durable: 'svc-steady' }, (_p, ctx) => {
      handled['svc-steady']?.push(ctx.eventId);
    });
  });

  afterAll(async () => {
    await app?.close();
    await cleanupNamespace(natsUrl, ns);
    await db?.drop();
  });

  it('lists and shows what a consumer gave up on, replays it once to the consumer that failed, and a second replay does nothing', async () => {
    const eventId = await emit(1);
    await waitFor(async () => (await listDeadLetters(conn.jsm, ns)).length === 1, { timeoutMs: 15000 });
    expect(handled['svc-steady']).toEqual([eventId]);
    expect(handled['svc-flaky']).toEqual([]);

    const list = await cli('list');
    expect(list.code).toBe(0);
    expect(list.out).toMatch(/^1 dead letter\n/);
    const [seq, , consumer, listedEvent, rest] = (list.out.split('\n')[1] ?? '').split('\t');
    expect(seq).toMatch(/^\d+$/);
    expect([consumer, listedEvent]).toEqual(['svc-flaky', eventId]);
    expect(rest).toBe(`${ns}.${Happened.subject} after 2 deliveries: downstream refused`);

    const show = await cli('show', eventId, '--json');
    expect(show.code).toBe(0);
    expect(JSON.parse(show.out)).toMatchObject({
      id: Number(seq),
      consumer: 'svc-flaky',
      subject: `${ns}.${Happened.subject}`,
      eventId,
      deliveries: 2,
      error: 'downstream refused',
      envelope: { id: eventId, subject: Happened.subject, payload: { n: 1 } },
    });
    // Kept for the replay below: the dead letter as it was.
    const [dead] = await listDeadLetters(conn.jsm, ns);

    failing = false;
    const replay = await cli('replay', String(seq));
    expect(replay.code).toBe(0);
    expect(replay.out).toContain(`replayed ${seq} (svc-flaky, event ${eventId}) to ${ns}.${Happened.subject}`);
    await waitFor(() => handled['svc-flaky']?.length === 1, { timeoutMs: 10000 });
    expect(handled['svc-flaky']).toEqual([eventId]);
    expect((await cli('list')).out).toBe('0 dead letters');

    // Again: the DLQ no longer has it; and the same publish again (a replay racing another) is dropped by JetStream.
    const again = await cli('replay', String(seq));
    expect(again.code).toBe(1);
    expect(again.err).toContain(`no dead letter ${seq}`);
    const raced = await replayDeadLetter(conn.js, conn.jsm, dead!, ns);
    expect(raced.duplicate).toBe(true);
    await sleep(500);
    // Each consumer handled the event exactly once (the steady one skipped the replay by its inbox).
    expect(handled['svc-flaky']).toEqual([eventId]);
    expect(handled['svc-steady']).toEqual([eventId]);
    expect(await ds.getRepository(InboxEntity).countBy({ eventId })).toBe(2);
  });

  it('replay --all replays every dead letter of a consumer; the other consumers skip them by their inbox', async () => {
    failing = true;
    const ids = [await emit(2), await emit(3)];
    await waitFor(async () => (await listDeadLetters(conn.jsm, ns, 'svc-flaky')).length === 2, { timeoutMs: 15000 });
    failing = false;
    const replay = await cli('replay', '--all', '--consumer', 'svc-flaky');
    expect(replay.code).toBe(0);
    expect(replay.out).toMatch(/2 replayed$/);
    await waitFor(() => handled['svc-flaky']?.length === 3, { timeoutMs: 10000 });
    await sleep(300);
    expect(handled['svc-flaky']?.slice(1).sort()).toEqual([...ids].sort());
    expect(handled['svc-steady']?.slice(1).sort()).toEqual([...ids].sort());
    expect(await listDeadLetters(conn.jsm, ns)).toEqual([]);
  });

  it('answers a bad command with its usage and exit code 2', async () => {
    const bad = await cli('replay');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('Usage: npm run dlq -- <command>');
  });
});

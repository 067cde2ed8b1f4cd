import 'reflect-metadata';
import { Controller, Injectable, type INestApplicationContext, type INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { defineCommand } from '@tiredash/contracts';
import { PersistenceModule } from '@tiredash/persistence';
import { createTestDatabase, sleep, startPrivateNatsServer, waitFor, type PrivateNatsServer, type TestDatabase } from '@tiredash/testing';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { type EventContext } from './events/event-consumers';
import { EventPublisher } from './events/event-publisher';
import { OnEvent } from './events/on-event.decorator';
import { MessagingConnection } from './messaging-connection';
import { MessagingModule } from './messaging.module';
import { namespacedStream } from './messaging.options';
import { InboxEntity } from './outbox/inbox.entity';
import { createOutboxInboxMigration } from './outbox/outbox-inbox.migration';
import { OutboxEntity } from './outbox/outbox.entity';
import { Command } from './rpc/command.decorator';
import { MessagingClient } from './rpc/messaging-client';
import { createMicroserviceOptions } from './rpc/microservice-options';
import { CreateNote1700000000001, NoteEntity, testEvent } from './test-fixtures/messaging-app.fixture';

const Echo = defineCommand<{ n: number }>()('test.cmd.echo', z.object({ n: z.number().int() }));
const Happened = testEvent('reconnect');

// Short waits so that nats.js's old budget (10 attempts) is used up in about 1 s: the outage below lasts longer.
const RECONNECT = { timeWaitMs: 100, jitterMs: 20 };
const OUTAGE_MS = 3000;

@Controller()
class EchoController {
  @Command(Echo)
  echo(req: { n: number }): { n: number } {
    return { n: req.n };
  }
}

@Module({ controllers: [EchoController] })
class EchoModule {}

@Injectable()
class Recorder {
  readonly seen: number[] = [];

  @OnEvent(Happened, { durable: 'reconnect-recorder' })
  onHappened(payload: { n: number }, ctx: EventContext): Promise<unknown> {
    this.seen.push(payload.n);
    return ctx.manager.insert(NoteEntity, { text: `reconnect ${payload.n}` });
  }
}

describe('messaging: a NATS outage longer than the old reconnect budget (private nats-server, restarted)', () => {
  let nats: PrivateNatsServer;
  let db: TestDatabase;
  let server: INestMicroservice;
  let app: INestApplicationContext;
  let client: MessagingClient;
  let publisher: EventPublisher;
  let recorder: Recorder;
  let conn: MessagingConnection;

  const envelope = (n: number) => ({ id: randomUUID(), subject: Happened.subject, occurredAt: new Date().toISOString(), payload: { n } });

  beforeAll(async () => {
    nats = await startPrivateNatsServer({ conf: '' });
    db = await createTestDatabase('messaging-reconnect');
    server = await NestFactory.createMicroservice(EchoModule, {
      ...createMicroserviceOptions({ serviceName: 'echo', natsUrl: nats.url, reconnect: RECONNECT }),
      logger: false,
    });
    await server.listen();
    const moduleRef = await Test.createTestingModule({
      imports: [
        PersistenceModule.forRoot({
          url: db.url,
          schema: 'svc',
          entities: [OutboxEntity, InboxEntity, NoteEntity],
          migrations: [createOutboxInboxMigration('svc', 1700000000000), CreateNote1700000000001],
        }),
        MessagingModule.forRoot({ serviceName: 'svc', natsUrl: nats.url, streams: ['IDENTITY'], reconnect: RECONNECT }),
      ],
      providers: [Recorder],
    }).compile();
    moduleRef.useLogger(false);
    app = await moduleRef.init();
    client = app.get(MessagingClient);
    publisher = app.get(EventPublisher);
    recorder = app.get(Recorder);
    conn = app.get(MessagingConnection);
  });

  afterAll(async () => {
    await app?.close();
    await server?.close();
    await db?.drop();
    await nats?.stop();
  });

  it('answers commands and consumes events again once the server is back, in the same process', async () => {
    expect(await client.send(Echo, { n: 1 })).toEqual({ n: 1 });
    await publisher.publishRaw(Happened.subject, envelope(1));
    await waitFor(() => recorder.seen.includes(1), { timeoutMs: 10_000 });

    await nats.kill();
    await sleep(OUTAGE_MS);
    expect(conn.connection.isClosed()).toBe(false);
    await nats.restart();

    const answer = await waitFor(() => client.send(Echo, { n: 2 }, { timeoutMs: 1000 }), { timeoutMs: 15_000, intervalMs: 200 });
    expect(answer).toEqual({ n: 2 });
    await waitFor(() => publisher.publishRaw(Happened.subject, envelope(2)), { timeoutMs: 15_000, intervalMs: 200 });
    await waitFor(() => recorder.seen.includes(2), { timeoutMs: 15_000, message: 'event consumed after the outage' });
    expect(conn.connection.isClosed()).toBe(false);
  });

  it('restarts a durable consumer that stopped (its consumer deleted on the server) and consumes what follows', async () => {
    await conn.jsm.consumers.delete(namespacedStream('', Happened.stream), 'reconnect-recorder');
    // The restart backs off 1 s first; the consumer is created again from the stream's start (the inbox skips repeats).
    await waitFor(() => conn.jsm.consumers.info(Happened.stream, 'reconnect-recorder'), { timeoutMs: 15_000, intervalMs: 200 });
    await publisher.publishRaw(Happened.subject, envelope(3));
    await waitFor(() => recorder.seen.includes(3), { timeoutMs: 15_000, message: 'event consumed after the consumer restarted' });
    expect(recorder.seen.filter((n) => n === 1)).toHaveLength(1);
  });
});

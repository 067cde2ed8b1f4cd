import 'reflect-metadata';
import { Controller, type INestApplicationContext, type INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { defineCommand } from '@tiredash/contracts';
import { startPrivateNatsServer, waitFor, type PrivateNatsServer } from '@tiredash/testing';
import { z } from 'zod';
import { MessagingConnection } from './messaging-connection';
import { MessagingModule } from './messaging.module';
import { Command } from './rpc/command.decorator';
import { MessagingClient } from './rpc/messaging-client';
import { createMicroserviceOptions } from './rpc/microservice-options';

const Echo = defineCommand<{ n: number }>()('test.cmd.failover-echo', z.object({ n: z.number().int() }));
const RECONNECT = { timeWaitMs: 100, jitterMs: 50 };

@Controller()
class EchoController {
  @Command(Echo)
  echo(req: { n: number }): { n: number } {
    return { n: req.n };
  }
}

@Module({ controllers: [EchoController] })
class EchoModule {}

/**
 * NATS_URL as a comma-separated list: two private nats-servers (never the shared one); the server the processes use
 * is killed and they carry on with the other, in the same process, without a restart.
 */
describe('messaging: NATS_URL with two servers fails over when one stops', () => {
  let a: PrivateNatsServer;
  let b: PrivateNatsServer;
  let server: INestMicroservice;
  let app: INestApplicationContext;

  beforeAll(async () => {
    [a, b] = await Promise.all([startPrivateNatsServer({ conf: '' }), startPrivateNatsServer({ conf: '' })]);
    // b is down while the processes start (a node restarting): they still fail over to it later.
    await b.kill();
    const natsUrl = `${a.url}, ${b.url}`;
    server = await NestFactory.createMicroservice(EchoModule, {
      ...createMicroserviceOptions({ serviceName: 'failover-echo', natsUrl, reconnect: RECONNECT }),
      logger: false,
    });
    await server.listen();
    const moduleRef = await Test.createTestingModule({
      imports: [MessagingModule.forRoot({ serviceName: 'failover-client', natsUrl, reconnect: RECONNECT })],
    }).compile();
    moduleRef.useLogger(false);
    app = await moduleRef.init();
    // Every connection made (the client connects on its first command) while b is down: all on a.
    expect(await app.get(MessagingClient).send(Echo, { n: 0 })).toEqual({ n: 0 });
    await b.restart();
  });

  afterAll(async () => {
    await app?.close();
    await server?.close();
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it('answers commands through the second server once the first is gone', async () => {
    const client = app.get(MessagingClient);
    const conn = app.get(MessagingConnection);
    expect(await client.send(Echo, { n: 1 })).toEqual({ n: 1 });
    expect(conn.connection.getServer()).toBe(a.url.replace('nats://', ''));

    await a.kill();
    const answer = await waitFor(() => client.send(Echo, { n: 2 }, { timeoutMs: 1000 }), { timeoutMs: 15_000, intervalMs: 200 });
    expect(answer).toEqual({ n: 2 });
    expect(conn.connection.getServer()).toBe(b.url.replace('nats://', ''));
    expect(conn.natsState).toBe('connected');
  });
});

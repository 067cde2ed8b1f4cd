import 'reflect-metadata';
import { Controller, type INestApplicationContext, type INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { DomainError, defineCommand } from '@tiredash/contracts';
import { cleanupNamespace, getTestInfra, testNamespace } from '@tiredash/testing';
import { z } from 'zod';
import { MessagingModule } from './messaging.module';
import { Command } from './rpc/command.decorator';
import { MessagingClient } from './rpc/messaging-client';
import { createMicroserviceOptions } from './rpc/microservice-options';

const Add = defineCommand<{ sum: number; by: string }>()('test.cmd.add', z.object({ a: z.number().int(), b: z.number().int() }));
const Fail = defineCommand<never>()('test.cmd.fail', z.object({ kind: z.enum(['domain', 'crash']) }));
const Slow = defineCommand<{ ok: true }>()('test.cmd.slow', z.object({ ms: z.number() }));
const Nobody = defineCommand<never>()('test.cmd.nobody-answers', z.object({}));

function calculatorModule(label: string) {
  @Controller()
  class CalculatorController {
    @Command(Add)
    add(req: { a: number; b: number }): { sum: number; by: string } {
      return { sum: req.a + req.b, by: label };
    }

    @Command(Slow)
    async slow(req: { ms: number }): Promise<{ ok: true }> {
      await new Promise((r) => setTimeout(r, req.ms));
      return { ok: true };
    }

    @Command(Fail)
    async fail(req: { kind: 'domain' | 'crash' }): Promise<never> {
      await Promise.resolve();
      if (req.kind === 'domain') throw new DomainError('NOT_OWNER', 'Not yours', { requestId: 'r1' });
      throw new Error('database exploded with secrets');
    }
  }
  @Module({ controllers: [CalculatorController] })
  class CalculatorModule {}
  return CalculatorModule;
}

describe('messaging: request-reply over Nest NATS transport (real NATS)', () => {
  let natsUrl: string;
  const nsA = testNamespace('rpc_a');
  const nsB = testNamespace('rpc_b');
  const servers: INestMicroservice[] = [];
  const clients: INestApplicationContext[] = [];

  async function startServer(namespace: string, label: string): Promise<void> {
    const ms = await NestFactory.createMicroservice(calculatorModule(label), {
      ...createMicroserviceOptions({ serviceName: 'calculator', natsUrl, namespace }),
      logger: false,
    });
    await ms.listen();
    servers.push(ms);
  }

  async function client(namespace: string): Promise<MessagingClient> {
    const ref = await Test.createTestingModule({
      imports: [MessagingModule.forRoot({ serviceName: 'gateway', natsUrl, namespace })],
    }).compile();
    const ctx = await ref.init();
    clients.push(ctx);
    return ctx.get(MessagingClient);
  }

  beforeAll(async () => {
    ({ natsUrl } = await getTestInfra());
    await startServer(nsA, 'A');
    await startServer(nsB, 'B');
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await Promise.all(servers.map((s) => s.close()));
    await cleanupNamespace(natsUrl, nsA);
    await cleanupNamespace(natsUrl, nsB);
  });

  it('returns the handler value for a valid call', async () => {
    const c = await client(nsA);
    await expect(c.send(Add, { a: 2, b: 3 })).resolves.toEqual({ sum: 5, by: 'A' });
  });

  it('rejects an invalid payload with VALIDATION_FAILED and field details', async () => {
    const c = await client(nsA);
    const err = await c.send(Add, { a: 'two', b: 1.5 } as unknown as { a: number; b: number }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ code: 'VALIDATION_FAILED' });
    const details = (err as DomainError).details as Array<{ path: string; message: string }>;
    expect(details.map((d) => d.path).sort()).toEqual(['a', 'b']);
  });

  it('carries a DomainError thrown by the handler, code/message/details intact', async () => {
    const c = await client(nsA);
    const err = await c.send(Fail, { kind: 'domain' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ code: 'NOT_OWNER', message: 'Not yours', details: { requestId: 'r1' } });
  });

  it('hides any other error as INTERNAL', async () => {
    const c = await client(nsA);
    const err = await c.send(Fail, { kind: 'crash' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ code: 'INTERNAL', message: 'Internal error' });
  });

  it('rejects with UNAVAILABLE when no service answers, TIMEOUT when the reply is late', async () => {
    const c = await client(nsA);
    await expect(c.send(Nobody, {})).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    await expect(c.send(Slow, { ms: 500 }, { timeoutMs: 100 })).rejects.toMatchObject({ code: 'TIMEOUT' });
    await expect(c.send(Slow, { ms: 10 }, { timeoutMs: 1000 })).resolves.toEqual({ ok: true });
  });

  it('keeps namespaces apart', async () => {
    const [a, b] = await Promise.all([client(nsA), client(nsB)]);
    await expect(a.send(Add, { a: 1, b: 1 })).resolves.toEqual({ sum: 2, by: 'A' });
    await expect(b.send(Add, { a: 1, b: 1 })).resolves.toEqual({ sum: 2, by: 'B' });
    const nobody = await client(testNamespace('rpc_none'));
    await expect(nobody.send(Add, { a: 1, b: 1 })).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });
});

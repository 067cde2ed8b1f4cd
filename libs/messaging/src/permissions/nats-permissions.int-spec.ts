import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  Controller,
  Injectable,
  type INestApplicationContext,
  type INestMicroservice,
  Module,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import {
  CapturePayment,
  CheckCardHold,
  CustomerCreated,
  DomainError,
  type EventPayload,
  GetJobAccess,
  LOCATION_POINT_SUBJECT,
  PaymentsPing,
} from '@tiredash/contracts';
import { PersistenceModule } from '@tiredash/persistence';
import { createTestDatabase, startPrivateNatsServer, waitFor, type PrivateNatsServer, type TestDatabase } from '@tiredash/testing';
import { type NatsConnection, type NatsError, connect } from 'nats';
import { DataSource } from 'typeorm';
import { type EventContext } from '../events/event-consumers';
import { OnEvent } from '../events/on-event.decorator';
import { MessagingConnection } from '../messaging-connection';
import { MessagingModule } from '../messaging.module';
import { type NatsCredentials, natsAuthOptions } from '../messaging.options';
import { InboxEntity } from '../outbox/inbox.entity';
import { createOutboxInboxMigration } from '../outbox/outbox-inbox.migration';
import { OutboxEntity } from '../outbox/outbox.entity';
import { OutboxService } from '../outbox/outbox.service';
import { Command } from '../rpc/command.decorator';
import { MessagingClient } from '../rpc/messaging-client';
import { createMicroserviceOptions } from '../rpc/microservice-options';
import { NATS_CONFIG_FILES, NATS_SERVICES, type NatsService, natsPasswordVariable } from './nats-permissions';

/**
 * The committed deploy/nats/auth.conf on a private nats-server (own port, own JetStream store, test passwords in its
 * environment): who gets in, and what each service's user may and may not do with the real messaging library.
 */
const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const PASSWORDS = Object.fromEntries(
  NATS_SERVICES.map((s) => [s, `p${randomBytes(24).toString('base64url')}`]),
) as Record<NatsService, string>;
const creds = (service: NatsService): NatsCredentials => ({ user: service, pass: PASSWORDS[service] });

/** The PaymentsPing / CheckCardHold / CapturePayment responder, as payments answers them; counts what reached it. */
const reached: string[] = [];
@Controller()
class PaymentsController {
  @Command(CheckCardHold)
  check(req: { jobAmountCents: number }): { covered: boolean; amountCents: number; requiredCents: number } {
    reached.push(CheckCardHold.subject);
    // The hold of the job amount plus a $10 card fee.
    return { covered: true, amountCents: req.jobAmountCents + 1000, requiredCents: req.jobAmountCents + 1000 };
  }

  @Command(CapturePayment)
  capture(): never {
    reached.push(CapturePayment.subject);
    throw new DomainError('CONFLICT', 'not in this test');
  }

  @Command(PaymentsPing)
  ping(): { ok: true } {
    reached.push(PaymentsPing.subject);
    return { ok: true };
  }
}
@Module({ controllers: [PaymentsController] })
class PaymentsRpcModule {}

@Injectable()
class CustomerCreatedRecorder {
  readonly seen: string[] = [];

  // requests' real durable (services/requests/src/read-models/read-models.events.ts).
  @OnEvent(CustomerCreated, { durable: 'requests-customer-created' })
  onCreated(payload: EventPayload<typeof CustomerCreated>, ctx: EventContext): void {
    this.seen.push(`${payload.customerId} ${ctx.eventId}`);
  }
}

describe('NATS with per-service credentials and subject permissions (private nats-server, deploy/nats/auth.conf)', () => {
  let nats: PrivateNatsServer;
  let natsUrl: string;
  let db: TestDatabase;
  const contexts: INestApplicationContext[] = [];
  const raw: NatsConnection[] = [];
  let payments: INestMicroservice;

  const rawConnect = async (service: NatsService): Promise<NatsConnection> => {
    const nc = await connect({ servers: natsUrl, reconnect: false, ...natsAuthOptions(creds(service)) });
    raw.push(nc);
    return nc;
  };

  /** Resolves with the permission error the server reports next on this connection. */
  const nextViolation = (nc: NatsConnection): Promise<string> =>
    (async () => {
      for await (const s of nc.status())
        if (s.type === 'error' && String(s.data).includes('PERMISSIONS_VIOLATION')) return String(s.data);
      return 'closed';
    })();

  const messagingApp = async (
    service: NatsService,
    extra: { schema?: string; providers?: Array<new (...a: never[]) => unknown> } = {},
  ) => {
    const stream = { identity: 'IDENTITY', requests: 'REQUESTS' } as const;
    const ref = await Test.createTestingModule({
      imports: [
        ...(extra.schema
          ? [
              PersistenceModule.forRoot({
                url: db.url,
                schema: extra.schema,
                entities: [OutboxEntity, InboxEntity],
                migrations: [createOutboxInboxMigration(extra.schema, 1700000000000)],
              }),
            ]
          : []),
        MessagingModule.forRoot({
          serviceName: service,
          natsUrl,
          credentials: creds(service),
          streams: service in stream ? [stream[service as keyof typeof stream]] : [],
          outbox: { idlePollMs: 50 },
        }),
      ],
      providers: extra.providers ?? [],
    }).compile();
    const ctx = await ref.init();
    contexts.push(ctx);
    return ctx;
  };

  beforeAll(async () => {
    nats = await startPrivateNatsServer({
      conf: fs.readFileSync(path.join(ROOT, NATS_CONFIG_FILES.composeAuth), 'utf8'),
      env: Object.fromEntries(NATS_SERVICES.map((s) => [natsPasswordVariable(s), PASSWORDS[s]])),
    });
    natsUrl = nats.url;
    db = await createTestDatabase('nats-permissions');

    payments = await NestFactory.createMicroservice(PaymentsRpcModule, {
      ...createMicroserviceOptions({ serviceName: 'payments', natsUrl, credentials: creds('payments') }),
      logger: false,
    });
    await payments.listen();
  }, 60_000);

  afterAll(async () => {
    for (const nc of raw.splice(0)) await nc.close().catch(() => undefined);
    for (const ctx of contexts.splice(0).reverse()) await ctx.close();
    await payments?.close();
    await nats?.stop();
    await db?.drop();
  });

  it("refuses a client without credentials, with a wrong password, or with another service's password", async () => {
    const attempt = (opts: { user?: string; pass?: string }) =>
      connect({ servers: natsUrl, reconnect: false, timeout: 2000, ...opts }).then(
        async (nc) => {
          await nc.close();
          return 'connected';
        },
        (err: NatsError) => err.code,
      );
    expect(await attempt({})).toBe('AUTHORIZATION_VIOLATION');
    expect(await attempt({ user: 'gateway', pass: '' })).toBe('AUTHORIZATION_VIOLATION');
    expect(await attempt({ user: 'gateway', pass: PASSWORDS.payments })).toBe('AUTHORIZATION_VIOLATION');
    expect(await attempt({ user: 'gateway', pass: PASSWORDS.gateway })).toBe('connected');
  });

  it('requests sends payments.cmd.check-card-hold and gets the answer; the gateway and dispatch may not', async () => {
    const requests = (await messagingApp('requests')).get(MessagingClient);
    const gateway = (await messagingApp('gateway')).get(MessagingClient);
    const dispatch = (await messagingApp('dispatch')).get(MessagingClient);
    const hold = { customerUserId: '00000000-0000-4000-8000-000000000001', jobAmountCents: 3000 };
    reached.length = 0;

    await expect(requests.send(CheckCardHold, hold)).resolves.toEqual({ covered: true, amountCents: 4000, requiredCents: 4000 });
    expect(reached).toEqual([CheckCardHold.subject]);

    // Nest's client does not see the server's refusal: the request just never arrives.
    await expect(gateway.send(CheckCardHold, hold, { timeoutMs: 800 })).rejects.toMatchObject({
      code: 'TIMEOUT',
    });
    const capture = {
      actor: { userId: '00000000-0000-4000-8000-000000000002', role: 'customer' },
      body: { requestId: '00000000-0000-4000-8000-000000000003' },
    };
    await expect(dispatch.send(CapturePayment, capture as never, { timeoutMs: 800 })).rejects.toMatchObject({
      code: 'TIMEOUT',
    });
    expect(reached).toEqual([CheckCardHold.subject]);

    // The server's answer, seen on a plain connection of the same users.
    for (const [service, subject] of [
      ['gateway', CheckCardHold.subject],
      ['dispatch', CapturePayment.subject],
      ['identity', CheckCardHold.subject],
      ['gateway', GetJobAccess.subject],
    ] as const) {
      const nc = await rawConnect(service);
      const err = await nc.request(subject, '{}', { timeout: 2000 }).then(
        () => 'answered',
        (e: NatsError) => `${e.code} ${e.message}`,
      );
      expect(err).toBe(`PERMISSIONS_VIOLATION 'Permissions Violation for Publish to "${subject}"'`);
    }
    expect(reached).toEqual([CheckCardHold.subject]);
  });

  it('no other service can answer (subscribe to) payments commands or read the replies sent to requests', async () => {
    for (const [service, subject] of [
      ['gateway', 'payments.cmd.>'],
      ['requests', 'payments.cmd.check-card-hold'],
      ['gateway', '_INBOX_requests.>'],
      ['gateway', '_INBOX.>'],
    ] as const) {
      const nc = await rawConnect(service);
      const sub = nc.subscribe(subject);
      const ended = await (async () => {
        try {
          for await (const m of sub) void m;
          return 'ended';
        } catch (e) {
          return (e as NatsError).message;
        }
      })();
      expect(ended).toBe(`'Permissions Violation for Subscription to "${subject}"'`);
    }
  });

  it("a service's outbox publishes its own events to its stream and another service's durable consumer gets them", async () => {
    const identity = await messagingApp('identity', { schema: 'identity' });
    const requests = await messagingApp('requests', {
      schema: 'requests',
      providers: [CustomerCreatedRecorder],
    });
    const recorder = requests.get(CustomerCreatedRecorder);
    const customerId = '00000000-0000-4000-8000-0000000000c1';
    const eventId = await identity.get(DataSource).transaction((m) =>
      identity.get(OutboxService).add(m, CustomerCreated, {
        customerId,
        userId: '00000000-0000-4000-8000-0000000000a1',
        fullName: 'Ada Customer',
        phone: '+15550100',
        paymentMethod: 'card',
      }),
    );
    await waitFor(() => recorder.seen.includes(`${customerId} ${eventId}`), {
      timeoutMs: 10_000,
      message: 'CustomerCreated not consumed by requests-customer-created',
    });
    // Acknowledged (the ack subject is allowed): nothing left pending on requests' durable.
    const jsm = requests.get(MessagingConnection).jsm;
    await waitFor(
      async () => {
        const info = await jsm.consumers.info('IDENTITY', 'requests-customer-created');
        return info.num_pending === 0 && info.num_ack_pending === 0;
      },
      { timeoutMs: 10_000 },
    );
  });

  it("refuses a service publishing another domain's event, and reading or creating another service's consumer", async () => {
    const identity = await rawConnect('identity');
    const js = identity.jetstream();
    const forged = await js.publish('payments.evt.payment.captured.v1', '{}', { timeout: 2000 }).then(
      () => 'stored',
      (e: NatsError) => `${e.code} ${e.message}`,
    );
    expect(forged).toBe(
      `PERMISSIONS_VIOLATION 'Permissions Violation for Publish to "payments.evt.payment.captured.v1"'`,
    );
    const own = await js.publish('identity.evt.test.happened.v1', '{}', { timeout: 2000 });
    expect(own.stream).toBe('IDENTITY');

    // The gateway cannot pull (and so steal or acknowledge) requests' events, nor create a consumer in its name.
    const gateway = await rawConnect('gateway');
    for (const subject of [
      '$JS.API.CONSUMER.MSG.NEXT.IDENTITY.requests-customer-created',
      '$JS.API.CONSUMER.CREATE.IDENTITY.requests-customer-created.identity.evt.customer.created.v1',
      '$JS.API.STREAM.DELETE.IDENTITY',
      '$JS.API.STREAM.PURGE.IDENTITY',
    ]) {
      const answer = await gateway.request(subject, '{"batch":1}', { timeout: 2000 }).then(
        () => 'answered',
        (e: NatsError) => e.code,
      );
      expect({ subject, answer }).toEqual({ subject, answer: 'PERMISSIONS_VIOLATION' });
    }
    // Nor may a domain service delete its own stream.
    const requests = await rawConnect('requests');
    const del = await requests.request('$JS.API.STREAM.DELETE.REQUESTS', '', { timeout: 2000 }).then(
      () => 'answered',
      (e: NatsError) => e.code,
    );
    expect(del).toBe('PERMISSIONS_VIOLATION');
  });

  it('realtime streams live locations to dispatch; nobody else may publish them', async () => {
    const dispatch = await rawConnect('dispatch');
    const got: string[] = [];
    const sub = dispatch.subscribe(LOCATION_POINT_SUBJECT, {
      queue: 'dispatch',
      callback: (_e, m) => got.push(m.string()),
    });
    await dispatch.flush();
    const realtime = await rawConnect('realtime');
    realtime.publish(LOCATION_POINT_SUBJECT, 'from-realtime');
    await realtime.flush();
    const gateway = await rawConnect('gateway');
    const violation = nextViolation(gateway);
    gateway.publish(LOCATION_POINT_SUBJECT, 'forged');
    await gateway.flush();
    expect(await violation).toContain('PERMISSIONS_VIOLATION');
    await waitFor(() => got.length > 0, { timeoutMs: 5000 });
    await dispatch.flush();
    expect(got).toEqual(['from-realtime']);
    sub.unsubscribe();
  });

  it("the NATS-only services' probe (deploy/docker/nats-ping.cjs) pings with the service's credentials", async () => {
    // Asynchronously: the responder runs in this process.
    const ping = (env: Record<string, string>): Promise<{ status: number | null; stderr: string }> =>
      new Promise((resolve) => {
        const child = spawn(
          process.execPath,
          [path.join(ROOT, 'deploy', 'docker', 'nats-ping.cjs'), PaymentsPing.subject],
          {
            env: { PATH: process.env.PATH ?? '', NATS_URL: natsUrl, ...env },
            stdio: ['ignore', 'ignore', 'pipe'],
          },
        );
        let stderr = '';
        child.stderr?.on('data', (b: Buffer) => (stderr += b.toString()));
        child.once('exit', (status) => resolve({ status, stderr }));
      });
    expect(await ping({ NATS_USER: 'payments', NATS_PASSWORD: PASSWORDS.payments })).toEqual({
      status: 0,
      stderr: '',
    });
    const anonymous = await ping({});
    expect(anonymous.status).toBe(1);
    expect(anonymous.stderr).toMatch(/Authorization Violation/);
    // Another domain service's user may not send payments' ping.
    expect((await ping({ NATS_USER: 'dispatch', NATS_PASSWORD: PASSWORDS.dispatch })).stderr).toMatch(
      /Permissions Violation for Publish/,
    );
  });
});

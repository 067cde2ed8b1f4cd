import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Module, type INestApplicationContext, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AnyEventDef, EventPayload, ServerToClientEvents } from '@tiredash/contracts';
import { EventPublisher, MessagingClient, MessagingModule } from '@tiredash/messaging';
import { getTestInfra } from '@tiredash/testing';
import { io as ioClient, type Socket } from 'socket.io-client';
// The real identity service, started in-process: realtime asks it for a provider's business (GetMe).
// eslint-disable-next-line @nx/enforce-module-boundaries
import { createIdentityTestEnv, startIdentity, type IdentityTestEnv } from '../../../identity/src/test-support/identity-harness';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { aUser, providerBody } from '../../../identity/src/test-support/fixtures';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { CustomersService } from '../../../identity/src/customers/customers.service';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { ProvidersService } from '../../../identity/src/providers/providers.service';
import { bootstrapRealtime } from '../../src/app.module';
import { loadConfig, type RealtimeConfig } from '../../src/config';

export interface RealtimeNode {
  app: NestFastifyApplication;
  url: string;
  config: RealtimeConfig;
  close(): Promise<void>;
}

export interface TestUser {
  userId: string;
  token: string;
  role: 'customer' | 'provider' | 'admin';
  /** Customer profile documentId (customers). */
  customerId: string | null;
  /** Business documentId (providers with a profile). */
  businessId: string | null;
}

export type EventName = keyof ServerToClientEvents;

/** A connected client that records every server event it receives. */
export interface RecordingClient {
  socket: Socket;
  received: Array<{ event: string; payload: Record<string, unknown> }>;
  of(event: EventName): Array<Record<string, unknown>>;
  close(): void;
}

/**
 * One test file's realtime environment: its own NATS namespace (and Redis adapter key), the real identity
 * service on its own database, realtime nodes started in-process on free ports, users with profiles,
 * socket clients and an event publisher for requests' events.
 */
export class RealtimeTestEnv {
  private nodes: RealtimeNode[] = [];
  private clients: RecordingClient[] = [];

  private constructor(
    readonly identityEnv: IdentityTestEnv,
    private identity: INestMicroservice,
    private publisherContext: INestApplicationContext,
    readonly redisUrl: string,
  ) {}

  static async create(label: string): Promise<RealtimeTestEnv> {
    const infra = await getTestInfra();
    const identityEnv = await createIdentityTestEnv(label);
    const identity = await startIdentity(identityEnv.config);
    @Module({})
    class PublisherModule {}
    const publisherContext = await NestFactory.createApplicationContext(
      {
        module: PublisherModule,
        imports: [MessagingModule.forRoot({ serviceName: 'realtime-test-publisher', natsUrl: infra.natsUrl, namespace: identityEnv.namespace, streams: ['REQUESTS'] })],
      },
      { logger: false },
    );
    return new RealtimeTestEnv(identityEnv, identity, publisherContext, infra.redisUrl);
  }

  /** A NATS request-reply client on the namespace (the gateway's side of the wire). */
  get client(): MessagingClient {
    return this.publisherContext.get(MessagingClient);
  }

  /** The identity microservice (to call its services directly, e.g. an admin approving a provider). */
  get identityApp(): INestMicroservice {
    return this.identity;
  }

  get namespace(): string {
    return this.identityEnv.namespace;
  }

  configFor(overrides: Record<string, string> = {}): RealtimeConfig {
    return loadConfig({
      NODE_ENV: 'test',
      NATS_URL: this.identityEnv.natsUrl,
      NATS_NAMESPACE: this.namespace,
      REDIS_URL: this.redisUrl,
      REALTIME_PORT: '0',
      REALTIME_HOST: '127.0.0.1',
      ...overrides,
    });
  }

  async startNode(overrides: Record<string, string> = {}): Promise<RealtimeNode> {
    const config = this.configFor(overrides);
    const app = await bootstrapRealtime(config, { logger: ['error'] });
    const address = app.getHttpServer().address() as AddressInfo;
    const node: RealtimeNode = {
      app,
      config,
      url: `http://127.0.0.1:${address.port}`,
      close: async () => {
        this.nodes = this.nodes.filter((n) => n !== node);
        await app.close();
      },
    };
    this.nodes.push(node);
    return node;
  }

  async aCustomer(): Promise<TestUser> {
    const u = await aUser(this.identity, 'customer');
    const customer = await this.identity.get(CustomersService).create(u.actor, { data: { fullName: 'Casey Customer', phone: '+1 555 000 1111' } });
    return { userId: u.id, token: u.auth.jwt, role: 'customer', customerId: customer.documentId, businessId: null };
  }

  /** A provider with its business profile (withProfile false: registered, no business yet). */
  async aProvider(withProfile = true): Promise<TestUser> {
    const u = await aUser(this.identity, 'provider');
    if (!withProfile) return { userId: u.id, token: u.auth.jwt, role: 'provider', customerId: null, businessId: null };
    const p = await this.identity.get(ProvidersService).create(u.actor, providerBody());
    return { userId: u.id, token: u.auth.jwt, role: 'provider', customerId: null, businessId: p.documentId };
  }

  /** Connects (websocket only unless told) and resolves once connected; rejects with the connect_error message. */
  async connect(
    url: string,
    token: string | null,
    opts: { transports?: string[]; via?: 'auth' | 'header' | 'query'; auth?: Record<string, unknown> } = {},
  ): Promise<RecordingClient> {
    const via = opts.via ?? 'auth';
    const socket = ioClient(url, {
      path: '/socket.io',
      transports: opts.transports ?? ['websocket'],
      reconnection: true,
      reconnectionDelay: 100,
      reconnectionDelayMax: 300,
      forceNew: true,
      auth: { ...(token && via === 'auth' ? { token } : {}), ...opts.auth },
      extraHeaders: token && via === 'header' ? { authorization: `Bearer ${token}` } : {},
      query: token && via === 'query' ? { token } : {},
    });
    const received: RecordingClient['received'] = [];
    socket.onAny((event: string, payload: Record<string, unknown>) => received.push({ event, payload }));
    const client: RecordingClient = {
      socket,
      received,
      of: (event) => received.filter((r) => r.event === event).map((r) => r.payload),
      close: () => {
        socket.disconnect();
      },
    };
    this.clients.push(client);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (err: Error) => {
        socket.disconnect();
        reject(err);
      });
    });
    return client;
  }

  /** Publishes a requests event on JetStream exactly as the outbox relay does (Nats-Msg-Id = event id). */
  async publish<E extends AnyEventDef>(def: E, payload: EventPayload<E>, opts: { id?: string; occurredAt?: string; msgID?: string } = {}): Promise<string> {
    const id = opts.id ?? randomUUID();
    await this.publisherContext.get(EventPublisher).publishRaw(def.subject, {
      id,
      subject: def.subject,
      occurredAt: opts.occurredAt ?? new Date().toISOString(),
      payload,
    }, opts.msgID ? { msgID: opts.msgID } : {});
    return id;
  }

  async close(): Promise<void> {
    for (const c of this.clients) c.close();
    for (const n of [...this.nodes]) await n.close();
    await this.publisherContext.close();
    await this.identity.close();
    await this.identityEnv.close();
  }
}

/** Waits `ms` (to show that nothing more arrives). */
export function pause(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

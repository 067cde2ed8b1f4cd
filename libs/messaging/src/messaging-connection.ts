import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { StreamName } from '@tiredash/contracts';
import { connect, type JetStreamClient, type JetStreamManager, type NatsConnection } from 'nats';
import {
  MESSAGING_OPTIONS,
  type MessagingOptions,
  assertNamespace,
  natsAuthOptions,
  natsReconnectOptions,
  natsServerOptions,
} from './messaging.options';
import { ensureStreamsWith } from './streams';

export type NatsConnectionState = 'connected' | 'reconnecting' | 'closed';

/** The service's NATS connection used for JetStream (streams, outbox relay, consumers). */
@Injectable()
export class MessagingConnection implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(MessagingConnection.name);
  private nc?: NatsConnection;
  private jsClient?: JetStreamClient;
  private manager?: JetStreamManager;
  private state: NatsConnectionState = 'connected';

  constructor(@Inject(MESSAGING_OPTIONS) readonly options: MessagingOptions) {
    assertNamespace(options.namespace ?? '');
  }

  get namespace(): string {
    return this.options.namespace ?? '';
  }

  /** The service this connection belongs to (spans and logs name it). */
  get serviceName(): string {
    return this.options.serviceName;
  }

  async onModuleInit(): Promise<void> {
    this.nc = await connect({
      ...natsServerOptions(this.options.natsUrl),
      name: this.options.serviceName,
      ...natsReconnectOptions(this.options.reconnect),
      ...natsAuthOptions(this.options.credentials),
    });
    void this.watch(this.nc);
    this.jsClient = this.nc.jetstream();
    this.manager = await this.nc.jetstreamManager();
    await this.ensureStreams(this.options.streams ?? []);
    this.logger.log(
      `Connected to NATS ${this.options.natsUrl}${this.options.credentials ? ` as ${this.options.credentials.user}` : ''}${this.namespace ? ` (namespace ${this.namespace})` : ''}`,
    );
  }

  /** `reconnecting` between a lost server and the next one answering; `closed` for good (only after shutdown). */
  get natsState(): NatsConnectionState {
    if (!this.nc || this.nc.isClosed()) return 'closed';
    return this.state;
  }

  private async watch(nc: NatsConnection): Promise<void> {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect') this.state = 'reconnecting';
      else if (s.type === 'reconnect') this.state = 'connected';
    }
  }

  /** Idempotent: creates missing streams (and the DLQ stream), updates changed ones. */
  async ensureStreams(names: StreamName[]): Promise<void> {
    await ensureStreamsWith(this.jsm, names, this.namespace);
  }

  get connection(): NatsConnection {
    if (!this.nc) throw new Error('MessagingConnection used before module init');
    return this.nc;
  }

  get js(): JetStreamClient {
    if (!this.jsClient) throw new Error('MessagingConnection used before module init');
    return this.jsClient;
  }

  get jsm(): JetStreamManager {
    if (!this.manager) throw new Error('MessagingConnection used before module init');
    return this.manager;
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.nc && !this.nc.isClosed()) await this.nc.drain();
  }
}

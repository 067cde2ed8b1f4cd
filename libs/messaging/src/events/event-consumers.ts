import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, ModuleRef } from '@nestjs/core';
import {
  type AnyEventDef,
  type EventEnvelope,
  type EventPayload,
  STREAMS,
  type StreamName,
  deadLetterSubject,
} from '@tiredash/contracts';
import { AckPolicy, type ConsumerMessages, DeliverPolicy, type JsMsg, headers as natsHeaders, nanos } from 'nats';
import { SpanKind, inMessageContext } from '@tiredash/runtime';
import type { DataSource, EntityManager } from 'typeorm';
import { MessagingConnection } from '../messaging-connection';
import { namespacedStream, namespacedSubject } from '../messaging.options';
import { InboxEntity } from '../outbox/inbox.entity';
import { findDataSource } from '../outbox/outbox-relay';
import { ensureStreamsWith, isNotFound } from '../streams';
import { fromNatsHeaders } from '../trace/trace-headers';
import { CONSUME_EXPIRES_MS, type SupervisedConsumer, superviseConsumer } from './consumer-supervisor';
import { type ConsumerOptions, ON_EVENT_METADATA, type OnEventMetadata } from './on-event.decorator';

export interface EventContext {
  eventId: string;
  subject: string;
  occurredAt: string;
  /** The transaction the inbox row was written in: write the handler's effects with it. */
  manager: EntityManager;
  /** 1 on the first delivery. */
  deliveryCount: number;
}

export type EventHandler<E extends AnyEventDef> = (payload: EventPayload<E>, ctx: EventContext) => unknown;

interface Running {
  stream: string;
  consumer: SupervisedConsumer;
}

const DURABLE = /^[A-Za-z0-9_-]+$/;
const MAX_BACKOFF_MS = 60_000;

/**
 * Durable JetStream consumers with explicit ack. Each delivery runs in a DB transaction that first inserts
 * (durable, eventId) into the inbox (a duplicate is acked and skipped); on error the message is nak'ed with
 * exponential backoff, and after maxDeliver attempts the envelope goes to `dlq.<durable>` and is term()'ed.
 * Methods decorated with @OnEvent are subscribed at application bootstrap.
 */
@Injectable()
export class EventConsumers implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(EventConsumers.name);
  private readonly running: Running[] = [];

  constructor(
    private readonly messaging: MessagingConnection,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly moduleRef: ModuleRef,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const wrappers = [...this.discovery.getProviders(), ...this.discovery.getControllers()];
    for (const wrapper of wrappers) {
      const instance: unknown = wrapper.instance;
      if (!instance || typeof instance !== 'object') continue;
      const proto = Object.getPrototypeOf(instance) as Record<string, unknown>;
      if (!proto) continue;
      for (const name of this.scanner.getAllMethodNames(proto)) {
        const method = proto[name];
        if (typeof method !== 'function') continue;
        const meta = Reflect.getMetadata(ON_EVENT_METADATA, method) as OnEventMetadata | undefined;
        if (!meta) continue;
        const fn = method as (this: unknown, payload: unknown, ctx: EventContext) => unknown;
        await this.subscribe(meta.def, meta.options, (payload, ctx) => fn.call(instance, payload, ctx));
      }
    }
  }

  /** Creates (or updates) the durable consumer and starts handling its messages. */
  async subscribe<E extends AnyEventDef>(def: E, options: ConsumerOptions, handler: EventHandler<E>): Promise<void> {
    if (!DURABLE.test(options.durable)) throw new Error(`Invalid durable name "${options.durable}"`);
    const dataSource = findDataSource(this.moduleRef);
    if (!dataSource || !dataSource.hasMetadata(InboxEntity)) {
      throw new Error(`@OnEvent(${def.subject}) needs a DataSource with InboxEntity registered (PersistenceModule)`);
    }
    const ns = this.messaging.namespace;
    const stream = namespacedStream(ns, def.stream);
    if (this.running.some((r) => r.stream === stream && r.consumer.durable === options.durable)) {
      throw new Error(`Durable "${options.durable}" is already subscribed on stream ${def.stream}`);
    }
    const config = {
      durable_name: options.durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: namespacedSubject(ns, def.subject),
      ack_wait: nanos(options.ackWaitMs ?? 30_000),
      max_deliver: -1,
      max_ack_pending: 1000,
    };
    const open = async (): Promise<ConsumerMessages> => {
      const jsm = this.messaging.jsm;
      // Again on a restart: the stream may have been lost with the server's store.
      if (def.stream in STREAMS) await ensureStreamsWith(jsm, [def.stream as StreamName], ns);
      try {
        const existing = await jsm.consumers.info(stream, options.durable);
        if (existing.config.filter_subject !== config.filter_subject || existing.config.ack_wait !== config.ack_wait) {
          await jsm.consumers.update(stream, options.durable, { filter_subject: config.filter_subject, ack_wait: config.ack_wait });
        }
      } catch (err) {
        if (!isNotFound(err)) throw err;
        await jsm.consumers.add(stream, config);
      }
      const consumer = await this.messaging.js.consumers.get(stream, options.durable);
      // A deleted consumer or lost stream ends the pull (nats.js would otherwise wait for it forever): superviseConsumer opens it again.
      return consumer.consume({ max_messages: 64, abort_on_missing_resource: true, expires: CONSUME_EXPIRES_MS });
    };

    // A deleted durable or a lost stream ends the pull: superviseConsumer opens it again after a backoff.
    const consumer = await superviseConsumer({
      durable: options.durable,
      open,
      handle: async (m) => this.handle(m, def, options, handler, dataSource),
      logger: this.logger,
    });
    this.running.push({ stream, consumer });
  }

  /**
   * Each delivery is handled in the context the event carried (its NATS headers, from the outbox row): the request
   * id that started the work is current and a CONSUMER span continues its trace, so the handler's logs and the
   * events it writes carry them on.
   */
  private handle<E extends AnyEventDef>(
    m: JsMsg,
    def: E,
    options: ConsumerOptions,
    handler: EventHandler<E>,
    dataSource: DataSource,
  ): Promise<void> {
    return inMessageContext(
      fromNatsHeaders(m.headers),
      {
        name: `${def.subject} process`,
        kind: SpanKind.CONSUMER,
        service: this.messaging.serviceName,
        attributes: { 'messaging.system': 'nats', 'messaging.destination.name': def.subject, 'messaging.consumer.group.name': options.durable },
      },
      () => this.handleInContext(m, def, options, handler, dataSource),
    );
  }

  private async handleInContext<E extends AnyEventDef>(
    m: JsMsg,
    def: E,
    options: ConsumerOptions,
    handler: EventHandler<E>,
    dataSource: DataSource,
  ): Promise<void> {
    const maxDeliver = options.maxDeliver ?? 5;
    const deliveries = m.info.deliveryCount;
    let envelope: EventEnvelope<EventPayload<E>>;
    try {
      envelope = parseEnvelope<E>(m, def);
    } catch (err) {
      // Retrying cannot fix a malformed message.
      await this.deadLetter(m, options, errorText(err), deliveries, undefined);
      return;
    }
    const tag = `${options.durable} ${def.subject} event ${envelope.id}`;
    if (deliveries > maxDeliver) {
      await this.deadLetter(m, options, 'max deliveries exceeded', deliveries, envelope.id);
      return;
    }
    try {
      await dataSource.transaction(async (manager) => {
        const table = manager.connection.getMetadata(InboxEntity).tablePath.split('.').map((p) => `"${p}"`).join('.');
        const inserted: unknown[] = await manager.query(
          `INSERT INTO ${table} ("consumer", "event_id") VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING "event_id"`,
          [options.durable, envelope.id],
        );
        if (inserted.length === 0) {
          this.logger.debug(`${tag}: duplicate, skipped`);
          return;
        }
        await handler(envelope.payload, {
          eventId: envelope.id,
          subject: envelope.subject,
          occurredAt: envelope.occurredAt,
          manager,
          deliveryCount: deliveries,
        });
        this.logger.debug(`${tag}: handled`);
      });
      await m.ackAck().catch((err: unknown) => this.logger.warn(`${tag}: ack failed (${errorText(err)}); the inbox absorbs the redelivery`));
    } catch (err) {
      this.logger.error(`${tag}: handler failed on delivery ${deliveries}/${maxDeliver}: ${errorText(err)}`);
      if (deliveries >= maxDeliver) {
        await this.deadLetter(m, options, errorText(err), deliveries, envelope.id);
      } else {
        m.nak(backoffMs(options.backoffMs ?? 1000, deliveries));
      }
    }
  }

  private async deadLetter(
    m: JsMsg,
    options: ConsumerOptions,
    reason: string,
    deliveries: number,
    eventId: string | undefined,
  ): Promise<void> {
    const subject = namespacedSubject(this.messaging.namespace, deadLetterSubject(options.durable));
    const h = natsHeaders();
    h.set('Tiredash-Error', reason.replace(/[\r\n]+/g, ' ').slice(0, 1000));
    h.set('Tiredash-Subject', m.subject);
    h.set('Tiredash-Deliveries', String(deliveries));
    try {
      await this.messaging.js.publish(subject, m.data, {
        headers: h,
        msgID: `dlq:${options.durable}:${eventId ?? `seq-${m.seq}`}`,
      });
      m.term();
      this.logger.error(`${options.durable}: dead-lettered ${eventId ?? `stream seq ${m.seq}`} to ${subject}: ${reason}`);
    } catch (err) {
      this.logger.error(`${options.durable}: dead-letter publish failed (${errorText(err)}); will retry`);
      m.nak(backoffMs(options.backoffMs ?? 1000, deliveries));
    }
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.running.splice(0).map((r) => r.consumer.stop()));
  }
}

function parseEnvelope<E extends AnyEventDef>(m: JsMsg, def: E): EventEnvelope<EventPayload<E>> {
  const raw = JSON.parse(new TextDecoder().decode(m.data)) as Partial<EventEnvelope>;
  if (typeof raw?.id !== 'string' || !/^[0-9a-f-]{36}$/i.test(raw.id)) throw new Error('Envelope without a uuid id');
  if (typeof raw.subject !== 'string' || typeof raw.occurredAt !== 'string') throw new Error('Malformed envelope');
  const parsed = def.schema.safeParse(raw.payload);
  if (!parsed.success) throw new Error(`Invalid payload for ${def.subject}: ${parsed.error.message}`);
  return { id: raw.id, subject: raw.subject, occurredAt: raw.occurredAt, payload: parsed.data as EventPayload<E> };
}

function backoffMs(base: number, deliveries: number): number {
  return Math.min(MAX_BACKOFF_MS, base * 2 ** Math.max(0, deliveries - 1));
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

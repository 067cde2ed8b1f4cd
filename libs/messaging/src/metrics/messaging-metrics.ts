import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { STREAMS } from '@tiredash/contracts';
import { onScrape, serviceMetrics } from '@tiredash/runtime';
import type { ConsumerInfo } from 'nats';
import type { DataSource } from 'typeorm';
import { MessagingConnection } from '../messaging-connection';
import { MESSAGING_OPTIONS, type MessagingOptions, namespacedStream, namespacedSubject } from '../messaging.options';
import { OutboxEntity } from '../outbox/outbox.entity';
import { findDataSource } from '../outbox/outbox-relay';
import { CONSUMERS, type NatsService } from '../permissions/nats-permissions';
import { DLQ_STREAM, isNotFound } from '../streams';

/** The part of node-postgres' Pool that TypeORM's postgres driver keeps as `master`. */
interface PgPool {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options?: { max?: number };
}

/**
 * The scrape-time metrics of a service's messaging and database (see @tiredash/runtime's metrics catalogue):
 * - outbox lag: unpublished rows and the age of the oldest (when the service has an outbox);
 * - JetStream: pending, ack-pending and redelivered messages of every durable consumer this service owns, from the
 *   consumers' info: those the NATS permission table grants it (CONSUMERS; only INFO requests its NATS user may
 *   send), or for a service not in the table (tests) those whose name starts with `<serviceName>-`;
 * - dead letters waiting in the DLQ stream for those consumers (`dlq.<durable>`, per-subject counts of the stream);
 * - the PostgreSQL pool: open, idle, waiting, size.
 */
@Injectable()
export class MessagingMetrics implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly off: Array<() => void> = [];

  constructor(
    @Inject(MESSAGING_OPTIONS) private readonly options: MessagingOptions,
    private readonly messaging: MessagingConnection,
    private readonly moduleRef: ModuleRef,
  ) {}

  onApplicationBootstrap(): void {
    this.off.push(onScrape('jetstream', () => this.collectJetStream()));
    const ds = findDataSource(this.moduleRef);
    if (ds && ds.options.type === 'postgres') {
      this.off.push(onScrape('db-pool', () => collectPool(ds)));
      if (ds.hasMetadata(OutboxEntity)) this.off.push(onScrape('outbox', () => collectOutbox(ds)));
    }
  }

  onModuleDestroy(): void {
    for (const off of this.off.splice(0)) off();
  }

  private async collectJetStream(): Promise<void> {
    if (this.messaging.natsState !== 'connected') throw new Error(`NATS ${this.messaging.natsState}`);
    const m = serviceMetrics();
    const ns = this.messaging.namespace;
    const prefix = `${this.options.serviceName}-`;
    const jsm = this.messaging.jsm;
    const own = new Set<string>();
    m.jetstreamConsumerPending.reset();
    m.jetstreamConsumerAckPending.reset();
    m.jetstreamConsumerRedelivered.reset();
    const report = (stream: string, info: ConsumerInfo): void => {
      own.add(info.name);
      const labels = { stream, consumer: info.name };
      m.jetstreamConsumerPending.set(labels, info.num_pending);
      m.jetstreamConsumerAckPending.set(labels, info.num_ack_pending);
      m.jetstreamConsumerRedelivered.set(labels, info.num_redelivered);
    };
    const grants = (CONSUMERS as Partial<Record<string, (typeof CONSUMERS)[NatsService]>>)[this.options.serviceName];
    if (grants) {
      await Promise.all(
        grants.map(async (g) => {
          try {
            report(g.event.stream, await jsm.consumers.info(namespacedStream(ns, g.event.stream), g.durable));
          } catch (err) {
            if (!isNotFound(err)) throw err; // not created yet: nothing to report
          }
        }),
      );
    } else {
      for (const { name } of Object.values(STREAMS)) {
        let infos: ConsumerInfo[];
        try {
          infos = await jsm.consumers.list(namespacedStream(ns, name)).next();
        } catch {
          continue; // a stream this namespace has not created (yet)
        }
        for (const info of infos) if (info.name.startsWith(prefix)) report(name, info);
      }
    }
    const dlqSubject = (durable: string): string => namespacedSubject(ns, `dlq.${durable}`);
    const waiting = new Map<string, number>();
    try {
      const info = await jsm.streams.info(namespacedStream(ns, DLQ_STREAM.name), {
        subjects_filter: namespacedSubject(ns, 'dlq.>'),
      });
      const ours = namespacedSubject(ns, `dlq.${prefix}`);
      for (const [subject, count] of Object.entries(info.state.subjects ?? {})) {
        if (subject.startsWith(ours)) waiting.set(subject, count);
      }
    } catch {
      // no DLQ stream yet: nothing dead-lettered
    }
    m.deadLetters.reset();
    for (const durable of own) m.deadLetters.set({ consumer: durable }, waiting.get(dlqSubject(durable)) ?? 0);
    const dlqPrefix = namespacedSubject(ns, 'dlq.');
    for (const [subject, count] of waiting) {
      const durable = subject.slice(dlqPrefix.length);
      if (!own.has(durable)) m.deadLetters.set({ consumer: durable }, count);
    }
  }
}

async function collectOutbox(ds: DataSource): Promise<void> {
  const meta = ds.getMetadata(OutboxEntity);
  const table = meta.schema ? `"${meta.schema}"."${meta.tableName}"` : `"${meta.tableName}"`;
  const [row] = (await ds.query(
    `SELECT count(*)::int AS n, COALESCE(EXTRACT(EPOCH FROM now() - min("occurred_at")), 0)::float8 AS age
       FROM ${table} WHERE "published_at" IS NULL`,
  )) as Array<{ n: number; age: number }>;
  const m = serviceMetrics();
  m.outboxUnpublished.set(row?.n ?? 0);
  m.outboxOldestUnpublishedAge.set(Math.max(0, row?.age ?? 0));
}

function collectPool(ds: DataSource): void {
  const pool = (ds.driver as unknown as { master?: PgPool }).master;
  if (!pool) return;
  const m = serviceMetrics();
  m.dbPoolTotal.set(pool.totalCount);
  m.dbPoolIdle.set(pool.idleCount);
  m.dbPoolWaiting.set(pool.waitingCount);
  if (pool.options?.max !== undefined) m.dbPoolMax.set(pool.options.max);
}

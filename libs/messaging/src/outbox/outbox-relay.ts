import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { EventEnvelope } from '@tiredash/contracts';
import { REQUEST_ID_HEADER, SpanKind, contextFrom, failSpan, spanContext, startSpan, traceHeaders } from '@tiredash/runtime';
import {
  DataSource,
  type DataSourceOptions,
  type EntityManager,
  type QueryRunner,
  type TransactionCommitEvent,
  type TransactionRollbackEvent,
} from 'typeorm';
import { EventPublisher } from '../events/event-publisher';
import { MESSAGING_OPTIONS, type MessagingOptions } from '../messaging.options';
import { OutboxEntity } from './outbox.entity';
import { outboxChannel, outboxCommitListeners, outboxPendingCommits } from './outbox.service';

/**
 * Where @tiredash/persistence's databaseOptions() leaves DATABASE_DIRECT_URL on the options: the pool then goes
 * through PgBouncer in transaction mode, where a LISTEN hears nothing, so the relay listens on a direct connection.
 */
const DIRECT_URL = Symbol.for('tiredash.databaseDirectUrl');

/** The part of a `pg` client the relay's LISTEN connection uses. */
interface NotifyingClient {
  on(event: 'notification', listener: (msg: { channel: string }) => void): unknown;
  on(event: 'error', listener: (err: Error) => void): unknown;
}

/**
 * Publishes outbox rows to JetStream with Nats-Msg-Id = event id, then marks them published. Rows are claimed
 * with FOR UPDATE SKIP LOCKED, so several replicas share the work; a row published twice (crash between publish
 * and commit) is dropped by JetStream's duplicate window. Started when the service registered OutboxEntity.
 *
 * Latency: the relay runs as soon as a transaction of this process that wrote outbox rows commits (or a NOTIFY
 * on `outbox_<schema>` arrives on its own LISTEN connection); the idle poll stays as the safety net (rows of
 * other replicas, a missed wake-up). Its batches run on that LISTEN connection, never queued behind the
 * service's own transactions for a pooled one. A batch's rows
 * are published concurrently (one connection keeps their order) and marked published in one UPDATE.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(OutboxRelay.name);
  private dataSource?: DataSource;
  private running = false;
  private loop?: Promise<void>;
  private wake?: () => void;
  /** A commit was announced since the current batch was claimed: run again before sleeping. */
  private announced = false;
  private listener?: QueryRunner;
  private relistenAt = 0;
  /** The one-connection direct data source of the LISTEN connection, when the pool is not direct. */
  private direct?: DataSource;

  constructor(
    @Inject(MESSAGING_OPTIONS) private readonly options: MessagingOptions,
    private readonly publisher: EventPublisher,
    private readonly moduleRef: ModuleRef,
  ) {}

  onApplicationBootstrap(): void {
    const ds = findDataSource(this.moduleRef);
    if (!ds || !ds.hasMetadata(OutboxEntity)) return;
    this.dataSource = ds;
    this.running = true;
    // Woken by this process's commits of outbox rows (TypeORM's afterTransactionCommit), by NOTIFYs on the
    // LISTEN connection, else by the idle poll.
    outboxCommitListeners.add(this.announce);
    ds.subscribers.push({
      afterTransactionCommit: (event: TransactionCommitEvent) => {
        if (outboxPendingCommits.delete(event.queryRunner)) this.announce();
      },
      afterTransactionRollback: (event: TransactionRollbackEvent) => {
        outboxPendingCommits.delete(event.queryRunner);
      },
    });
    this.loop = this.listen(ds).then(() => this.run());
  }

  private readonly announce = (): void => {
    this.announced = true;
    this.wake?.();
  };

  /** LISTENs for the outbox's commit announcements; without them the relay still polls every idlePollMs. */
  private async listen(ds: DataSource): Promise<void> {
    const schema = ds.getMetadata(OutboxEntity).schema;
    if (ds.options.type !== 'postgres' || !schema) return;
    const channel = outboxChannel(schema);
    let runner: QueryRunner | undefined;
    try {
      runner = (await this.listenSource(ds)).createQueryRunner();
      const client = (await runner.connect()) as NotifyingClient;
      client.on('notification', (msg) => {
        if (msg.channel === channel) this.announce();
      });
      client.on('error', (err) => {
        this.logger.warn(
          `Outbox LISTEN connection: ${err.message}; polling every ${this.idleMs} ms until it is back`,
        );
        if (runner) this.dropListener(runner);
      });
      await runner.query(`LISTEN "${channel}"`);
      this.listener = runner;
    } catch (err) {
      this.logger.warn(
        `Outbox LISTEN unavailable (${err instanceof Error ? err.message : String(err)}); polling meanwhile`,
      );
      this.relistenAt = Date.now() + 5000;
      await runner?.release().catch(() => undefined);
    }
  }

  /** The pool itself, or a direct connection when the pool goes through a transaction pooler (DATABASE_DIRECT_URL). */
  private async listenSource(ds: DataSource): Promise<DataSource> {
    const url = (ds.options as { [DIRECT_URL]?: unknown })[DIRECT_URL];
    if (typeof url !== 'string') return ds;
    this.direct ??= new DataSource({ ...ds.options, url, poolSize: 1, extra: {}, migrationsRun: false } as DataSourceOptions);
    if (!this.direct.isInitialized) await this.direct.initialize();
    return this.direct;
  }

  /** Gives up a broken LISTEN connection: the loop polls on pooled connections and listens again later. */
  private dropListener(runner: QueryRunner): void {
    if (this.listener !== runner) return;
    this.listener = undefined;
    this.relistenAt = Date.now() + 5000;
    void runner.release().catch(() => undefined);
  }

  private get idleMs(): number {
    return this.options.outbox?.idlePollMs ?? 100;
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** Publishes one batch of unpublished rows; returns how many were published. */
  async relayOnce(): Promise<number> {
    return this.relayBatch(undefined);
  }

  /**
   * One batch in a transaction: on the relay's own LISTEN connection when the loop has it (so a pool saturated
   * by the service's own work never holds events back), else on a pooled connection.
   */
  private async relayBatch(runner: QueryRunner | undefined): Promise<number> {
    const ds = this.dataSource;
    if (!ds) throw new Error('OutboxRelay: no DataSource with OutboxEntity registered');
    const batchSize = this.options.outbox?.batchSize ?? 100;
    const inTransaction = <T>(work: (manager: EntityManager) => Promise<T>): Promise<T> =>
      runner ? runner.manager.transaction(work) : ds.transaction(work);
    return inTransaction(async (manager) => {
      const rows = await manager
        .createQueryBuilder(OutboxEntity, 'o')
        .where('o.publishedAt IS NULL')
        .orderBy('o.seq', 'ASC')
        .limit(batchSize)
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .getMany();
      // Concurrent publishes: written to the one NATS connection in this order, stored in this order.
      await Promise.all(
        rows.map((row) => {
          const envelope: EventEnvelope = {
            id: row.id,
            subject: row.subject,
            occurredAt: row.occurredAt.toISOString(),
            payload: row.payload,
          };
          return this.publishTraced(row, envelope);
        }),
      );
      if (rows.length > 0) {
        await manager
          .createQueryBuilder()
          .update(OutboxEntity)
          .set({ publishedAt: () => 'now()' })
          .whereInIds(rows.map((r) => r.id))
          .execute();
      }
      return rows.length;
    });
  }

  /**
   * Publishes one row in a PRODUCER span continuing the trace of the work that wrote it (the row's stored headers);
   * the span's traceparent and the row's request id go out as the message's NATS headers, for the consumers.
   */
  private async publishTraced(row: OutboxEntity, envelope: EventEnvelope): Promise<void> {
    const parent = contextFrom(row.headers ?? undefined);
    const span = startSpan(
      {
        name: `${row.subject} publish`,
        kind: SpanKind.PRODUCER,
        service: this.options.serviceName,
        attributes: { 'messaging.system': 'nats', 'messaging.destination.name': row.subject, 'messaging.message.id': row.id },
      },
      parent,
    );
    try {
      await this.publisher.publishRaw(row.subject, envelope, { headers: traceHeaders(spanContext(span, parent), row.headers?.[REQUEST_ID_HEADER]) });
    } catch (err) {
      failSpan(span, err);
      throw err;
    } finally {
      span.end();
    }
  }

  private async run(): Promise<void> {
    const idleMs = this.idleMs;
    let failures = 0;
    while (this.running) {
      let published = 0;
      this.announced = false;
      if (!this.listener && this.relistenAt > 0 && Date.now() >= this.relistenAt && this.dataSource) {
        this.relistenAt = 0;
        await this.listen(this.dataSource);
      }
      const runner = this.listener;
      try {
        published = await this.relayBatch(runner);
        failures = 0;
      } catch (err) {
        if (runner) this.dropListener(runner);
        failures += 1;
        this.logger.error(
          `Outbox relay failed (attempt ${failures}): ${err instanceof Error ? err.message : String(err)}`,
        );
      }
      if (published === 0 && this.running && !(this.announced && failures === 0)) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, failures > 0 ? Math.min(5000, idleMs * 2 ** failures) : idleMs);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.running = false;
    outboxCommitListeners.delete(this.announce);
    this.wake?.();
    await this.loop;
    if (this.listener) await this.listener.release().catch(() => undefined);
    this.listener = undefined;
    if (this.direct?.isInitialized) await this.direct.destroy().catch(() => undefined);
  }
}

export function findDataSource(moduleRef: ModuleRef): DataSource | undefined {
  try {
    return moduleRef.get(DataSource, { strict: false });
  } catch {
    return undefined;
  }
}

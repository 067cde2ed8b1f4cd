import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { type Env, parseEnv, serviceMetrics } from '@tiredash/runtime';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { MESSAGING_OPTIONS, type MessagingOptions } from '../messaging.options';
import { STREAM_MAX_AGE_MS } from '../streams';
import { InboxEntity } from './inbox.entity';
import { OutboxEntity } from './outbox.entity';
import { findDataSource } from './outbox-relay';

const HOUR_MS = 3600 * 1000;
/** The JetStream streams' max age in hours: a message is never delivered (or redelivered) later than this. */
const STREAM_MAX_AGE_HOURS = STREAM_MAX_AGE_MS / HOUR_MS;

/** The pruning's variables (read by every service with an outbox or inbox, validated at start-up). */
export const pruneEnv = {
  /** Seconds between two prunings of a replica (each starts at a random point of the first interval); 0: never. */
  PRUNE_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(600),
  /** Published outbox rows are kept this long (hours), for inspection; unpublished rows are never deleted. */
  OUTBOX_RETENTION_HOURS: z.coerce.number().positive().default(72),
  /**
   * Inbox rows (consumer, event id: the dedupe of redeliveries and replays) are kept this long (hours). It must
   * exceed the streams' max age (168 h), or an event still in the stream could be handled twice.
   */
  INBOX_RETENTION_HOURS: z.coerce
    .number()
    .positive()
    .default(2 * STREAM_MAX_AGE_HOURS)
    .refine((h) => h > STREAM_MAX_AGE_HOURS, {
      message: `must be more than the streams' max age (${STREAM_MAX_AGE_HOURS} hours), or an event could be handled twice`,
    }),
  /** Rows deleted per statement (each in its own short transaction). */
  PRUNE_BATCH_SIZE: z.coerce.number().int().min(1).max(100_000).default(5000),
};

export interface PruneSettings {
  intervalSeconds: number;
  outboxRetentionHours: number;
  inboxRetentionHours: number;
  batchSize: number;
}

export function pruneSettings(service: string, env: Env = process.env): PruneSettings {
  const e = parseEnv(service, z.object(pruneEnv), env);
  return {
    intervalSeconds: e.PRUNE_INTERVAL_SECONDS,
    outboxRetentionHours: e.OUTBOX_RETENTION_HOURS,
    inboxRetentionHours: e.INBOX_RETENTION_HOURS,
    batchSize: e.PRUNE_BATCH_SIZE,
  };
}

export interface PruneResult {
  outbox: number;
  inbox: number;
}

/**
 * Deletes published outbox rows older than OUTBOX_RETENTION_HOURS and inbox rows older than INBOX_RETENTION_HOURS,
 * every PRUNE_INTERVAL_SECONDS, in batches of PRUNE_BATCH_SIZE rows, each batch its own short transaction so
 * that no long lock or transaction holds the relay or the consumers back. Replica-safe: a batch claims its rows
 * with FOR UPDATE SKIP LOCKED, so replicas pruning at once delete disjoint rows and never wait on each other (nor
 * on the relay, which only locks unpublished rows); no session-level lock, so it works through PgBouncer in
 * transaction mode.
 */
@Injectable()
export class OutboxInboxPruner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(OutboxInboxPruner.name);
  private dataSource?: DataSource;
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  private stopped = false;
  readonly settings: PruneSettings;

  constructor(
    @Inject(MESSAGING_OPTIONS) options: MessagingOptions,
    private readonly moduleRef: ModuleRef,
  ) {
    this.settings = pruneSettings(options.serviceName);
  }

  onApplicationBootstrap(): void {
    const ds = findDataSource(this.moduleRef);
    if (!ds || ds.options.type !== 'postgres' || (!ds.hasMetadata(OutboxEntity) && !ds.hasMetadata(InboxEntity))) return;
    this.dataSource = ds;
    const intervalMs = this.settings.intervalSeconds * 1000;
    if (intervalMs === 0) return;
    const schedule = (delayMs: number): void => {
      this.timer = setTimeout(() => {
        this.running = this.pruneOnce()
          .catch((err: unknown) => this.logger.error(`Pruning failed: ${err instanceof Error ? err.message : String(err)}; next in ${this.settings.intervalSeconds} s`))
          .finally(() => {
            if (!this.stopped) schedule(intervalMs);
          });
      }, delayMs);
      this.timer.unref();
    };
    // Replicas started together do not prune together.
    schedule(Math.floor(Math.random() * intervalMs));
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** One pruning of both tables, batch after batch until none is full; returns the rows deleted. */
  async pruneOnce(now?: Date): Promise<PruneResult> {
    const ds = this.dataSource ?? findDataSource(this.moduleRef);
    if (!ds) throw new Error('OutboxInboxPruner: no DataSource');
    const at = now ?? new Date();
    const result: PruneResult = { outbox: 0, inbox: 0 };
    if (ds.hasMetadata(OutboxEntity)) {
      const cutoff = new Date(at.getTime() - this.settings.outboxRetentionHours * HOUR_MS);
      result.outbox = await this.pruneTable(ds, OutboxEntity, `"published_at" IS NOT NULL AND "published_at" < $1`, cutoff);
    }
    if (ds.hasMetadata(InboxEntity)) {
      const cutoff = new Date(at.getTime() - this.settings.inboxRetentionHours * HOUR_MS);
      result.inbox = await this.pruneTable(ds, InboxEntity, `"processed_at" < $1`, cutoff);
    }
    if (result.outbox + result.inbox > 0) {
      this.logger.log(`Pruned ${result.outbox} published outbox rows, ${result.inbox} inbox rows`);
    }
    return result;
  }

  private async pruneTable(ds: DataSource, entity: typeof OutboxEntity | typeof InboxEntity, where: string, cutoff: Date): Promise<number> {
    const meta = ds.getMetadata(entity);
    const table = meta.schema ? `"${meta.schema}"."${meta.tableName}"` : `"${meta.tableName}"`;
    const counter = serviceMetrics().prunedRows;
    let total = 0;
    for (;;) {
      if (this.stopped && total > 0) break;
      // No ORDER BY: a sequential scan stops as soon as it has a batch (old rows come first in the heap).
      const [row] = (await ds.query(
        `WITH doomed AS (SELECT ctid FROM ${table} WHERE ${where} LIMIT $2 FOR UPDATE SKIP LOCKED),
              deleted AS (DELETE FROM ${table} t USING doomed WHERE t.ctid = doomed.ctid RETURNING 1)
         SELECT count(*)::int AS n FROM deleted`,
        [cutoff, this.settings.batchSize],
      )) as Array<{ n: number }>;
      const n = row?.n ?? 0;
      total += n;
      if (n > 0) counter.inc({ table: meta.tableName }, n);
      if (n < this.settings.batchSize) break;
    }
    return total;
  }
}

import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { EventEnvelope } from '@tiredash/contracts';
import { DataSource } from 'typeorm';
import { EventPublisher } from '../events/event-publisher';
import { MESSAGING_OPTIONS, type MessagingOptions } from '../messaging.options';
import { OutboxEntity } from './outbox.entity';

/**
 * Publishes outbox rows to JetStream with Nats-Msg-Id = event id, then marks them published. Rows are claimed
 * with FOR UPDATE SKIP LOCKED, so several replicas share the work; a row published twice (crash between publish
 * and commit) is dropped by JetStream's duplicate window. Started when the service registered OutboxEntity.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(OutboxRelay.name);
  private dataSource?: DataSource;
  private running = false;
  private loop?: Promise<void>;
  private wake?: () => void;

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
    this.loop = this.run();
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** Publishes one batch of unpublished rows; returns how many were published. */
  async relayOnce(): Promise<number> {
    const ds = this.dataSource;
    if (!ds) throw new Error('OutboxRelay: no DataSource with OutboxEntity registered');
    const batchSize = this.options.outbox?.batchSize ?? 100;
    return ds.transaction(async (manager) => {
      const rows = await manager
        .createQueryBuilder(OutboxEntity, 'o')
        .where('o.publishedAt IS NULL')
        .orderBy('o.seq', 'ASC')
        .limit(batchSize)
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .getMany();
      for (const row of rows) {
        const envelope: EventEnvelope = {
          id: row.id,
          subject: row.subject,
          occurredAt: row.occurredAt.toISOString(),
          payload: row.payload,
        };
        await this.publisher.publishRaw(row.subject, envelope);
      }
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

  private async run(): Promise<void> {
    const idleMs = this.options.outbox?.idlePollMs ?? 100;
    let failures = 0;
    while (this.running) {
      let published = 0;
      try {
        published = await this.relayOnce();
        failures = 0;
      } catch (err) {
        failures += 1;
        this.logger.error(`Outbox relay failed (attempt ${failures}): ${err instanceof Error ? err.message : String(err)}`);
      }
      if (published === 0 && this.running) {
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
    this.wake?.();
    await this.loop;
  }
}

export function findDataSource(moduleRef: ModuleRef): DataSource | undefined {
  try {
    return moduleRef.get(DataSource, { strict: false });
  } catch {
    return undefined;
  }
}

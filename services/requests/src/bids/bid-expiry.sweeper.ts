import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { OutboxService } from '@tiredash/messaging';
import { InjectDataSource } from '@tiredash/persistence';
import { BidExpired } from '@tiredash/contracts';
import { DataSource } from 'typeorm';
import { REQUESTS_CONFIG } from '../common/requests-config.module';
import type { RequestsConfig } from '../config';

interface ExpiredRow {
  id: string;
  request_id: string;
  provider_id: string;
  closed_at: Date;
  customer_id: string;
  customer_user_id: string;
  user_id: string | null;
}

const BATCH = 500;

/**
 * Closes bids past their bidding window and emits `bid.expired` for each, in the same transaction. Safe with
 * replicas: each sweep claims rows with FOR UPDATE SKIP LOCKED, so two replicas never expire the same bid.
 */
@Injectable()
export class BidExpirySweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(BidExpirySweeper.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(REQUESTS_CONFIG) private readonly config: RequestsConfig,
    private readonly outbox: OutboxService,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.sweep()
        .catch((err: unknown) => {
          this.logger.error(`bid expiry sweep failed: ${err instanceof Error ? err.message : String(err)}`);
          return 0;
        })
        .finally(() => {
          this.running = null;
        });
    }, this.config.bidSweepIntervalMs);
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Expires every due pending bid (in batches); returns how many. */
  async sweep(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.dataSource.transaction(async (m) => {
        const rows: ExpiredRow[] = await m.query(
          `WITH due AS (
             SELECT "id" FROM "requests"."bids" WHERE "status" = 'pending' AND "expires_at" <= now()
              ORDER BY "expires_at" LIMIT ${BATCH} FOR UPDATE SKIP LOCKED),
           x AS (
             UPDATE "requests"."bids" b SET "status" = 'expired', "closed_at" = now(), "updated_at" = now()
               FROM due WHERE b."id" = due."id" AND b."status" = 'pending'
             RETURNING b."id", b."request_id", b."provider_id", b."closed_at")
           SELECT x.*, r."customer_id", r."customer_user_id", p."user_id"
             FROM x JOIN "requests"."service_requests" r ON r."id" = x."request_id"
             LEFT JOIN "requests"."provider_profiles" p ON p."id" = x."provider_id"`,
        );
        for (const r of rows) {
          await this.outbox.add(m, BidExpired, {
            requestId: r.request_id,
            customerId: r.customer_id,
            customerUserId: r.customer_user_id,
            bidId: r.id,
            providerId: r.provider_id,
            providerUserId: r.user_id,
            expiredAt: new Date(r.closed_at).toISOString(),
          });
        }
        return rows.length;
      });
      total += n;
      if (n < BATCH) return total;
    }
  }
}

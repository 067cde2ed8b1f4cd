import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { OutboxService } from '@tiredash/messaging';
import { InjectDataSource } from '@tiredash/persistence';
import { BidClosed, BidExpired, RequestExpired } from '@tiredash/contracts';
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

interface ExpiredRequestRow {
  id: string;
  customer_id: string;
  customer_user_id: string;
}

/**
 * Closes bids past their bidding window and emits `bid.expired` for each, then expires the open requests past
 * their open time (no bid accepted: status Expired, pending bids closed, `request.expired`), each in the same
 * transaction as its events. Safe with replicas: each sweep claims rows with FOR UPDATE SKIP LOCKED, so two
 * replicas never expire the same bid or request; the accept's conditional UPDATE (Bids Open only) and this one
 * queue on the request row, so a request is either accepted or expired, never both.
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
      if (n < BATCH) break;
    }
    return total + (await this.sweepRequests());
  }

  /** Expires every open request past its open time (in batches); returns how many. */
  async sweepRequests(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.dataSource.transaction(async (m) => {
        const rows: ExpiredRequestRow[] = await m.query(
          `WITH due AS (
             SELECT "id" FROM "requests"."service_requests" WHERE "tire_status" = 'Bids Open' AND "expires_at" <= now()
              ORDER BY "expires_at" LIMIT ${BATCH} FOR UPDATE SKIP LOCKED),
           x AS (
             UPDATE "requests"."service_requests" r SET "tire_status" = 'Expired', "updated_at" = now()
               FROM due WHERE r."id" = due."id" AND r."tire_status" = 'Bids Open'
             RETURNING r."id", r."customer_id", r."customer_user_id")
           SELECT * FROM x`,
        );
        if (rows.length === 0) return 0;
        const ids = rows.map((r) => r.id);
        const closed: { id: string; request_id: string; provider_id: string; user_id: string | null }[] = await m.query(
          `WITH c AS (
             UPDATE "requests"."bids" SET "status" = 'closed', "closed_at" = now(), "updated_at" = now()
              WHERE "request_id" = ANY($1::uuid[]) AND "status" = 'pending' RETURNING "id", "request_id", "provider_id")
           SELECT c.*, p."user_id" FROM c LEFT JOIN "requests"."provider_profiles" p ON p."id" = c."provider_id"`,
          [ids],
        );
        const offers: { request_id: string; provider_id: string }[] = await m.query(
          `SELECT "request_id", "provider_id" FROM "requests"."offers" WHERE "request_id" = ANY($1::uuid[]) ORDER BY "distance_miles"`,
          [ids],
        );
        const at = new Date().toISOString();
        await this.outbox.addMany(
          m,
          RequestExpired,
          rows.map((r) => ({
            requestId: r.id,
            customerId: r.customer_id,
            customerUserId: r.customer_user_id,
            offeredProviderIds: offers.filter((o) => o.request_id === r.id).map((o) => o.provider_id),
            closedBids: closed.filter((c) => c.request_id === r.id).map((c) => ({ bidId: c.id, providerId: c.provider_id })),
            expiredAt: at,
          })),
        );
        const byRequest = new Map(rows.map((r) => [r.id, r]));
        await this.outbox.addMany(
          m,
          BidClosed,
          closed.flatMap((c) => {
            const r = byRequest.get(c.request_id);
            return r
              ? [
                  {
                    requestId: r.id,
                    customerId: r.customer_id,
                    customerUserId: r.customer_user_id,
                    bidId: c.id,
                    providerId: c.provider_id,
                    providerUserId: c.user_id,
                    reason: 'request-expired' as const,
                    closedAt: at,
                  },
                ]
              : [];
          }),
        );
        return rows.length;
      });
      total += n;
      if (n < BATCH) return total;
    }
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { OutboxService } from '@tiredash/messaging';
import { InjectDataSource } from '@tiredash/persistence';
import {
  BidPlaced,
  DomainError,
  distanceMiles,
  pageMeta,
  type Actor,
  type BidCreateBody,
  type BidFilters,
  type BidView,
  type Paged,
  type Pagination,
} from '@tiredash/contracts';
import { randomUUID } from 'node:crypto';
import type { QueryResult } from 'pg';
import { DataSource } from 'typeorm';
import { requireActor } from '../common/actor-rules';
import { toCents } from '../common/money';
import { isUniqueViolation } from '../common/pg-errors';
import { AdmissionLimiter } from '../common/admission-limiter';
import { inRawTransaction } from '../common/raw-transaction';
import { REQUESTS_CONFIG } from '../common/requests-config.module';
import type { RequestsConfig } from '../config';
import { ProfilesService } from '../read-models/profiles.service';
import { ServiceRequestEntity } from '../service-requests/entities/service-request.entity';
import { RequestsError } from '../service-requests/service-requests.errors';
import { ViewerService } from '../views/viewer.service';
import { PROVIDER_CARD_COLUMNS, ViewsService, cardFor, providerCard, unknownProvider, type ProviderCardRow } from '../views/views.service';
import { BidEntity } from './entities/bid.entity';

/** What the bid's one read returns: the request (held FOR SHARE), the caller's provider profile and card, the offer. */
interface LockedBidRow extends ProviderCardRow {
  request_id: string;
  tire_status: string;
  budget_cents: number;
  lat: number;
  lng: number;
  customer_id: string;
  customer_user_id: string;
  is_approved: boolean | null;
  provider_lat: number | null;
  provider_lng: number | null;
  /** When the bidding provider was offered the request (null: never offered). */
  offered_at: Date | null;
  /** The bidding provider's live (pending) bid on it, which the new bid replaces. */
  live_bid_id: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Bids: an approved provider bids on a `Bids Open` request it was offered; a second bid replaces its live
 * one. The request row is held FOR SHARE while bidding, so a bid and an acceptance never interleave.
 */
@Injectable()
export class BidsService {
  /** Bounds the bids placed at once, so a flood of bids leaves database connections to accept and cancel. */
  private readonly admission: AdmissionLimiter;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(REQUESTS_CONFIG) private readonly config: RequestsConfig,
    private readonly outbox: OutboxService,
    private readonly profiles: ProfilesService,
    private readonly views: ViewsService,
    private readonly viewers: ViewerService,
  ) {
    this.admission = new AdmissionLimiter(config.bidConcurrency, config.bidQueueLimit);
  }

  async place(actor: Actor, body: BidCreateBody): Promise<BidView> {
    const known = requireActor(actor);
    if (known.role !== 'provider') throw new DomainError('ROLE_NOT_ALLOWED', 'Only a provider may do this');
    return this.admission.run(async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          const placed = await this.placeOnce(known.userId, body);
          if (placed !== null) return placed;
          // No profile row for the caller yet, or no such request: the read model may lag identity's events.
          await this.profiles.approvedProviderOf(known);
          const exists = await this.dataSource.getRepository(ServiceRequestEntity).existsBy({ id: body.data.requestId });
          if (!exists || attempt >= 3) throw RequestsError.requestNotFound();
        } catch (err) {
          // Two bids of the same provider raced on the live-bid unique index: the retry replaces the winner.
          if (attempt < 3 && isUniqueViolation(err)) continue;
          throw err;
        }
      }
    }, RequestsError.tooManyBids);
  }

  /**
   * One bid in two round trips on one connection (the bidding benchmarks showed the bid path bound by round
   * trips and by the ORM's per-query work; it took nine):
   *   1. BEGIN; this provider's turn on this request (bids of one provider on one request take turns: a double
   *      tap or a retried POST sees the previous one committed and replaces it, so concurrent bids end with one
   *      live bid and never hit ux_bids_live); then, in a statement of its own so that it reads what committed
   *      before the turn began, the request FOR SHARE with the caller's profile, card, offer and live bid.
   *   2. the replaced bid's UPDATE, the bid's INSERT and its outbox row in one statement; COMMIT.
   * Both are simple-protocol statements, the only way to send several in one round trip: every value in them
   * is a checked UUID, a finite number, a date, or a string quoted by the driver's escapeLiteral.
   * Returns null when the caller has no provider profile row or the request does not exist (nothing written).
   */
  private async placeOnce(userId: string, body: BidCreateBody): Promise<BidView | null> {
    const d = body.data;
    if (!UUID.test(d.requestId) || !UUID.test(userId)) throw RequestsError.requestNotFound();
    return inRawTransaction(this.dataSource, async (tx) => {
      const { client } = tx;
      const lit = tx.literal;
      const opened = (await client.query(
        `BEGIN;
         SELECT pg_advisory_xact_lock(hashtextextended(${lit(`${d.requestId}:${userId}`)}, 0));
         SELECT r."id" AS "request_id", r."tire_status", r."budget_cents", r."lat", r."lng", r."customer_id", r."customer_user_id",
                p."id", p."is_approved", p."lat" AS "provider_lat", p."lng" AS "provider_lng", ${PROVIDER_CARD_COLUMNS},
                (SELECT o."offered_at" FROM "requests"."offers" o WHERE o."request_id" = r."id" AND o."provider_id" = p."id") AS "offered_at",
                (SELECT b."id" FROM "requests"."bids" b
                  WHERE b."request_id" = r."id" AND b."provider_id" = p."id" AND b."status" = 'pending' LIMIT 1) AS "live_bid_id"
           FROM "requests"."provider_profiles" p
           JOIN "requests"."service_requests" r ON r."id" = ${lit(d.requestId)}
           LEFT JOIN "requests"."provider_stats" st ON st."provider_id" = p."id"
          WHERE p."user_id" = ${lit(userId)}
            FOR SHARE OF r`,
      )) as unknown as QueryResult<LockedBidRow>[];
      const row = opened[2]?.rows[0];
      if (!row) return null;
      if (row.is_approved !== true) throw ProfilesService.notApproved();
      if (d.provider !== undefined && d.provider !== row.id) throw RequestsError.notOwner('provider profile: bid as yourself');
      if (row.offered_at === null) throw RequestsError.notOffered();
      if (row.tire_status !== 'Bids Open') {
        throw RequestsError.conflict('REQUEST_NOT_OPEN', `The request is ${row.tire_status}: it takes no more bids`);
      }

      const now = new Date();
      const position =
        d.location ?? (row.provider_lat !== null && row.provider_lng !== null ? { lat: row.provider_lat, lng: row.provider_lng } : null);
      const bid: BidEntity = Object.assign(new BidEntity(), {
        id: randomUUID(),
        requestId: row.request_id,
        providerId: row.id,
        amountCents: d.amount !== undefined ? toCents(d.amount) : Number(row.budget_cents),
        estimatedArrivalMinutes: d.estimatedArrival !== undefined ? Math.round(d.estimatedArrival) : 0,
        notes: d.notes ?? null,
        message: d.message ?? null,
        status: 'pending' as const,
        lat: position?.lat ?? null,
        lng: position?.lng ?? null,
        distanceMiles: position ? distanceMiles(position, { lat: row.lat, lng: row.lng }) : null,
        submittedAt: now,
        expiresAt: new Date(now.getTime() + this.config.biddingWindowSeconds * 1000),
        closedAt: null,
        createdAt: now,
        updatedAt: now,
      });
      // The median of earlier bids (cached); a provider's first bid shows its own response time.
      const earlier = (await this.views.responseSeconds(this.dataSource.manager, [row.id])).get(row.id);
      const card = providerCard(row, earlier ?? Math.max(0, (now.getTime() - new Date(row.offered_at).getTime()) / 1000));
      const event = this.outbox.row(BidPlaced, {
        requestId: row.request_id,
        customerId: row.customer_id,
        customerUserId: row.customer_user_id,
        providerId: row.id,
        providerUserId: userId,
        bid: this.views.bidSnapshot(bid, card),
        replacedBidId: row.live_bid_id,
      });
      const v = tx.value;
      const replace =
        row.live_bid_id === null
          ? ''
          : `"replaced" AS (UPDATE "requests"."bids" SET "status" = 'replaced', "closed_at" = now(), "updated_at" = now()
                WHERE "id" = ${lit(row.live_bid_id)} AND "status" = 'pending' RETURNING 1),`;
      // The INSERT reads "replaced" first, so the old live bid has left ux_bids_live before the new one enters it.
      await client.query(
        `WITH ${replace}
         "bid" AS (INSERT INTO "requests"."bids" ("id", "request_id", "provider_id", "amount_cents", "estimated_arrival_minutes",
             "notes", "message", "status", "lat", "lng", "distance_miles", "submitted_at", "expires_at", "closed_at", "created_at", "updated_at")
           SELECT ${[
             bid.id,
             bid.requestId,
             bid.providerId,
             bid.amountCents,
             bid.estimatedArrivalMinutes,
             bid.notes,
             bid.message,
             bid.status,
             bid.lat,
             bid.lng,
             bid.distanceMiles,
             bid.submittedAt,
             bid.expiresAt,
             bid.closedAt,
             bid.createdAt,
             bid.updatedAt,
           ]
             .map(v)
             .join(', ')}
           ${replace ? 'WHERE (SELECT count(*) FROM "replaced") >= 0' : ''}
           RETURNING 1)
         INSERT INTO ${this.outbox.table(this.dataSource.manager)} ("id", "subject", "payload", "occurred_at", "headers")
           SELECT ${v(event.id)}, ${v(event.subject)}, ${v(JSON.stringify(event.payload))}::jsonb, ${v(new Date())},
             ${v(event.headers && JSON.stringify(event.headers))}::jsonb FROM "bid";
         COMMIT`,
      );
      tx.committed();
      this.outbox.committed();
      return this.views.bidView(bid, card);
    });
  }

  /**
   * A page of bids with their providers' cards and the total in one query (the window count), after the request's
   * ownership check: two queries where there were four (bench:peer's GET /api/bids).
   */
  async list(actor: Actor, filters: BidFilters, pagination: Pagination): Promise<Paged<BidView>> {
    const viewer = await this.viewers.of(actor);
    const params: unknown[] = [];
    const param = (v: unknown): string => {
      params.push(v);
      return `$${params.length}`;
    };
    const where: string[] = [];
    const requestId = filters?.requestId?.$eq;
    if (requestId) {
      const [request] = (await this.dataSource.query(`SELECT "customer_user_id" FROM "requests"."service_requests" WHERE "id" = $1`, [
        requestId,
      ])) as { customer_user_id: string }[];
      if (!request) throw RequestsError.requestNotFound();
      if (viewer.kind === 'customer' && request.customer_user_id !== viewer.userId) throw RequestsError.notOwner('requests');
      where.push(`b."request_id" = ${param(requestId)}`);
    } else if (viewer.kind === 'customer') {
      where.push(`b."request_id" IN (SELECT r."id" FROM "requests"."service_requests" r WHERE r."customer_user_id" = ${param(viewer.userId)})`);
    }
    const providerFilter = filters?.provider?.documentId.$eq;
    if (viewer.kind === 'provider') {
      // Sealed bids: a provider only ever sees its own.
      if (providerFilter && providerFilter !== viewer.providerId) throw RequestsError.notOwner('bids');
      where.push(`b."provider_id" = ${param(viewer.providerId)}`);
    } else if (providerFilter) {
      where.push(`b."provider_id" = ${param(providerFilter)}`);
    }
    const status = filters?.bidStatus?.$eq;
    where.push(status ? `b."status" = ${param(status)}` : `b."status" <> 'replaced'`);
    const conditions = where.join(' AND ');
    const rows = (await this.dataSource.query(
      `SELECT b.*, count(*) OVER () AS "total", p."id" AS "card_id", ${PROVIDER_CARD_COLUMNS}
         FROM "requests"."bids" b
         LEFT JOIN "requests"."provider_profiles" p ON p."id" = b."provider_id"
         LEFT JOIN "requests"."provider_stats" st ON st."provider_id" = p."id"
        WHERE ${conditions}
        ORDER BY b."submitted_at" DESC, b."id" ASC
        LIMIT ${param(pagination.pageSize)} OFFSET ${param((pagination.page - 1) * pagination.pageSize)}`,
      params,
    )) as (BidRow & Omit<ProviderCardRow, 'id'> & { card_id: string | null; total: string })[];
    // Past the last page the window count has no row to ride on: counted on its own (rare).
    const first = rows[0];
    const total =
      first !== undefined
        ? Number(first.total)
        : pagination.page === 1
          ? 0
          : Number(
              ((await this.dataSource.query(`SELECT count(*)::int AS "n" FROM "requests"."bids" b WHERE ${conditions}`, params.slice(0, -2))) as {
                n: number;
              }[])[0]?.n ?? 0,
            );
    const seconds = await this.views.responseSeconds(this.dataSource.manager, [...new Set(rows.map((r) => r.provider_id))]);
    return {
      data: rows.map((r) => {
        const card = r.card_id === null ? unknownProvider(r.provider_id) : providerCard({ ...r, id: r.card_id }, seconds.get(r.card_id) ?? null);
        return this.views.bidView(bidFromRow(r), card);
      }),
      meta: pageMeta(pagination.page, pagination.pageSize, total),
    };
  }

  async get(actor: Actor, bidId: string): Promise<BidView> {
    const viewer = await this.viewers.of(actor);
    const bid = await this.dataSource.getRepository(BidEntity).findOneBy({ id: bidId });
    if (!bid) throw RequestsError.bidNotFound();
    if (viewer.kind === 'provider' && bid.providerId !== viewer.providerId) throw RequestsError.notOwner('bids');
    if (viewer.kind === 'customer') {
      const request = await this.dataSource.getRepository(ServiceRequestEntity).findOneByOrFail({ id: bid.requestId });
      if (request.customerUserId !== viewer.userId) throw RequestsError.notOwner('requests');
    }
    const cards = await this.views.providerCards(this.dataSource.manager, [bid.providerId]);
    return this.views.bidView(bid, cardFor(cards, bid.providerId));
  }
}

/** A row of "requests"."bids" as the driver returns it. */
interface BidRow {
  id: string;
  request_id: string;
  provider_id: string;
  amount_cents: number;
  estimated_arrival_minutes: number;
  notes: string | null;
  message: string | null;
  status: BidEntity['status'];
  lat: number | null;
  lng: number | null;
  distance_miles: number | null;
  submitted_at: Date;
  expires_at: Date;
  closed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

function bidFromRow(r: BidRow): BidEntity {
  return Object.assign(new BidEntity(), {
    id: r.id,
    requestId: r.request_id,
    providerId: r.provider_id,
    amountCents: r.amount_cents,
    estimatedArrivalMinutes: r.estimated_arrival_minutes,
    notes: r.notes,
    message: r.message,
    status: r.status,
    lat: r.lat,
    lng: r.lng,
    distanceMiles: r.distance_miles,
    submittedAt: r.submitted_at,
    expiresAt: r.expires_at,
    closedAt: r.closed_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  });
}

import { Inject, Injectable } from '@nestjs/common';
import { OutboxService } from '@tiredash/messaging';
import { InjectDataSource } from '@tiredash/persistence';
import {
  BidPlaced,
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
import { DataSource } from 'typeorm';
import { requireActor } from '../common/actor-rules';
import { toCents } from '../common/money';
import { isUniqueViolation, queryReturning } from '../common/pg-errors';
import { AdmissionLimiter } from '../common/admission-limiter';
import { REQUESTS_CONFIG } from '../common/requests-config.module';
import type { RequestsConfig } from '../config';
import type { ProviderProfileEntity } from '../read-models/entities/provider-profile.entity';
import { ProfilesService } from '../read-models/profiles.service';
import { ServiceRequestEntity } from '../service-requests/entities/service-request.entity';
import { RequestsError } from '../service-requests/service-requests.errors';
import { ViewerService } from '../views/viewer.service';
import { ViewsService, cardFor } from '../views/views.service';
import { BidEntity } from './entities/bid.entity';

interface LockedRequest {
  id: string;
  tire_status: string;
  budget_cents: number;
  lat: number;
  lng: number;
  customer_id: string;
  customer_user_id: string;
  /** Whether the bidding provider was offered the request. */
  offered: boolean;
  /** The bidding provider's live (pending) bid on it, which the new bid replaces. */
  live_bid_id: string | null;
}

interface InsertedBid {
  created_at: Date;
  updated_at: Date;
}

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
    const provider = await this.profiles.approvedProviderOf(known);
    const d = body.data;
    if (d.provider !== undefined && d.provider !== provider.id) throw RequestsError.notOwner('provider profile: bid as yourself');
    return this.admission.run(async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await this.placeOnce(provider, body);
        } catch (err) {
          // Two bids of the same provider raced on the live-bid unique index: the retry replaces the winner.
          if (attempt < 3 && isUniqueViolation(err)) continue;
          throw err;
        }
      }
    }, RequestsError.tooManyBids);
  }

  /**
   * One bid in one transaction of few round trips (the bidding-burst benchmark, bench/, showed the bid path bound
   * by round trips): the request row locked FOR SHARE together with the offer check and the provider's live bid;
   * the UPDATE of a replaced bid only when there is one; the INSERT returning its timestamps (no re-read); the
   * provider's user id from the read model row already loaded.
   */
  private async placeOnce(provider: ProviderProfileEntity, body: BidCreateBody): Promise<BidView> {
    const d = body.data;
    const providerId = provider.id;
    return this.dataSource.transaction(async (m) => {
      // Bids of one provider on one request take turns (a double tap, a retried POST): each sees the previous
      // one committed and replaces it, so concurrent bids end with one live bid and never hit ux_bids_live.
      await m.query(`SELECT pg_advisory_xact_lock(hashtextextended($1::text || ':' || $2::text, 0))`, [d.requestId, providerId]);
      const rows: LockedRequest[] = await m.query(
        `SELECT r."id", r."tire_status", r."budget_cents", r."lat", r."lng", r."customer_id", r."customer_user_id",
           EXISTS (SELECT 1 FROM "requests"."offers" o WHERE o."request_id" = r."id" AND o."provider_id" = $2) AS "offered",
           (SELECT b."id" FROM "requests"."bids" b
             WHERE b."request_id" = r."id" AND b."provider_id" = $2 AND b."status" = 'pending' LIMIT 1) AS "live_bid_id"
           FROM "requests"."service_requests" r WHERE r."id" = $1 FOR SHARE OF r`,
        [d.requestId, providerId],
      );
      const request = rows[0];
      if (!request) throw RequestsError.requestNotFound();
      if (!request.offered) throw RequestsError.notOffered();
      if (request.tire_status !== 'Bids Open') {
        throw RequestsError.conflict('REQUEST_NOT_OPEN', `The request is ${request.tire_status}: it takes no more bids`);
      }
      const position = d.location ?? (provider.lat !== null && provider.lng !== null ? { lat: provider.lat, lng: provider.lng } : null);
      const replaced =
        request.live_bid_id === null
          ? []
          : await queryReturning<{ id: string }>(
              m,
              `UPDATE "requests"."bids" SET "status" = 'replaced', "closed_at" = now(), "updated_at" = now()
                WHERE "request_id" = $1 AND "provider_id" = $2 AND "status" = 'pending' RETURNING "id"`,
              [request.id, providerId],
            );
      const now = new Date();
      const bid: BidEntity = Object.assign(new BidEntity(), {
        id: randomUUID(),
        requestId: request.id,
        providerId,
        amountCents: d.amount !== undefined ? toCents(d.amount) : Number(request.budget_cents),
        estimatedArrivalMinutes: d.estimatedArrival !== undefined ? Math.round(d.estimatedArrival) : 0,
        notes: d.notes ?? null,
        message: d.message ?? null,
        status: 'pending' as const,
        lat: position?.lat ?? null,
        lng: position?.lng ?? null,
        distanceMiles: position ? distanceMiles(position, { lat: request.lat, lng: request.lng }) : null,
        submittedAt: now,
        expiresAt: new Date(now.getTime() + this.config.biddingWindowSeconds * 1000),
        closedAt: null,
      });
      const inserted: InsertedBid[] = await m.query(
        `INSERT INTO "requests"."bids" ("id", "request_id", "provider_id", "amount_cents", "estimated_arrival_minutes", "notes",
           "message", "status", "lat", "lng", "distance_miles", "submitted_at", "expires_at", "closed_at")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING "created_at", "updated_at"`,
        [
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
        ],
      );
      const stamps = inserted[0];
      if (!stamps) throw new Error(`INSERT of bid ${bid.id} returned no row`);
      const saved: BidEntity = Object.assign(bid, { createdAt: stamps.created_at, updatedAt: stamps.updated_at });
      const card = cardFor(await this.views.providerCards(m, [providerId]), providerId);
      await this.outbox.add(m, BidPlaced, {
        requestId: request.id,
        customerId: request.customer_id,
        customerUserId: request.customer_user_id,
        providerId,
        providerUserId: provider.userId,
        bid: this.views.bidSnapshot(saved, card),
        replacedBidId: replaced[0]?.id ?? null,
      });
      return this.views.bidView(saved, card);
    });
  }

  async list(actor: Actor, filters: BidFilters, pagination: Pagination): Promise<Paged<BidView>> {
    const viewer = await this.viewers.of(actor);
    const qb = this.dataSource.getRepository(BidEntity).createQueryBuilder('b');
    const requestId = filters?.requestId?.$eq;
    if (requestId) {
      const request = await this.dataSource.getRepository(ServiceRequestEntity).findOneBy({ id: requestId });
      if (!request) throw RequestsError.requestNotFound();
      if (viewer.kind === 'customer' && request.customerUserId !== viewer.userId) throw RequestsError.notOwner('requests');
      qb.andWhere('b.request_id = :rid', { rid: requestId });
    }
    if (viewer.kind === 'customer') {
      qb.andWhere(`b.request_id IN (SELECT r.id FROM "requests"."service_requests" r WHERE r.customer_user_id = :me)`, {
        me: viewer.userId,
      });
    }
    const providerFilter = filters?.provider?.documentId.$eq;
    if (viewer.kind === 'provider') {
      // Sealed bids: a provider only ever sees its own.
      if (providerFilter && providerFilter !== viewer.providerId) throw RequestsError.notOwner('bids');
      qb.andWhere('b.provider_id = :pid', { pid: viewer.providerId });
    } else if (providerFilter) {
      qb.andWhere('b.provider_id = :pid', { pid: providerFilter });
    }
    const status = filters?.bidStatus?.$eq;
    if (status) qb.andWhere('b.status = :st', { st: status });
    else qb.andWhere(`b.status <> 'replaced'`);
    qb.orderBy('b.submittedAt', 'DESC').addOrderBy('b.id', 'ASC');
    qb.skip((pagination.page - 1) * pagination.pageSize).take(pagination.pageSize);
    const [rows, total] = await qb.getManyAndCount();
    const cards = await this.views.providerCards(this.dataSource.manager, rows.map((b) => b.providerId));
    return {
      data: rows.map((b) => this.views.bidView(b, cardFor(cards, b.providerId))),
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

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
import { REQUESTS_CONFIG } from '../common/requests-config.module';
import type { RequestsConfig } from '../config';
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
}

/**
 * Bids: an approved provider bids on a `Bids Open` request it was offered; a second bid replaces its live
 * one. The request row is held FOR SHARE while bidding, so a bid and an acceptance never interleave.
 */
@Injectable()
export class BidsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(REQUESTS_CONFIG) private readonly config: RequestsConfig,
    private readonly outbox: OutboxService,
    private readonly profiles: ProfilesService,
    private readonly views: ViewsService,
    private readonly viewers: ViewerService,
  ) {}

  async place(actor: Actor, body: BidCreateBody): Promise<BidView> {
    const known = requireActor(actor);
    const provider = await this.profiles.approvedProviderOf(known);
    const d = body.data;
    if (d.provider !== undefined && d.provider !== provider.id) throw RequestsError.notOwner('provider profile: bid as yourself');
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.placeOnce(provider.id, provider.lat, provider.lng, body);
      } catch (err) {
        // Two bids of the same provider raced on the live-bid unique index: the retry replaces the winner.
        if (attempt < 3 && isUniqueViolation(err)) continue;
        throw err;
      }
    }
  }

  private async placeOnce(providerId: string, plat: number | null, plng: number | null, body: BidCreateBody): Promise<BidView> {
    const d = body.data;
    return this.dataSource.transaction(async (m) => {
      const rows: LockedRequest[] = await m.query(
        `SELECT "id", "tire_status", "budget_cents", "lat", "lng", "customer_id", "customer_user_id"
           FROM "requests"."service_requests" WHERE "id" = $1 FOR SHARE`,
        [d.requestId],
      );
      const request = rows[0];
      if (!request) throw RequestsError.requestNotFound();
      const offered: unknown[] = await m.query(`SELECT 1 FROM "requests"."offers" WHERE "request_id" = $1 AND "provider_id" = $2`, [
        request.id,
        providerId,
      ]);
      if (offered.length === 0) throw RequestsError.notOffered();
      if (request.tire_status !== 'Bids Open') {
        throw RequestsError.conflict('REQUEST_NOT_OPEN', `The request is ${request.tire_status}: it takes no more bids`);
      }
      const position = d.location ?? (plat !== null && plng !== null ? { lat: plat, lng: plng } : null);
      const replaced = await queryReturning<{ id: string }>(m,
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
      await m.getRepository(BidEntity).insert(bid);
      const saved = await m.getRepository(BidEntity).findOneByOrFail({ id: bid.id });
      const card = cardFor(await this.views.providerCards(m, [providerId]), providerId);
      const userRows: { user_id: string }[] = await m.query(`SELECT "user_id" FROM "requests"."provider_profiles" WHERE "id" = $1`, [
        providerId,
      ]);
      await this.outbox.add(m, BidPlaced, {
        requestId: request.id,
        customerId: request.customer_id,
        customerUserId: request.customer_user_id,
        providerId,
        providerUserId: userRows[0]?.user_id ?? null,
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

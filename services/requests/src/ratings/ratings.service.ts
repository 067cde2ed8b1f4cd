import { Injectable } from '@nestjs/common';
import { OutboxService } from '@tiredash/messaging';
import { InjectDataSource } from '@tiredash/persistence';
import {
  pageMeta,
  RatingCreated,
  type Actor,
  type Pagination,
  type RatingCreateBody,
  type RatingFilters,
  type RatingsPage,
  type RatingView,
} from '@tiredash/contracts';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { requireActor } from '../common/actor-rules';
import { isUniqueViolation, queryReturning } from '../common/pg-errors';
import { ProfilesService } from '../read-models/profiles.service';
import { ServiceRequestEntity } from '../service-requests/entities/service-request.entity';
import { RequestsError } from '../service-requests/service-requests.errors';
import { RatingEntity } from './entities/rating.entity';

const RATEABLE = new Set(['Service Completed', 'Completed']);

/**
 * Ratings: one per request (unique request_id), by the request's customer, once the request is completed.
 * The provider's aggregate (provider_stats) changes in the same transaction, so bids show it at once.
 */
@Injectable()
export class RatingsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    private readonly profiles: ProfilesService,
  ) {}

  async create(actor: Actor, body: RatingCreateBody): Promise<RatingView> {
    const known = requireActor(actor);
    const customer = await this.profiles.customerOf(known);
    const d = body.data;
    const requestId = (d.request_id ?? d.requestId) as string;
    const request = await this.dataSource.getRepository(ServiceRequestEntity).findOneBy({ id: requestId });
    if (!request) throw RequestsError.requestNotFound();
    if (request.customerUserId !== known.userId) throw new RequestsError('NOT_OWNER', "Only the request's customer may rate it");
    const namedCustomer = d.customer_id ?? d.customerId;
    if (namedCustomer !== undefined && namedCustomer !== customer.id) throw RequestsError.notOwner('customer profile: you rate as yourself');
    const namedProvider = d.provider_id ?? d.providerId;
    if (namedProvider !== undefined && namedProvider !== request.providerId) {
      throw new RequestsError('VALIDATION_FAILED', "The rated provider is the request's provider", [
        { path: 'data.provider_id', message: "Not this request's provider" },
      ]);
    }
    if (!RATEABLE.has(request.tireStatus) || request.providerId === null) {
      throw RequestsError.conflict('NOT_COMPLETED', 'A job can be rated once it is completed');
    }
    const providerId = request.providerId;
    const row: RatingEntity = Object.assign(new RatingEntity(), {
      id: randomUUID(),
      requestId,
      providerId,
      customerId: request.customerId,
      customerUserId: request.customerUserId,
      customerName: request.customerFullName,
      rating: d.rating,
      comment: d.comment ? d.comment : null,
    });
    try {
      return await this.dataSource.transaction(async (m) => {
        await m.getRepository(RatingEntity).insert(row);
        const saved = await m.getRepository(RatingEntity).findOneByOrFail({ id: row.id });
        const [stats] = await queryReturning<{ rating_count: number; rating_sum: number }>(
          m,
          `INSERT INTO "requests"."provider_stats" ("provider_id", "rating_count", "rating_sum") VALUES ($1, 1, $2)
           ON CONFLICT ("provider_id") DO UPDATE SET "rating_count" = "provider_stats"."rating_count" + 1,
             "rating_sum" = "provider_stats"."rating_sum" + EXCLUDED."rating_sum", "updated_at" = now()
           RETURNING "rating_count", "rating_sum"`,
          [providerId, d.rating],
        );
        const count = Number(stats?.rating_count ?? 1);
        await this.outbox.add(m, RatingCreated, {
          ratingId: saved.id,
          requestId,
          providerId,
          customerId: saved.customerId,
          rating: saved.rating,
          averageRating: Math.round((Number(stats?.rating_sum ?? d.rating) / count) * 10) / 10,
          ratingCount: count,
          createdAt: saved.createdAt.toISOString(),
        });
        return this.view(saved);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw RequestsError.conflict('ALREADY_RATED', 'This job has already been rated');
      throw err;
    }
  }

  /** Ratings, newest first; filtered by provider they carry the provider's average and count in `meta`. */
  async list(actor: Actor, filters: RatingFilters, pagination: Pagination): Promise<RatingsPage> {
    const known = requireActor(actor);
    const admin = known.role === 'admin';
    const ownProviderId = known.role === 'provider' ? ((await this.profiles.providerOf(known).catch(() => null))?.id ?? null) : null;
    const qb = this.dataSource.getRepository(RatingEntity).createQueryBuilder('r');
    if (filters.providerId) qb.andWhere('r.provider_id = :p', { p: filters.providerId });
    if (filters.requestId) qb.andWhere('r.request_id = :q', { q: filters.requestId });
    qb.orderBy('r.createdAt', 'DESC').addOrderBy('r.id', 'ASC');
    qb.skip((pagination.page - 1) * pagination.pageSize).take(pagination.pageSize);
    const [rows, total] = await qb.getManyAndCount();
    const meta: RatingsPage['meta'] = pageMeta(pagination.page, pagination.pageSize, total);
    if (filters.providerId) {
      const s: { rating_count: number; rating_sum: number }[] = await this.dataSource.query(
        `SELECT "rating_count", "rating_sum" FROM "requests"."provider_stats" WHERE "provider_id" = $1`,
        [filters.providerId],
      );
      const count = Number(s[0]?.rating_count ?? 0);
      meta.ratingCount = count;
      meta.averageRating = count > 0 ? Math.round((Number(s[0]?.rating_sum) / count) * 10) / 10 : null;
    }
    // What a review card needs: the rating, comment and date, and the reviewer's first name. Who the customer is
    // (ids) and which request stay with the customer who wrote it, the rated provider (its own job) and admins.
    const data = rows.map((r) => {
      const v = this.view(r);
      if (admin || r.customerUserId === known.userId) return v;
      const firstName = r.customerName.split(' ')[0] ?? '';
      const own = ownProviderId !== null && r.providerId === ownProviderId;
      return { ...v, customerName: firstName, customer_id: '', customerId: '', ...(own ? {} : { request_id: '', requestId: '' }) };
    });
    return { data, meta };
  }

  private view(r: RatingEntity): RatingView {
    return {
      id: r.id,
      documentId: r.id,
      rating: r.rating,
      comment: r.comment,
      provider_id: r.providerId,
      providerId: r.providerId,
      customer_id: r.customerId,
      customerId: r.customerId,
      request_id: r.requestId,
      requestId: r.requestId,
      customerName: r.customerName,
      createdAt: r.createdAt.toISOString(),
    };
  }
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@tiredash/persistence';
import type { Actor, AdminStatsView } from '@tiredash/contracts';
import { DataSource } from 'typeorm';
import { requireAdmin } from '../common/actor-rules';
import {
  KnownCompletionEntity,
  KnownCustomerEntity,
  KnownJobEntity,
  KnownProviderEntity,
  KnownRatingEntity,
} from './known-party.entity';
import { KnownDisputeEntity } from './known-dispute.entity';

/**
 * Every tile has its source now. totalRevenue is the amount of every confirmed job (cash and card), averageRating the
 * mean of all ratings, reportedIssues the problems reported with jobs that no admin has resolved yet.
 */
export const PENDING_STAT_SOURCES: string[] = [];

@Injectable()
export class StatsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async get(actor: Actor, now: Date = new Date()): Promise<AdminStatsView> {
    requireAdmin(actor);
    const m = this.dataSource.manager;
    const startOfDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const [totalCustomers, totalProviders, jobsToday, revenue, ratings, reportedIssues] = await Promise.all([
      m.count(KnownCustomerEntity),
      m.count(KnownProviderEntity, { where: { created: true } }),
      m
        .createQueryBuilder(KnownJobEntity, 'j')
        .where('j.cancelled = false AND j.acceptedAt >= :start', { start: startOfDay })
        .getCount(),
      m
        .createQueryBuilder(KnownCompletionEntity, 'c')
        .select('COALESCE(SUM(c.amountCents), 0)::bigint::text', 'cents')
        .getRawOne<{ cents: string }>(),
      m.createQueryBuilder(KnownRatingEntity, 'r').select('AVG(r.rating)::float8', 'avg').getRawOne<{ avg: number | null }>(),
      m.count(KnownDisputeEntity, { where: { open: true } }),
    ]);
    return {
      totalCustomers,
      totalProviders,
      totalRevenue: Number(revenue?.cents ?? 0) / 100,
      jobsToday,
      averageRating: ratings?.avg == null ? 0 : Math.round(ratings.avg * 100) / 100,
      reportedIssues,
      pendingSources: PENDING_STAT_SOURCES,
    };
  }
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@tiredash/persistence';
import type { Actor, AdminStatsView } from '@tiredash/contracts';
import { DataSource } from 'typeorm';
import { requireAdmin } from '../common/actor-rules';
import { KnownCustomerEntity, KnownJobEntity, KnownProviderEntity } from './known-party.entity';

/**
 * Tiles whose source does not publish events yet. totalRevenue waits for the payments service (capture
 * events), averageRating for rating events of the requests service, reportedIssues for any issue-reporting
 * feature (none exists in the spec).
 */
export const PENDING_STAT_SOURCES = ['totalRevenue', 'averageRating', 'reportedIssues'];

@Injectable()
export class StatsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async get(actor: Actor, now: Date = new Date()): Promise<AdminStatsView> {
    requireAdmin(actor);
    const m = this.dataSource.manager;
    const startOfDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const [totalCustomers, totalProviders, jobsToday] = await Promise.all([
      m.count(KnownCustomerEntity),
      m.count(KnownProviderEntity, { where: { created: true } }),
      m
        .createQueryBuilder(KnownJobEntity, 'j')
        .where('j.cancelled = false AND j.acceptedAt >= :start', { start: startOfDay })
        .getCount(),
    ]);
    return {
      totalCustomers,
      totalProviders,
      totalRevenue: 0,
      jobsToday,
      averageRating: 0,
      reportedIssues: 0,
      pendingSources: PENDING_STAT_SOURCES,
    };
  }
}

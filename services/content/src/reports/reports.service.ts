import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@tiredash/persistence';
import {
  addDays,
  daysBetween,
  REPORT_BIN_EDGES_SECONDS,
  REPORT_TOP_PROVIDERS,
  resolveReportRange,
  type Actor,
  type ReportDayView,
  type ReportDistributionView,
  type ReportQuery,
  type ReportsView,
} from '@tiredash/contracts';
import { DataSource } from 'typeorm';
import { requireAdmin } from '../common/actor-rules';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * The money booked, each payment once: a no-show fee is announced by requests (CustomerNoShow) and, if payments
 * announces its capture too (PaymentCaptured), the capture stands for it (its exact amount and split) and counts
 * as a no-show fee, not as a card job.
 */
const MONEY = `(SELECT CASE WHEN x."kind" = 'card' AND EXISTS (SELECT 1 FROM "content"."report_money" n WHERE n."kind" = 'no_show_fee' AND n."request_id" = x."request_id")
                      THEN 'no_show_fee' ELSE x."kind" END AS "kind",
               x."provider_id", x."amount_cents", x."commission_cents", x."booked_at"
        FROM "content"."report_money" x
        WHERE NOT (x."kind" = 'no_show_fee' AND EXISTS (SELECT 1 FROM "content"."report_money" c WHERE c."kind" = 'card' AND c."request_id" = x."request_id")))`;
const DAY_OF = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

interface Scope {
  /** $1 and $2: the range's start and its end (exclusive); $3 the providers when filtered. */
  params: unknown[];
  /** ` AND <col> = ANY($3)` when filtered by provider, else ''. */
  provider(col: string): string;
}

/** A count or sum from PostgreSQL (bigint/numeric arrive as strings). */
const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

/**
 * The admin's reports (docs/reports.md says what each figure counts), computed in SQL over the read models that
 * ReportsEvents keeps. Every figure is scoped to the range's UTC days and, when asked, to the matching providers.
 */
@Injectable()
export class ReportsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async get(actor: Actor, query: ReportQuery, now: Date = new Date()): Promise<ReportsView> {
    requireAdmin(actor);
    const { from, to } = resolveReportRange(query, now);
    const provider = query.provider ? query.provider : null;
    const scope = await this.scope(from, to, provider);
    const [days, money, rates, acceptanceTime, arrivalTime, topProviders] = await Promise.all([
      this.days(from, to, scope),
      this.money(scope),
      this.rates(scope),
      this.distribution('created_at', 'accepted_at', scope),
      this.distribution('accepted_at', 'arrived_at', scope),
      this.topProviders(scope),
    ]);
    return {
      from,
      to,
      provider,
      totals: {
        ...money,
        requests: days.reduce((s, d) => s + d.requests, 0),
        jobsAccepted: days.reduce((s, d) => s + d.jobsAccepted, 0),
        jobsCompleted: days.reduce((s, d) => s + d.jobsCompleted, 0),
      },
      rates,
      days,
      acceptanceTime,
      arrivalTime,
      topProviders,
    };
  }

  private async scope(from: string, to: string, provider: string | null): Promise<Scope> {
    const params: unknown[] = [`${from}T00:00:00Z`, `${addDays(to, 1)}T00:00:00Z`];
    if (provider === null) return { params, provider: () => '' };
    const like = `%${provider.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows: { provider_id: string }[] = await this.dataSource.query(
      `SELECT "provider_id" FROM "content"."report_providers" WHERE "business_name" ILIKE $1`,
      [like],
    );
    const ids = rows.map((r) => r.provider_id);
    if (UUID.test(provider)) ids.push(provider.toLowerCase());
    return { params: [...params, ids], provider: (col) => ` AND ${col} = ANY($3::uuid[])` };
  }

  /** Every day of the range, zeros included: requests posted, bids accepted, jobs confirmed, revenue booked. */
  private async days(from: string, to: string, scope: Scope): Promise<ReportDayView[]> {
    const inRange = (col: string) => `${col} >= $1 AND ${col} < $2${scope.provider('"provider_id"')}`;
    const perDay = (col: string) =>
      this.dataSource.query(
        `SELECT ${DAY_OF(`"${col}"`)} AS day, count(*)::int AS n FROM "content"."report_requests" WHERE ${inRange(`"${col}"`)} GROUP BY 1`,
        scope.params,
      ) as Promise<{ day: string; n: number }[]>;
    const [created, accepted, confirmed, money] = await Promise.all([
      perDay('created_at'),
      perDay('accepted_at'),
      perDay('confirmed_at'),
      this.dataSource.query(
        `SELECT ${DAY_OF('"booked_at"')} AS day, sum("amount_cents")::bigint::text AS cents, sum("commission_cents")::bigint::text AS commission
         FROM ${MONEY} AS money WHERE ${inRange('"booked_at"')} GROUP BY 1`,
        scope.params,
      ) as Promise<{ day: string; cents: string; commission: string }[]>,
    ]);
    const byDay = <T extends { day: string }>(rows: T[]) => new Map(rows.map((r) => [r.day, r]));
    const [c, a, f, m] = [byDay(created), byDay(accepted), byDay(confirmed), byDay(money)];
    return Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => {
      const date = addDays(from, i);
      return {
        date,
        requests: c.get(date)?.n ?? 0,
        jobsAccepted: a.get(date)?.n ?? 0,
        jobsCompleted: f.get(date)?.n ?? 0,
        revenueCents: num(m.get(date)?.cents),
        commissionCents: num(m.get(date)?.commission),
      };
    });
  }

  private async money(scope: Scope): Promise<Pick<ReportsView['totals'], 'revenueCents' | 'cardRevenueCents' | 'cashRevenueCents' | 'noShowFeeCents' | 'commissionCents'>> {
    const [row] = (await this.dataSource.query(
      `SELECT COALESCE(sum("amount_cents"), 0)::bigint::text AS total,
              COALESCE(sum("amount_cents") FILTER (WHERE "kind" = 'card'), 0)::bigint::text AS card,
              COALESCE(sum("amount_cents") FILTER (WHERE "kind" = 'cash'), 0)::bigint::text AS cash,
              COALESCE(sum("amount_cents") FILTER (WHERE "kind" = 'no_show_fee'), 0)::bigint::text AS no_show,
              COALESCE(sum("commission_cents"), 0)::bigint::text AS commission
       FROM ${MONEY} AS money WHERE "booked_at" >= $1 AND "booked_at" < $2${scope.provider('"provider_id"')}`,
      scope.params,
    )) as { total: string; card: string; cash: string; no_show: string; commission: string }[];
    return {
      revenueCents: num(row?.total),
      cardRevenueCents: num(row?.card),
      cashRevenueCents: num(row?.cash),
      noShowFeeCents: num(row?.no_show),
      commissionCents: num(row?.commission),
    };
  }

  /** Of the requests posted in the range: how many were cancelled, and of the accepted ones, how many were no-shows. */
  private async rates(scope: Scope): Promise<ReportsView['rates']> {
    const [row] = (await this.dataSource.query(
      `SELECT count(*)::int AS requests, count("accepted_at")::int AS accepted, count("cancelled_at")::int AS cancelled,
              count("customer_no_show_at")::int AS customer_no_shows, count(*) FILTER (WHERE "provider_no_show")::int AS provider_no_shows
       FROM "content"."report_requests" WHERE "created_at" >= $1 AND "created_at" < $2${scope.provider('"provider_id"')}`,
      scope.params,
    )) as { requests: number; accepted: number; cancelled: number; customer_no_shows: number; provider_no_shows: number }[];
    const r = row ?? { requests: 0, accepted: 0, cancelled: 0, customer_no_shows: 0, provider_no_shows: 0 };
    const ratio = (n: number, d: number) => (d === 0 ? null : Math.round((n / d) * 10_000) / 10_000);
    return {
      requests: r.requests,
      accepted: r.accepted,
      cancelled: r.cancelled,
      customerNoShows: r.customer_no_shows,
      providerNoShows: r.provider_no_shows,
      cancellationRate: ratio(r.cancelled, r.requests),
      customerNoShowRate: ratio(r.customer_no_shows, r.accepted),
      providerNoShowRate: ratio(r.provider_no_shows, r.accepted),
    };
  }

  /**
   * `start` -> `end` in whole seconds, for the rows whose `end` falls in the range: nearest-rank percentiles
   * (percentile_disc: the smallest value with at least p of the values at or below it) and fixed buckets.
   */
  private async distribution(start: string, end: string, scope: Scope): Promise<ReportDistributionView> {
    const edges = REPORT_BIN_EDGES_SECONDS.slice(1);
    const secs = `GREATEST(0, floor(EXTRACT(EPOCH FROM ("${end}" - "${start}"))))::int`;
    const where = `"${start}" IS NOT NULL AND "${end}" >= $1 AND "${end}" < $2${scope.provider('"provider_id"')}`;
    const [stats, buckets] = await Promise.all([
      this.dataSource.query(
        `SELECT count(*)::int AS n,
                percentile_disc(0.5) WITHIN GROUP (ORDER BY ${secs}) AS p50,
                percentile_disc(0.9) WITHIN GROUP (ORDER BY ${secs}) AS p90,
                percentile_disc(0.95) WITHIN GROUP (ORDER BY ${secs}) AS p95,
                max(${secs}) AS max
         FROM "content"."report_requests" WHERE ${where}`,
        scope.params,
      ) as Promise<{ n: number; p50: number | null; p90: number | null; p95: number | null; max: number | null }[]>,
      this.dataSource.query(
        `SELECT width_bucket(${secs}, ARRAY[${edges.join(',')}]::int[]) AS bucket, count(*)::int AS n
         FROM "content"."report_requests" WHERE ${where} GROUP BY 1`,
        scope.params,
      ) as Promise<{ bucket: number; n: number }[]>,
    ]);
    const s = stats[0];
    const counts = new Map(buckets.map((b) => [b.bucket, b.n]));
    return {
      count: s?.n ?? 0,
      p50Seconds: s?.p50 ?? null,
      p90Seconds: s?.p90 ?? null,
      p95Seconds: s?.p95 ?? null,
      maxSeconds: s?.max ?? null,
      bins: REPORT_BIN_EDGES_SECONDS.map((fromSeconds, i) => ({
        fromSeconds,
        toSeconds: REPORT_BIN_EDGES_SECONDS[i + 1] ?? null,
        count: counts.get(i) ?? 0,
      })),
    };
  }

  /** Providers with jobs confirmed or revenue booked in the range, by revenue, then jobs, then name. */
  private async topProviders(scope: Scope): Promise<ReportsView['topProviders']> {
    const f = scope.provider('"provider_id"');
    const rows = (await this.dataSource.query(
      `WITH jobs AS (SELECT "provider_id", count(*)::int AS n FROM "content"."report_requests"
                     WHERE "provider_id" IS NOT NULL AND "confirmed_at" >= $1 AND "confirmed_at" < $2${f} GROUP BY 1),
            money AS (SELECT "provider_id", sum("amount_cents")::bigint AS cents FROM ${MONEY} AS m
                      WHERE "provider_id" IS NOT NULL AND "booked_at" >= $1 AND "booked_at" < $2${f} GROUP BY 1),
            ratings AS (SELECT "provider_id", avg("rating")::float8 AS avg, count(*)::int AS n FROM "content"."report_ratings"
                        WHERE "created_at" >= $1 AND "created_at" < $2${f} GROUP BY 1),
            ids AS (SELECT "provider_id" FROM jobs UNION SELECT "provider_id" FROM money)
       SELECT ids."provider_id" AS id, p."business_name" AS name, COALESCE(jobs.n, 0) AS jobs, COALESCE(money.cents, 0)::text AS cents,
              ratings.avg AS avg, COALESCE(ratings.n, 0) AS rating_count
       FROM ids LEFT JOIN jobs USING ("provider_id") LEFT JOIN money USING ("provider_id") LEFT JOIN ratings USING ("provider_id")
            LEFT JOIN "content"."report_providers" p ON p."provider_id" = ids."provider_id"
       ORDER BY COALESCE(money.cents, 0) DESC, COALESCE(jobs.n, 0) DESC, p."business_name" ASC NULLS LAST, ids."provider_id" ASC
       LIMIT ${REPORT_TOP_PROVIDERS}`,
      scope.params,
    )) as { id: string; name: string | null; jobs: number; cents: string; avg: number | null; rating_count: number }[];
    return rows.map((r) => ({
      providerId: r.id,
      businessName: r.name,
      jobs: r.jobs,
      revenueCents: num(r.cents),
      averageRating: r.avg === null ? null : Math.round(r.avg * 100) / 100,
      ratingCount: r.rating_count,
    }));
  }
}

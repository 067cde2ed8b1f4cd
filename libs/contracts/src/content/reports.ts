import { z } from 'zod';
import { actorSchema } from '../common/actor';
import { defineCommand } from '../common/messages';

/**
 * The admin's Reports and Analytics (issue 13, item 8): figures the content service computes from the domain events
 * (docs/reports.md defines each one). Days are UTC calendar days; `from` and `to` are inclusive.
 */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MS_PER_DAY = 86_400_000;
/** The longest range a report covers (a year and a day, so a leap year fits). */
export const REPORT_MAX_DAYS = 366;
/** The range shown when none is asked for: the last 30 days, today included. */
export const REPORT_DEFAULT_DAYS = 30;
/** How many providers the top-providers table lists. */
export const REPORT_TOP_PROVIDERS = 10;

const isDay = (s: string) => DAY.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
const daySchema = z.string().refine(isDay, 'must be a date YYYY-MM-DD');

/** `GET /api/reports?from=&to=&provider=`: the range (default the last 30 days) and an optional provider filter. */
export const reportQuerySchema = z
  .object({
    from: daySchema.optional(),
    to: daySchema.optional(),
    /** A provider's business name (case-insensitive, part of it) or its documentId: every figure is then its jobs'. */
    provider: z.string().trim().max(120).optional(),
  })
  .strict()
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['from'] })
  .refine((q) => !q.from || !q.to || daysBetween(q.from, q.to) < REPORT_MAX_DAYS, {
    message: `a report covers at most ${REPORT_MAX_DAYS} days`,
    path: ['to'],
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** Whole days from `from` to `to` (0 when equal). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / MS_PER_DAY);
}

/** The UTC day (YYYY-MM-DD) `days` after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The range a query asks for, the defaults filled in (`now` decides today). */
export function resolveReportRange(q: ReportQuery, now: Date = new Date()): { from: string; to: string } {
  const today = now.toISOString().slice(0, 10);
  const to = q.to ?? (q.from && daysBetween(q.from, today) >= REPORT_MAX_DAYS ? addDays(q.from, REPORT_MAX_DAYS - 1) : today);
  const from = q.from ?? addDays(to, -(REPORT_DEFAULT_DAYS - 1));
  return { from, to };
}

/** One UTC day of the range (every day is listed, zeros included). */
export interface ReportDayView {
  date: string;
  /** Requests posted that day. */
  requests: number;
  /** Bids accepted that day (jobs started). */
  jobsAccepted: number;
  /** Jobs the customer confirmed that day. */
  jobsCompleted: number;
  /** Revenue booked that day (card captures + confirmed cash jobs + customer no-show fees), in cents. */
  revenueCents: number;
  /** The platform's commission of that revenue, in cents. */
  commissionCents: number;
}

/** A histogram bucket: [fromSeconds, toSeconds), the last one open (`toSeconds` null). */
export interface ReportBinView {
  fromSeconds: number;
  toSeconds: number | null;
  count: number;
}

/** A duration's distribution; percentiles by nearest rank, in whole seconds (null without data). */
export interface ReportDistributionView {
  count: number;
  p50Seconds: number | null;
  p90Seconds: number | null;
  p95Seconds: number | null;
  maxSeconds: number | null;
  bins: ReportBinView[];
}

export interface ReportProviderView {
  providerId: string;
  /** The business name (null while the provider's profile event has not been read). */
  businessName: string | null;
  /** Jobs confirmed in the range. */
  jobs: number;
  /** Revenue of its jobs in the range (same definition as the daily revenue), in cents. */
  revenueCents: number;
  /** Mean of the ratings it was given in the range, 2 decimals (null: none). */
  averageRating: number | null;
  ratingCount: number;
}

export interface ReportsView {
  from: string;
  to: string;
  /** The provider filter as applied (null: all providers). */
  provider: string | null;
  totals: {
    revenueCents: number;
    /** Card captures: the captured totals, the card fee included. */
    cardRevenueCents: number;
    /** Cash jobs: the accepted amount of each confirmed cash job (the platform collects none of it). */
    cashRevenueCents: number;
    /** Customer no-show fees kept from the hold. */
    noShowFeeCents: number;
    commissionCents: number;
    requests: number;
    jobsAccepted: number;
    jobsCompleted: number;
  };
  /** Of the requests posted in the range (for the rates: ratios 0..1, null when the denominator is 0). */
  rates: {
    requests: number;
    accepted: number;
    cancelled: number;
    customerNoShows: number;
    providerNoShows: number;
    /** cancelled / requests. */
    cancellationRate: number | null;
    /** customerNoShows / accepted. */
    customerNoShowRate: number | null;
    /** providerNoShows / accepted. */
    providerNoShowRate: number | null;
  };
  days: ReportDayView[];
  /** Request posted -> bid accepted, for bids accepted in the range. */
  acceptanceTime: ReportDistributionView;
  /** Bid accepted -> provider arrived, for arrivals in the range. */
  arrivalTime: ReportDistributionView;
  topProviders: ReportProviderView[];
}

/** The histogram buckets of both durations, in seconds: 0-1 min, 1-2, 2-5, 5-10, 10-15, 15-30, 30-60, 60+. */
export const REPORT_BIN_EDGES_SECONDS = [0, 60, 120, 300, 600, 900, 1800, 3600] as const;

/** Admin only: the reports of a range. */
export const GetReports = defineCommand<ReportsView>()(
  'content.cmd.get-reports',
  z.object({ actor: actorSchema, query: reportQuerySchema }),
);

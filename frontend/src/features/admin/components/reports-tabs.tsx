import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { resolveReportRange, type ReportDistributionView, type ReportQuery, type ReportsView } from '@tiredash/contracts';
import { errorMessage } from '../../../shared/api/api-error';
import { formatMoney, formatNumber } from '../../../shared/format';
import { useMessages } from '../../../shared/i18n/i18n';
import { adminReportsMessages } from '../../../shared/i18n/locales/en/admin';
import { Button } from '../../../shared/ui/button';
import { EmptyState, ErrorState, Spinner } from '../../../shared/ui/status';
import { TextField } from '../../../shared/ui/text-field';
import { useGetReportsQuery } from '../reports-api';
import { downloadCsv, toCsv, type CsvCell } from '../reports-csv';

type Messages = ReturnType<typeof useMessages<(typeof adminReportsMessages)['value'] & object>>;

const dollars = (cents: number) => cents / 100;
const money = (cents: number) => formatMoney(dollars(cents));
const percent = (ratio: number | null) => (ratio === null ? '—' : formatNumber(ratio, { style: 'percent', maximumFractionDigits: 1 }));
const minutes = (seconds: number) => formatNumber(seconds / 60, { maximumFractionDigits: 1 });

/** The range and provider filter of a tab; the figures are asked for when it is submitted. */
function useReportFilter() {
  const initial = resolveReportRange({});
  const [draft, setDraft] = useState({ from: initial.from, to: initial.to, provider: '' });
  const [query, setQuery] = useState<ReportQuery>(initial);
  const invalid = draft.from !== '' && draft.to !== '' && draft.from > draft.to;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (invalid) return;
    setQuery({ from: draft.from || undefined, to: draft.to || undefined, provider: draft.provider.trim() || undefined });
  };
  return { draft, setDraft, query, invalid, submit };
}

function ReportFilter({ t, filter }: { t: Messages; filter: ReturnType<typeof useReportFilter> }) {
  const { draft, setDraft, invalid, submit } = filter;
  return (
    <form className="row report-filter" aria-label={t.filters} onSubmit={submit} noValidate>
      <TextField label={t.from} type="date" value={draft.from} max={draft.to || undefined} onChange={(e) => setDraft({ ...draft, from: e.target.value })} error={invalid ? t.rangeInvalid : null} />
      <TextField label={t.to} type="date" value={draft.to} min={draft.from || undefined} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
      <TextField label={t.provider} value={draft.provider} maxLength={120} onChange={(e) => setDraft({ ...draft, provider: e.target.value })} />
      <Button type="submit">{t.apply}</Button>
    </form>
  );
}

/** A table with its caption, header row and a button that downloads exactly its rows. */
function ReportTable({ t, caption, filename, header, rows, cells }: { t: Messages; caption: string; filename: string; header: string[]; rows: CsvCell[][]; cells: ReactNode[][] }) {
  return (
    <div className="stack">
      <div className="table-wrap">
        <table className="table">
          <caption>{caption}</caption>
          <thead>
            <tr>
              {header.map((h, i) => (
                <th key={h} scope="col" className={i > 0 ? 'num' : undefined}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {cells.map((row, r) => (
              <tr key={r}>
                {row.map((cell, c) =>
                  c === 0 ? (
                    <th key={c} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={c} className="num">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div>
        <Button variant="outline" size="sm" aria-label={t.downloadLabel({ what: caption })} onClick={() => downloadCsv(filename, toCsv(header, rows))}>
          {t.download}
        </Button>
      </div>
    </div>
  );
}

/** A chart in a figure whose caption says it is a picture of the table that follows (the text alternative). */
function ChartFigure({ caption, children }: { caption: string; children: ReactNode }) {
  const id = useId();
  return (
    <figure className="report-chart" aria-labelledby={id}>
      <figcaption id={id} className="muted">
        {caption}
      </figcaption>
      <div className="report-chart__plot" aria-hidden="true">
        {children}
      </div>
    </figure>
  );
}

/** Loading, error and empty states around a report's body. */
function ReportBody({ t, filter, children }: { t: Messages; filter: ReturnType<typeof useReportFilter>; children: (r: ReportsView) => ReactNode }) {
  const { data, isFetching, isError, error, refetch } = useGetReportsQuery(filter.query, { refetchOnMountOrArgChange: true });
  if (isError) return <ErrorState message={errorMessage(error, t.loadFailed)} onRetry={() => void refetch()} />;
  if (!data || isFetching) return <Spinner label={t.loading} />;
  const nothing = data.totals.requests === 0 && data.totals.jobsAccepted === 0 && data.totals.jobsCompleted === 0 && data.totals.revenueCents === 0 && data.rates.requests === 0;
  if (nothing) return <EmptyState>{t.empty}</EmptyState>;
  return <>{children(data)}</>;
}

/** The Reports tab: revenue and jobs per day (chart and table) and the top providers, for a range. */
export function ReportsTab() {
  const t = useMessages(adminReportsMessages);
  const filter = useReportFilter();
  return (
    <section aria-labelledby="reports-heading" className="stack">
      <h2 id="reports-heading">{t.reportsTab}</h2>
      <ReportFilter t={t} filter={filter} />
      <ReportBody t={t} filter={filter}>
        {(r) => (
          <>
            <section aria-labelledby="reports-summary" className="stack">
              <h3 id="reports-summary">{t.summary}</h3>
              <dl className="stats report-summary">
                {(
                  [
                    [t.revenue, money(r.totals.revenueCents)],
                    [t.cardRevenue, money(r.totals.cardRevenueCents)],
                    [t.cashRevenue, money(r.totals.cashRevenueCents)],
                    [t.noShowFees, money(r.totals.noShowFeeCents)],
                    [t.commission, money(r.totals.commissionCents)],
                    [t.requests, formatNumber(r.totals.requests)],
                    [t.jobsAccepted, formatNumber(r.totals.jobsAccepted)],
                    [t.jobsCompleted, formatNumber(r.totals.jobsCompleted)],
                  ] as const
                ).map(([label, value]) => (
                  <div key={label} className="stat">
                    <dt className="stat__label">{label}</dt>
                    <dd className="stat__value">{value}</dd>
                  </div>
                ))}
              </dl>
              <p className="muted">{t.revenueDefinition}</p>
            </section>
            <section aria-labelledby="reports-per-day" className="stack">
              <h3 id="reports-per-day">{t.perDayTitle}</h3>
              <ChartFigure caption={t.perDayChart}>
                <ResponsiveContainer width="100%" height={280}>
                  <ComposedChart data={r.days.map((d) => ({ date: d.date, revenue: dollars(d.revenueCents), jobs: d.jobsCompleted }))} accessibilityLayer={false}>
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis dataKey="date" />
                    <YAxis yAxisId="money" />
                    <YAxis yAxisId="jobs" orientation="right" allowDecimals={false} />
                    <Tooltip />
                    <Legend />
                    <Bar yAxisId="money" dataKey="revenue" name={t.revenue} fill="#2563eb" />
                    <Line yAxisId="jobs" dataKey="jobs" name={t.jobsCompleted} stroke="#b45309" strokeWidth={2} />
                  </ComposedChart>
                </ResponsiveContainer>
              </ChartFigure>
              <ReportTable
                t={t}
                caption={t.perDayTitle}
                filename={`revenue-per-day-${r.from}-${r.to}.csv`}
                header={[t.date, t.requests, t.jobsAccepted, t.jobsCompleted, t.revenue, t.commission]}
                rows={r.days.map((d) => [d.date, d.requests, d.jobsAccepted, d.jobsCompleted, dollars(d.revenueCents).toFixed(2), dollars(d.commissionCents).toFixed(2)])}
                cells={r.days.map((d) => [
                  <time key="d" dateTime={d.date}>
                    {d.date}
                  </time>,
                  formatNumber(d.requests),
                  formatNumber(d.jobsAccepted),
                  formatNumber(d.jobsCompleted),
                  money(d.revenueCents),
                  money(d.commissionCents),
                ])}
              />
            </section>
            <section aria-labelledby="reports-top" className="stack">
              <h3 id="reports-top">{t.topTitle}</h3>
              {r.topProviders.length === 0 ? (
                <EmptyState>{t.empty}</EmptyState>
              ) : (
                <ReportTable
                  t={t}
                  caption={t.topCaption}
                  filename={`top-providers-${r.from}-${r.to}.csv`}
                  header={[t.providerName, t.jobs, t.revenue, t.rating]}
                  rows={r.topProviders.map((p) => [p.businessName ?? p.providerId, p.jobs, dollars(p.revenueCents).toFixed(2), p.averageRating])}
                  cells={r.topProviders.map((p) => [
                    p.businessName ?? t.unnamed,
                    formatNumber(p.jobs),
                    money(p.revenueCents),
                    p.averageRating === null ? '—' : `${formatNumber(p.averageRating, { minimumFractionDigits: 1, maximumFractionDigits: 2 })} (${formatNumber(p.ratingCount)})`,
                  ])}
                />
              )}
            </section>
          </>
        )}
      </ReportBody>
    </section>
  );
}

function Distribution({ t, id, title, slug, d, range }: { t: Messages; id: string; title: string; slug: string; d: ReportDistributionView; range: string }) {
  const label = (b: ReportDistributionView['bins'][number]) =>
    b.toSeconds === null ? t.bucketOpen({ from: minutes(b.fromSeconds) }) : t.bucketRange({ from: minutes(b.fromSeconds), to: minutes(b.toSeconds) });
  const stat = (s: number | null) => (s === null ? t.noData : t.minutes({ n: minutes(s) }));
  return (
    <section aria-labelledby={id} className="stack">
      <h3 id={id}>{title}</h3>
      <dl className="stats">
        {(
          [
            [t.samples, formatNumber(d.count)],
            [t.p50, stat(d.p50Seconds)],
            [t.p90, stat(d.p90Seconds)],
            [t.p95, stat(d.p95Seconds)],
            [t.max, stat(d.maxSeconds)],
          ] as const
        ).map(([k, v]) => (
          <div key={k} className="stat">
            <dt className="stat__label">{k}</dt>
            <dd className="stat__value">{v}</dd>
          </div>
        ))}
      </dl>
      <ChartFigure caption={t.histogramChart}>
        <ResponsiveContainer width="100%" height={220}>
          <BarChart data={d.bins.map((b) => ({ bucket: label(b), count: b.count }))} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="bucket" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Bar dataKey="count" name={t.count} fill="#0f766e" />
          </BarChart>
        </ResponsiveContainer>
      </ChartFigure>
      <ReportTable
        t={t}
        caption={title}
        filename={`${slug}-${range}.csv`}
        header={[t.bucket, t.count]}
        rows={d.bins.map((b) => [label(b), b.count])}
        cells={d.bins.map((b) => [label(b), formatNumber(b.count)])}
      />
    </section>
  );
}

/** The Analytics tab: cancellation and no-show rates, acceptance and arrival time distributions, for a range. */
export function AnalyticsTab() {
  const t = useMessages(adminReportsMessages);
  const filter = useReportFilter();
  return (
    <section aria-labelledby="analytics-heading" className="stack">
      <h2 id="analytics-heading">{t.analyticsTab}</h2>
      <ReportFilter t={t} filter={filter} />
      <ReportBody t={t} filter={filter}>
        {(r) => (
          <>
            <section aria-labelledby="analytics-rates" className="stack">
              <h3 id="analytics-rates">{t.ratesTitle}</h3>
              <ReportTable
                t={t}
                caption={t.ratesCaption}
                filename={`cancellations-no-shows-${r.from}-${r.to}.csv`}
                header={[t.measure, t.count, t.outOf, t.rate]}
                rows={[
                  [t.cancellationRate, r.rates.cancelled, r.rates.requests, r.rates.cancellationRate],
                  [t.customerNoShowRate, r.rates.customerNoShows, r.rates.accepted, r.rates.customerNoShowRate],
                  [t.providerNoShowRate, r.rates.providerNoShows, r.rates.accepted, r.rates.providerNoShowRate],
                ]}
                cells={[
                  [t.cancellationRate, formatNumber(r.rates.cancelled), formatNumber(r.rates.requests), percent(r.rates.cancellationRate)],
                  [t.customerNoShowRate, formatNumber(r.rates.customerNoShows), formatNumber(r.rates.accepted), percent(r.rates.customerNoShowRate)],
                  [t.providerNoShowRate, formatNumber(r.rates.providerNoShows), formatNumber(r.rates.accepted), percent(r.rates.providerNoShowRate)],
                ]}
              />
            </section>
            <Distribution t={t} id="analytics-acceptance" title={t.acceptanceTitle} slug="acceptance-time" d={r.acceptanceTime} range={`${r.from}-${r.to}`} />
            <Distribution t={t} id="analytics-arrival" title={t.arrivalTitle} slug="arrival-time" d={r.arrivalTime} range={`${r.from}-${r.to}`} />
          </>
        )}
      </ReportBody>
    </section>
  );
}

import type { DisputeView } from '@tiredash/contracts';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { formatDateTime, formatMoney, formatNumber } from '../../../shared/format';
import { useMessages } from '../../../shared/i18n/i18n';
import { adminDisputesMessages } from '../../../shared/i18n/locales/en/admin';
import { trackingReportMessages, trackingRequestStatusMessages } from '../../../shared/i18n/locales/en/tracking';
import { useToast } from '../../../shared/toast/use-toast';
import { Button } from '../../../shared/ui/button';
import { ErrorState, Spinner } from '../../../shared/ui/status';
import { TextAreaField, TextField } from '../../../shared/ui/text-field';
import { categoryLabels } from '../../tracking/disputes/report-problem';
import { labelOf } from '../../tracking/tracking-labels';
import { useGetAdminTimelineQuery, useRefundJobMutation, useResolveReportMutation, type AdminRequestTimeline } from '../disputes-api';

/**
 * A request's timeline on its admin page (issue 13 item 7): the status changes with their times, the bids, the
 * location summary (dispatch), the money (payments: holds, capture, tip, refunds, the provider's wallet entries) and
 * the reports, each asked of the service that owns it; with the refund form (card jobs with a capture) and a
 * resolve form per open report.
 */
export function AdminRequestTimelineView({ requestId }: { requestId: string }) {
  const t = useMessages(adminDisputesMessages);
  const timeline = useGetAdminTimelineQuery(requestId);
  if (timeline.isLoading) return <Spinner label={t.loading} />;
  if (timeline.isError || !timeline.data) return <ErrorState message={errorMessage(timeline.error, t.loadFailed)} onRetry={() => void timeline.refetch()} />;
  const d = timeline.data;
  return (
    <div className="stack">
      <StatusTimeline data={d} />
      <Bids data={d} />
      <LocationSummary data={d} />
      <Payments data={d} onChanged={() => void timeline.refetch()} />
      <Reports data={d} onChanged={() => void timeline.refetch()} />
    </div>
  );
}

function StatusTimeline({ data }: { data: AdminRequestTimeline }) {
  const t = useMessages(adminDisputesMessages);
  const statuses = useMessages(trackingRequestStatusMessages);
  return (
    <section aria-labelledby="timeline-statuses" className="stack">
      <h3 id="timeline-statuses">{t.timelineTitle}</h3>
      <ol className="list" aria-label={t.timelineTitle}>
        {data.statuses.map((s) => (
          <li key={`${s.status}-${s.at}`}>
            <time dateTime={s.at}>{formatDateTime(s.at)}</time> — {labelOf(statuses, s.status)}
            {s.note ? <span className="muted"> ({s.note})</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Bids({ data }: { data: AdminRequestTimeline }) {
  const t = useMessages(adminDisputesMessages);
  return (
    <section aria-labelledby="timeline-bids" className="stack">
      <h3 id="timeline-bids">{t.bidsTitle}</h3>
      {data.bids.length === 0 ? (
        <p className="muted">{t.noBids}</p>
      ) : (
        <ul className="list" aria-label={t.bidsTitle}>
          {data.bids.map((b) => (
            <li key={b.id}>
              {t.bidLine({ provider: b.providerName, amount: formatMoney(b.amount), minutes: b.estimatedArrival ?? 0, status: b.status })} ·{' '}
              <time dateTime={b.createdAt}>{formatDateTime(b.createdAt)}</time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function LocationSummary({ data }: { data: AdminRequestTimeline }) {
  const t = useMessages(adminDisputesMessages);
  const l = data.location;
  const miles = (n: number | null) => (n === null ? '—' : t.miles({ miles: formatNumber(n, { maximumFractionDigits: 2 }) }));
  return (
    <section aria-labelledby="timeline-location" className="stack">
      <h3 id="timeline-location">{t.locationTitle}</h3>
      {!l.found ? (
        <p className="muted">{t.noLocation}</p>
      ) : (
        <dl className="detail-list">
          <dt>{t.startDistance}</dt>
          <dd>{miles(l.startDistanceMiles)}</dd>
          <dt>{t.track}</dt>
          <dd>{t.trackLine({ points: l.trackPoints, miles: miles(l.trackMiles) })}</dd>
          <dt>{t.lastToJob}</dt>
          <dd>{miles(l.lastPointToJobMiles)}</dd>
          <dt>{t.arrivedAt}</dt>
          <dd>{l.arrivedAt ? `${formatDateTime(l.arrivedAt)} (${t.minutesAfter({ minutes: l.minutesToArrive ?? 0 })})` : t.notArrived}</dd>
        </dl>
      )}
    </section>
  );
}

function Payments({ data, onChanged }: { data: AdminRequestTimeline; onChanged: () => void }) {
  const t = useMessages(adminDisputesMessages);
  const p = data.payments;
  const kind = (k: string): string =>
    ({ job_credit: t.entryJobCredit, cancellation_credit: t.entryCancellationCredit, tip: t.entryTip, refund_reversal: t.entryRefundReversal })[k] ?? k;
  return (
    <section aria-labelledby="timeline-payments" className="stack">
      <h3 id="timeline-payments">{t.paymentsTitle}</h3>
      {data.paymentMethod === 'cash' ? (
        <p className="muted">{t.cashJob}</p>
      ) : (
        <dl className="detail-list">
          {p.holds.map((h) => (
            <div key={h.paymentIntentId}>
              <dt>{t.hold}</dt>
              <dd>
                {formatMoney(h.amount)} · {h.status} · <time dateTime={h.createdAt}>{formatDateTime(h.createdAt)}</time>
              </dd>
            </div>
          ))}
          <dt>{t.captured}</dt>
          <dd>{p.captured === null ? t.none : `${formatMoney(p.captured)}${p.capturedAt ? ` · ${formatDateTime(p.capturedAt)}` : ''}`}</dd>
          <dt>{t.tip}</dt>
          <dd>{p.tip ? formatMoney(p.tip.amount) : t.none}</dd>
          <dt>{t.refundedTotal}</dt>
          <dd>{formatMoney(p.refundedTotal)}</dd>
        </dl>
      )}
      {p.refunds.length > 0 && (
        <ul className="list" aria-label={t.refundsList}>
          {p.refunds.map((r) => (
            <li key={r.id}>
              {t.refundLine({ amount: formatMoney(r.amount), status: r.status, share: formatMoney(r.providerReversal ?? 0) })} ·{' '}
              <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>
            </li>
          ))}
        </ul>
      )}
      {p.walletEntries.length > 0 && (
        <ul className="list" aria-label={t.walletEntries}>
          {p.walletEntries.map((e, i) => (
            <li key={`${e.kind}-${e.createdAt}-${i}`}>
              {kind(e.kind)}: {formatMoney(e.amount)}
            </li>
          ))}
        </ul>
      )}
      {p.refundable !== null && p.refundable > 0 && <RefundForm requestId={data.requestId} left={p.refundable} onDone={onChanged} />}
    </section>
  );
}

function RefundForm({ requestId, left, onDone }: { requestId: string; left: number; onDone: () => void }) {
  const t = useMessages(adminDisputesMessages);
  const { toast } = useToast();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  // One id per refund the admin means: kept while a click is retried (the server answers the same refund), new after.
  const [refundId, setRefundId] = useState(() => crypto.randomUUID());
  const [refund, { isLoading }] = useRefundJobMutation();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const dollars = Number(amount);
    const cents = Math.round(dollars * 100);
    if (!amount.trim() || !Number.isFinite(dollars) || cents < 1 || Math.abs(dollars * 100 - cents) > 1e-6) {
      setError(t.amountInvalid);
      return;
    }
    if (cents > Math.round(left * 100)) {
      setError(t.amountTooHigh({ left: formatMoney(left) }));
      return;
    }
    setError(null);
    try {
      const done = await refund({ requestId, amount: cents, refundId }).unwrap();
      toast({ title: t.refundDoneTitle, description: t.refundDone({ amount: formatMoney(done.amount) }) });
      setRefundId(crypto.randomUUID());
      setAmount('');
      onDone();
    } catch (err) {
      setError(errorMessage(err, t.refundFailed));
    }
  };

  return (
    <form className="stack" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t.refundForm}>
      <TextField
        label={t.refundAmount}
        hint={t.refundLeft({ left: formatMoney(left) })}
        inputMode="decimal"
        value={amount}
        error={error}
        onChange={(e) => setAmount(e.target.value)}
      />
      <div className="row row--end">
        <Button type="submit" variant="destructive" busy={isLoading}>
          {t.refund}
        </Button>
      </div>
    </form>
  );
}

function Reports({ data, onChanged }: { data: AdminRequestTimeline; onChanged: () => void }) {
  const t = useMessages(adminDisputesMessages);
  return (
    <section aria-labelledby="timeline-reports" className="stack">
      <h3 id="timeline-reports">{t.reportsTitle}</h3>
      {data.reports.length === 0 ? (
        <p className="muted">{t.noReports}</p>
      ) : (
        <ul className="list" aria-label={t.reportsTitle}>
          {data.reports.map((r) => (
            <ReportItem key={r.id} report={r} onChanged={onChanged} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ReportItem({ report, onChanged }: { report: DisputeView; onChanged: () => void }) {
  const t = useMessages(adminDisputesMessages);
  const tReport = useMessages(trackingReportMessages);
  const { toast } = useToast();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [resolve, { isLoading }] = useResolveReportMutation();
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!note.trim()) {
      setError(t.noteRequired);
      return;
    }
    setError(null);
    try {
      await resolve({ reportId: report.id, resolutionNote: note.trim() }).unwrap();
      toast({ title: t.resolvedTitle, description: t.resolved });
      onChanged();
    } catch (err) {
      setError(errorMessage(err, t.resolveFailed));
    }
  };
  const who = report.reporterRole === 'customer' ? t.byCustomer({ name: report.reporterName }) : t.byProvider({ name: report.reporterName });
  return (
    <li className="stack">
      <p>
        <strong>{categoryLabels(tReport)[report.category]}</strong> · {who} · <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
      </p>
      <p>{report.description}</p>
      {report.status === 'resolved' ? (
        <p className="muted">{t.resolvedNote({ note: report.resolutionNote ?? '' })}</p>
      ) : (
        <form className="stack" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t.resolveForm({ name: report.reporterName })}>
          <TextAreaField label={t.note} rows={3} maxLength={1000} value={note} error={error} onChange={(e) => setNote(e.target.value)} />
          <div className="row row--end">
            <Button type="submit" variant="outline" busy={isLoading}>
              {t.resolve}
            </Button>
          </div>
        </form>
      )}
    </li>
  );
}

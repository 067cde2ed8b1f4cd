import { DISPUTE_CATEGORIES, disputeCreateBodySchema, type DisputeCategory, type DisputeView } from '@tiredash/contracts';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { formatDateTime, formatMoney } from '../../../shared/format';
import { useMessages } from '../../../shared/i18n/i18n';
import { trackingReportMessages } from '../../../shared/i18n/locales/en/tracking';
import type { RealtimeSocket } from '../../../shared/realtime/realtime-socket';
import { useSocketEvent } from '../../../shared/realtime/use-realtime';
import { useToast } from '../../../shared/toast/use-toast';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { Dialog } from '../../../shared/ui/dialog';
import { TextAreaField } from '../../../shared/ui/text-field';
import { useListJobReportsQuery, useReportProblemMutation } from './disputes.api';

type ReportMessages = ReturnType<typeof trackingReportMessages.get>;

/** The category labels, keyed by the API's value (a new category is a type error here, not an English word). */
export function categoryLabels(t: ReportMessages): Record<DisputeCategory, string> {
  return {
    service_quality: t.catServiceQuality,
    damage: t.catDamage,
    pricing: t.catPricing,
    no_show: t.catNoShow,
    conduct: t.catConduct,
    payment: t.catPayment,
    other: t.catOther,
  };
}

/**
 * 'Report a problem' on the tracking screens (issue 13 item 7): the job's customer or its provider tells the admins
 * what went wrong (a category and a description), from the accepted bid onward. The party's reports are listed with
 * their status (open, or resolved with the admin's note); while one is open a new one answers the same report. The
 * `job_refunded` socket event (an admin refunded the card payment) shows as a toast.
 */
export function ReportProblemCard({ requestId, socket = null }: { requestId: string; socket?: RealtimeSocket | null }) {
  const t = useMessages(trackingReportMessages);
  const { toast } = useToast();
  const reports = useListJobReportsQuery(requestId);
  const [open, setOpen] = useState(false);

  useSocketEvent(socket, 'job_refunded', (p) => {
    if (p.requestId !== requestId) return;
    toast({ title: t.refundedTitle, description: t.refunded({ amount: formatMoney(p.amount) }) });
  });

  const mine = reports.data ?? [];
  const openReport = mine.find((r) => r.status === 'open') ?? null;
  return (
    <Card title={t.title}>
      {reports.isLoading ? null : reports.isError ? (
        <p className="muted">{errorMessage(reports.error, t.loadFailed)}</p>
      ) : mine.length === 0 ? (
        <p className="muted">{t.intro}</p>
      ) : (
        <ul className="list" aria-label={t.yourReports}>
          {mine.map((r) => (
            <ReportItem key={r.id} report={r} />
          ))}
        </ul>
      )}
      {!openReport && (
        <Button variant="outline" onClick={() => setOpen(true)}>
          {t.open}
        </Button>
      )}
      {open && <ReportProblemDialog requestId={requestId} onClose={() => setOpen(false)} onSent={() => void reports.refetch()} />}
    </Card>
  );
}

function ReportItem({ report }: { report: DisputeView }) {
  const t = useMessages(trackingReportMessages);
  return (
    <li className="stack">
      <p>
        <strong>{categoryLabels(t)[report.category]}</strong> · <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
      </p>
      <p>{report.description}</p>
      <p className="muted">{report.status === 'open' ? t.statusOpen : t.statusResolved({ note: report.resolutionNote ?? '' })}</p>
    </li>
  );
}

function ReportProblemDialog({ requestId, onClose, onSent }: { requestId: string; onClose: () => void; onSent: () => void }) {
  const t = useMessages(trackingReportMessages);
  const { toast } = useToast();
  const [category, setCategory] = useState<DisputeCategory | ''>('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<{ category?: string; description?: string }>({});
  const [send, { isLoading }] = useReportProblemMutation();
  const selectId = useId();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = disputeCreateBodySchema.safeParse({ data: { category: category || undefined, description } });
    if (!parsed.success) {
      const found: { category?: string; description?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[1];
        if (field === 'category' && !found.category) found.category = t.categoryRequired;
        if (field === 'description' && !found.description) found.description = description.trim() === '' ? t.descriptionRequired : t.descriptionShort;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await send({ requestId, ...parsed.data.data }).unwrap();
    } catch (err) {
      toast({ title: t.failedTitle, description: errorMessage(err, t.failed), variant: 'destructive' });
      return;
    }
    toast({ title: t.sentTitle, description: t.sent });
    onSent();
    onClose();
  };

  return (
    <Dialog open title={t.dialogTitle} description={t.dialogDescription} onClose={onClose}>
      <form className="stack" onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="field">
          <label htmlFor={selectId} className="field__label">
            {t.category}
            <span className="field__required" aria-hidden="true"> *</span>
          </label>
          <select
            id={selectId}
            className="field__input"
            value={category}
            required
            aria-invalid={errors.category ? true : undefined}
            aria-describedby={errors.category ? `${selectId}-error` : undefined}
            onChange={(e) => setCategory(e.target.value as DisputeCategory | '')}
          >
            <option value="">{t.choose}</option>
            {DISPUTE_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {categoryLabels(t)[c]}
              </option>
            ))}
          </select>
          {errors.category && (
            <p id={`${selectId}-error`} className="field__error" role="alert">
              {errors.category}
            </p>
          )}
        </div>
        <TextAreaField
          label={t.description}
          hint={t.descriptionHint}
          required
          rows={5}
          maxLength={2000}
          value={description}
          error={errors.description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <div className="row row--end">
          <Button type="button" variant="ghost" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button type="submit" busy={isLoading}>
            {t.submit}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

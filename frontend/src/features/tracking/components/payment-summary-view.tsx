import { LIMITS, type ServiceRequestView } from '@tiredash/contracts';
import { useMemo } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { errorStatus } from '../../../shared/api/api-error';
import { formatDate, formatMoney } from '../../../shared/format';
import { useMessages } from '../../../shared/i18n/i18n';
import { trackingExtrasMessages, trackingRequestStatusMessages, trackingServiceTypesMessages, trackingSummaryMessages } from '../../../shared/i18n/locales/en/tracking';
import { useRealtimeConnection, useSocketEvent } from '../../../shared/realtime/use-realtime';
import { ButtonLink } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { ErrorState, Spinner } from '../../../shared/ui/status';
import { selectCurrentUser } from '../../auth/auth.slice';
import { useGetRequestPaymentQuery } from '../../payments/api';
import { TipSection } from '../../payments/components/tip-section';
import { useRequestCardFee } from '../../payments/hooks/use-platform-fees';
import { useGetServiceRequestQuery } from '../../requests/api';
import { useSubmitRating } from '../hooks/use-submit-rating';
import { requestStatusLabel, serviceTypeLabel } from '../tracking-labels';
import { RatingForm } from './rating-form';
import { ReportProblemCard } from '../disputes/report-problem';
import { approvedExtras } from '../extras/extras.model';

export interface PaymentLines {
  /** The accepted bid (else the budget). */
  service: number;
  /** The extras the customer approved (issue 13 item 1), each a line. */
  extras: Array<{ id: string; serviceType: string; amount: number }>;
  /** Always 0 on this summary (spec section 9). */
  serviceFee: number;
  /** The card processing fee of the request's hold (the admin's setting when it was authorised; 0 for cash). */
  processingFee: number;
  /** The customer's card tip once paid (0: none, 'Not applied'). */
  tip: number;
  total: number;
}

/**
 * The summary's money lines: the job amount, Service Fee 0, the card fee when paid by card (`cardFee`: the one kept
 * with the request's hold, so the total is what was captured), and the card tip once paid (`tip`, 0 when none).
 */
export function paymentLines(
  request: Pick<ServiceRequestView, 'amount' | 'budget' | 'paymentMethod'> & Partial<Pick<ServiceRequestView, 'extras'>>,
  cardFee: number = LIMITS.cardProcessingFeeDollars,
  tip = 0,
): PaymentLines {
  const service = request.amount ?? request.budget;
  const extras = approvedExtras({ extras: request.extras ?? [] }).map((e) => ({ id: e.id, serviceType: e.serviceType, amount: e.amount }));
  const processingFee = request.paymentMethod === 'card' ? cardFee : 0;
  const cents = Math.round(service * 100) + extras.reduce((sum, e) => sum + Math.round(e.amount * 100), 0) + Math.round(processingFee * 100) + Math.round(tip * 100);
  return { service, extras, serviceFee: 0, processingFee, tip, total: cents / 100 };
}

/** /payment/{id}: service summary, payment summary, leave a review, back to /dashboard. */
export function PaymentSummaryView({ requestId }: { requestId: string }) {
  const request = useGetServiceRequestQuery(requestId, { refetchOnMountOrArgChange: true });
  const cardFee = useRequestCardFee(requestId, request.data?.paymentMethod);
  const payment = useGetRequestPaymentQuery(requestId, { skip: request.data?.paymentMethod !== 'card' });
  const rating = useSubmitRating(request.data);
  const t = useMessages(trackingSummaryMessages);
  const serviceTypes = useMessages(trackingServiceTypesMessages);
  const statuses = useMessages(trackingRequestStatusMessages);
  const tExtras = useMessages(trackingExtrasMessages);
  // A refund comes after the capture, when the tracking screen's socket is closed: the summary of a card job listens
  // for `job_refunded` itself (the report card's toast, and 'Refunded $X' read again).
  const user = useAppSelector(selectCurrentUser);
  const token = useAppSelector((s) => s.auth.token);
  const join = useMemo(() => (user?.role?.name === 'customer' ? { userId: user.id, role: 'customer' as const } : null), [user]);
  const socket = useRealtimeConnection(request.data?.paymentMethod === 'card' && join ? token : null, join);
  useSocketEvent(socket, 'job_refunded', (p) => {
    if (p.requestId === requestId) void payment.refetch();
  });

  if (request.isLoading) return <Spinner label={t.loading} />;
  if (request.isError || !request.data) {
    const status = errorStatus(request.error);
    const message = status === 404 ? t.notFound : status === 403 ? t.forbidden : t.loadFailed;
    return <ErrorState message={message} onRetry={status === 404 || status === 403 ? undefined : () => void request.refetch()} />;
  }
  const r = request.data;
  const lines = paymentLines(r, cardFee, payment.data?.tip ?? 0);
  const provider = r.provider ?? r.accepted_bid?.provider ?? null;

  return (
    <div className="summary">
      <Card title={t.serviceSummary}>
        <dl className="details">
          <div>
            <dt>{t.service}</dt>
            <dd>{serviceTypeLabel(r.serviceType, serviceTypes)}</dd>
          </div>
          <div>
            <dt>{t.tireSize}</dt>
            <dd>{r.tireSize}</dd>
          </div>
          <div>
            <dt>{t.location}</dt>
            <dd>{r.location?.address || r.address || '—'}</dd>
          </div>
          <div>
            <dt>{t.provider}</dt>
            <dd>{provider?.businessName ?? '—'}</dd>
          </div>
          <div>
            <dt>{t.status}</dt>
            <dd>{requestStatusLabel(r.tireStatus, statuses)}</dd>
          </div>
          {(r.confirmedAt || r.completedAt) && (
            <div>
              <dt>{t.completed}</dt>
              <dd>{formatDate((r.confirmedAt ?? r.completedAt) as string)}</dd>
            </div>
          )}
        </dl>
      </Card>
      <Card title={t.paymentSummary}>
        <dl className="details details--money" aria-label={t.paymentSummaryLabel}>
          <div>
            <dt>{t.serviceAmount}</dt>
            <dd>{formatMoney(lines.service)}</dd>
          </div>
          {lines.extras.map((e) => (
            <div key={e.id}>
              <dt>{tExtras.extraLine({ service: serviceTypeLabel(e.serviceType, serviceTypes) })}</dt>
              <dd>{formatMoney(e.amount)}</dd>
            </div>
          ))}
          <div>
            <dt>{t.serviceFee}</dt>
            <dd>{formatMoney(lines.serviceFee)}</dd>
          </div>
          {lines.processingFee > 0 && (
            <div>
              <dt>{t.processingFee}</dt>
              <dd>{formatMoney(lines.processingFee)}</dd>
            </div>
          )}
          <div>
            <dt>{t.tip}</dt>
            <dd>{lines.tip > 0 ? formatMoney(lines.tip) : t.notApplied}</dd>
          </div>
          <div className="details__total">
            <dt>{t.total}</dt>
            <dd>{formatMoney(lines.total)}</dd>
          </div>
          {(payment.data?.refunded ?? 0) > 0 && (
            <div className="details__refund">
              <dt>{t.refunded}</dt>
              <dd>{formatMoney(payment.data?.refunded ?? 0)}</dd>
            </div>
          )}
          <div>
            <dt>{t.paidBy}</dt>
            <dd>{r.paymentMethod === 'card' ? t.card : t.cash}</dd>
          </div>
        </dl>
      </Card>
      {r.paymentMethod === 'card' && <TipSection requestId={requestId} />}
      {provider && <ReportProblemCard requestId={requestId} socket={socket} />}
      <Card title={t.leaveReview}>
        {r.rating ? (
          <p>{t.rated({ rating: r.rating.rating })}</p>
        ) : (
          <RatingForm onSubmit={rating.submit} busy={rating.submitting} />
        )}
      </Card>
      <div className="row row--end">
        <ButtonLink to="/dashboard" variant="outline">
          {t.back}
        </ButtonLink>
      </div>
    </div>
  );
}

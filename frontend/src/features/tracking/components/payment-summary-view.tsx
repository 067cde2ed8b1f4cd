import { LIMITS, type ServiceRequestView } from '@tiredash/contracts';
import { errorStatus } from '../../../shared/api/api-error';
import { formatDate, formatMoney } from '../../../shared/format';
import { ButtonLink } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { ErrorState, Spinner } from '../../../shared/ui/status';
import { useGetServiceRequestQuery } from '../../requests/api';
import { useSubmitRating } from '../hooks/use-submit-rating';
import { RatingForm } from './rating-form';

export interface PaymentLines {
  service: number;
  /** Always 0 on this summary (spec section 9). */
  serviceFee: number;
  /** The card processing fee ($10 for card payments, 0 for cash). */
  processingFee: number;
  total: number;
}

/** The summary's money lines: the job amount, Service Fee 0, the card fee when paid by card; no tip. */
export function paymentLines(request: Pick<ServiceRequestView, 'amount' | 'budget' | 'paymentMethod'>): PaymentLines {
  const service = request.amount ?? request.budget;
  const processingFee = request.paymentMethod === 'card' ? LIMITS.cardProcessingFeeDollars : 0;
  return { service, serviceFee: 0, processingFee, total: service + processingFee };
}

/** /payment/{id}: service summary, payment summary, leave a review, back to /dashboard. */
export function PaymentSummaryView({ requestId }: { requestId: string }) {
  const request = useGetServiceRequestQuery(requestId, { refetchOnMountOrArgChange: true });
  const rating = useSubmitRating(request.data);

  if (request.isLoading) return <Spinner label="Loading the summary..." />;
  if (request.isError || !request.data) {
    const status = errorStatus(request.error);
    const message = status === 404 ? 'This request does not exist.' : status === 403 ? 'You cannot view this request.' : 'Could not load the summary.';
    return <ErrorState message={message} onRetry={status === 404 || status === 403 ? undefined : () => void request.refetch()} />;
  }
  const r = request.data;
  const lines = paymentLines(r);
  const provider = r.provider ?? r.accepted_bid?.provider ?? null;

  return (
    <div className="summary">
      <Card title="Service Summary">
        <dl className="details">
          <div>
            <dt>Service</dt>
            <dd>{r.serviceType}</dd>
          </div>
          <div>
            <dt>Tire size</dt>
            <dd>{r.tireSize}</dd>
          </div>
          <div>
            <dt>Location</dt>
            <dd>{r.location?.address || r.address || '—'}</dd>
          </div>
          <div>
            <dt>Provider</dt>
            <dd>{provider?.businessName ?? '—'}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>{r.tireStatus}</dd>
          </div>
          {(r.confirmedAt || r.completedAt) && (
            <div>
              <dt>Completed</dt>
              <dd>{formatDate((r.confirmedAt ?? r.completedAt) as string)}</dd>
            </div>
          )}
        </dl>
      </Card>
      <Card title="Payment Summary">
        <dl className="details details--money" aria-label="Payment summary">
          <div>
            <dt>Service amount</dt>
            <dd>{formatMoney(lines.service)}</dd>
          </div>
          <div>
            <dt>Service Fee</dt>
            <dd>{formatMoney(lines.serviceFee)}</dd>
          </div>
          {lines.processingFee > 0 && (
            <div>
              <dt>Card processing fee</dt>
              <dd>{formatMoney(lines.processingFee)}</dd>
            </div>
          )}
          <div>
            <dt>Tip</dt>
            <dd>Not applied</dd>
          </div>
          <div className="details__total">
            <dt>Total</dt>
            <dd>{formatMoney(lines.total)}</dd>
          </div>
          <div>
            <dt>Paid by</dt>
            <dd>{r.paymentMethod === 'card' ? 'Card' : 'Cash'}</dd>
          </div>
        </dl>
      </Card>
      <Card title="Leave a Review">
        {r.rating ? (
          <p>
            You rated this job {r.rating.rating} of 5 stars. Thank you for your feedback!
          </p>
        ) : (
          <RatingForm onSubmit={rating.submit} busy={rating.submitting} />
        )}
      </Card>
      <div className="row row--end">
        <ButtonLink to="/dashboard" variant="outline">
          Back to Dashboard
        </ButtonLink>
      </div>
    </div>
  );
}

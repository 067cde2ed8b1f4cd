import { useState } from 'react';
import type { ServiceRequestView } from '@tiredash/contracts';
import { formatDate, formatMoney } from '../../../shared/format';
import { useLazyGetUploadFileQuery } from '../../../shared/upload/media-api';
import type { RequestOffer } from '../provider-requests.reducer';
import { statusClass } from './customer-requests-list';

type SummaryRequest = RequestOffer & Partial<Pick<ServiceRequestView, 'photos'>>;

function scheduled(value: string | null): string {
  if (!value) return 'As soon as possible';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * One photo of the request, from the short-lived signed URL the API gave this viewer (the request's customer, its
 * accepted provider, an admin). When the link has expired (the page stayed open), a fresh one is asked for once.
 */
function RequestPhoto({ id, url }: { id: string; url: string }) {
  const [renew, renewed] = useLazyGetUploadFileQuery();
  const [asked, setAsked] = useState(false);
  const onError = () => {
    if (asked) return;
    setAsked(true);
    void renew(id);
  };
  return <img src={renewed.data?.url ?? url} alt="Tire photo" loading="lazy" onError={onError} />;
}

/** The request's details: service, tire, address, budget, priority, schedule, payment, notes. */
export function RequestSummary({ request, headingLevel = 3 }: { request: SummaryRequest; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="request-summary">
      <div className="row row--between">
        <Heading className="request-summary__title">{request.serviceType}</Heading>
        <span className={statusClass(request.tireStatus)}>{request.tireStatus}</span>
      </div>
      <dl className="detail-list">
        <div className="detail-list__row">
          <dt>Tire</dt>
          <dd>
            {request.tireSize}
            {request.tireBrand ? ` · ${request.tireBrand}` : ''}
          </dd>
        </div>
        <div className="detail-list__row">
          <dt>Address</dt>
          <dd>{request.address || `Near ${request.lat.toFixed(5)}, ${request.lng.toFixed(5)}`}</dd>
        </div>
        <div className="detail-list__row">
          <dt>Budget</dt>
          <dd>{formatMoney(request.budget)}</dd>
        </div>
        <div className="detail-list__row">
          <dt>Priority</dt>
          <dd className="capitalize">{request.priority}</dd>
        </div>
        <div className="detail-list__row">
          <dt>Scheduled</dt>
          <dd>{scheduled(request.scheduledTime)}</dd>
        </div>
        <div className="detail-list__row">
          <dt>Payment</dt>
          <dd>{request.paymentMethod === 'card' ? 'Card' : 'Cash'}</dd>
        </div>
        <div className="detail-list__row">
          <dt>Customer</dt>
          <dd>{request.customer.fullName}</dd>
        </div>
        <div className="detail-list__row">
          <dt>Posted</dt>
          <dd>{formatDate(request.createdAt)}</dd>
        </div>
      </dl>
      {request.description && <p className="request-summary__notes">{request.description}</p>}
      {request.photos && request.photos.some((p) => p.url) && (
        <ul className="request-summary__photos" aria-label="Photos">
          {request.photos
            .filter((p) => p.url)
            .map((p) => (
              <li key={p.id}>
                <RequestPhoto id={p.id} url={p.url ?? ''} />
              </li>
            ))}
        </ul>
      )}
    </div>
  );
}

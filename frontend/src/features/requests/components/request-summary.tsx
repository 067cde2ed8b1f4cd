import { useState } from 'react';
import type { ServiceRequestView } from '@tiredash/contracts';
import { formatDate, formatDateTime, formatMoney } from '../../../shared/format';
import { useMessages } from '../../../shared/i18n/i18n';
import { requestFormMessages, requestStatusMessages, serviceTypeMessages, summaryMessages } from '../../../shared/i18n/locales/en/requests';
import { useLazyGetUploadFileQuery } from '../../../shared/upload/media-api';
import type { RequestOffer } from '../provider-requests.reducer';
import { statusClass } from './customer-requests-list';

type SummaryRequest = RequestOffer & Partial<Pick<ServiceRequestView, 'photos'>>;

function scheduled(value: string | null, asap: string): string {
  return value ? formatDateTime(value) : asap;
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
  const t = useMessages(summaryMessages);
  return <img src={renewed.data?.url ?? url} alt={t.tirePhoto} loading="lazy" onError={onError} />;
}

/** The request's details: service, tire, address, budget, priority, schedule, payment, notes. */
export function RequestSummary({ request, headingLevel = 3 }: { request: SummaryRequest; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const t = useMessages(summaryMessages);
  const form = useMessages(requestFormMessages);
  const serviceTypes = useMessages(serviceTypeMessages) as Record<string, string>;
  const statuses = useMessages(requestStatusMessages) as Record<string, string>;
  const priorities: Record<string, string> = {
    low: form.priorityLow,
    normal: form.priorityNormal,
    high: form.priorityHigh,
    urgent: form.priorityUrgent,
  };
  return (
    <div className="request-summary">
      <div className="row row--between">
        <Heading className="request-summary__title">{serviceTypes[request.serviceType] ?? request.serviceType}</Heading>
        <span className={statusClass(request.tireStatus)}>{statuses[request.tireStatus] ?? request.tireStatus}</span>
      </div>
      <dl className="detail-list">
        <div className="detail-list__row">
          <dt>{t.tire}</dt>
          <dd>
            {request.tireSize}
            {request.tireBrand ? ` · ${request.tireBrand}` : ''}
          </dd>
        </div>
        <div className="detail-list__row">
          <dt>{t.address}</dt>
          <dd>{request.address || t.near({ lat: request.lat.toFixed(5), lng: request.lng.toFixed(5) })}</dd>
        </div>
        <div className="detail-list__row">
          <dt>{t.budget}</dt>
          <dd>{formatMoney(request.budget)}</dd>
        </div>
        <div className="detail-list__row">
          <dt>{t.priority}</dt>
          <dd className="capitalize">{priorities[request.priority] ?? request.priority}</dd>
        </div>
        <div className="detail-list__row">
          <dt>{t.scheduled}</dt>
          <dd>{scheduled(request.scheduledTime, t.asap)}</dd>
        </div>
        <div className="detail-list__row">
          <dt>{t.payment}</dt>
          <dd>{request.paymentMethod === 'card' ? t.card : t.cash}</dd>
        </div>
        <div className="detail-list__row">
          <dt>{t.customer}</dt>
          <dd>{request.customer.fullName}</dd>
        </div>
        <div className="detail-list__row">
          <dt>{t.posted}</dt>
          <dd>{formatDate(request.createdAt)}</dd>
        </div>
      </dl>
      {request.description && <p className="request-summary__notes">{request.description}</p>}
      {request.photos && request.photos.some((p) => p.url) && (
        <ul className="request-summary__photos" aria-label={t.photos}>
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

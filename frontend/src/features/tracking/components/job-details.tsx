import type { ServiceRequestView } from '@tiredash/contracts';
import { useMessages } from '../../../shared/i18n/i18n';
import { trackingDetailsMessages, trackingServiceTypesMessages } from '../../../shared/i18n/locales/en/tracking';
import { formatMoney } from '../../../shared/format';
import { Card } from '../../../shared/ui/card';
import { serviceTypeLabel } from '../tracking-labels';

/** Job Details: service type, location address and the cost in dollars (the accepted amount, else the budget). */
export function JobDetails({ request, costLabel }: { request: ServiceRequestView; costLabel?: string }) {
  const tDetails = useMessages(trackingDetailsMessages);
  const serviceTypes = useMessages(trackingServiceTypesMessages);
  const cost = request.amount ?? request.budget;
  return (
    <Card title={tDetails.title}>
      <dl className="details">
        <div>
          <dt>{tDetails.serviceType}</dt>
          <dd>{serviceTypeLabel(request.serviceType, serviceTypes)}</dd>
        </div>
        <div>
          <dt>{tDetails.location}</dt>
          <dd>{request.location?.address || request.address || `${request.lat.toFixed(5)}, ${request.lng.toFixed(5)}`}</dd>
        </div>
        <div>
          <dt>{tDetails.tireSize}</dt>
          <dd>{request.tireSize}</dd>
        </div>
        <div>
          <dt>{costLabel ?? tDetails.estimatedCost}</dt>
          <dd>{formatMoney(cost)}</dd>
        </div>
        <div>
          <dt>{tDetails.payment}</dt>
          <dd>{request.paymentMethod === 'card' ? tDetails.card : tDetails.cash}</dd>
        </div>
      </dl>
    </Card>
  );
}

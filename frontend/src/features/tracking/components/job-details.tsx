import type { ServiceRequestView } from '@tiredash/contracts';
import { formatMoney } from '../../../shared/format';
import { Card } from '../../../shared/ui/card';

/** Job Details: service type, location address and the cost in dollars (the accepted amount, else the budget). */
export function JobDetails({ request, costLabel = 'Estimated cost' }: { request: ServiceRequestView; costLabel?: string }) {
  const cost = request.amount ?? request.budget;
  return (
    <Card title="Job Details">
      <dl className="details">
        <div>
          <dt>Service type</dt>
          <dd>{request.serviceType}</dd>
        </div>
        <div>
          <dt>Location</dt>
          <dd>{request.location?.address || request.address || `${request.lat.toFixed(5)}, ${request.lng.toFixed(5)}`}</dd>
        </div>
        <div>
          <dt>Tire size</dt>
          <dd>{request.tireSize}</dd>
        </div>
        <div>
          <dt>{costLabel}</dt>
          <dd>{formatMoney(cost)}</dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>{request.paymentMethod === 'card' ? 'Card' : 'Cash'}</dd>
        </div>
      </dl>
    </Card>
  );
}

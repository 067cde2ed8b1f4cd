import { useParams } from 'react-router-dom';
import { AreaShell } from '../../../app/layout/area-shell';
import { PaymentSummaryView } from '../../tracking/components/payment-summary-view';

/** /payment/{id} */
export function PaymentPage() {
  const { id = '' } = useParams();
  return (
    <AreaShell title="Payment Summary" subtitle="Your service is complete">
      <PaymentSummaryView key={id} requestId={id} />
    </AreaShell>
  );
}

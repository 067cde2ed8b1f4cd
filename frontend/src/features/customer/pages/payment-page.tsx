import { useParams } from 'react-router-dom';
import { AreaShell } from '../../../app/layout/area-shell';
import { useMessages } from '../../../shared/i18n/i18n';
import { customerPaymentMessages } from '../../../shared/i18n/locales/en/customer';
import { PaymentSummaryView } from '../../tracking/components/payment-summary-view';

/** /payment/{id} */
export function PaymentPage() {
  const t = useMessages(customerPaymentMessages);
  const { id = '' } = useParams();
  return (
    <AreaShell title={t.title} subtitle={t.subtitle}>
      <PaymentSummaryView key={id} requestId={id} />
    </AreaShell>
  );
}

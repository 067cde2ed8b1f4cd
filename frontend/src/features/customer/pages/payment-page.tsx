import { PendingPage } from '../../../app/layout/pending-page';

/** /payment/{id} */
export function PaymentPage() {
  return <PendingPage title="Payment Summary" backTo="/dashboard" backLabel="Back to Dashboard" />;
}

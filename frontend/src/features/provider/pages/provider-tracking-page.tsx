import { PendingPage } from '../../../app/layout/pending-page';

/** /provider/tracking/{id} */
export function ProviderTrackingPage() {
  return <PendingPage title="Live Job" backTo="/provider/dashboard" backLabel="Back to Dashboard" />;
}

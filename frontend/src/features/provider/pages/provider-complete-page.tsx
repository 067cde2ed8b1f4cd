import { PendingPage } from '../../../app/layout/pending-page';

/** /provider/complete?providerId= */
export function ProviderCompletePage() {
  return <PendingPage title="Completing Setup" backTo="/provider/settings" backLabel="Back to Payment Settings" />;
}

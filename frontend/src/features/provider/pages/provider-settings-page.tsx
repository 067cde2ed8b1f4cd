import { PendingPage } from '../../../app/layout/pending-page';

/** /provider/settings */
export function ProviderSettingsPage() {
  return <PendingPage title="Payment Settings" backTo="/provider/dashboard" backLabel="Back to Dashboard" />;
}

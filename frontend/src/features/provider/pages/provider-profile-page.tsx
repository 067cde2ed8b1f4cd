import { PendingPage } from '../../../app/layout/pending-page';

/** /provider/profile */
export function ProviderProfilePage() {
  return <PendingPage title="Edit Profile" backTo="/provider/dashboard" backLabel="Back to Dashboard" />;
}

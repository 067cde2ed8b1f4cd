import { PendingPage } from '../../../app/layout/pending-page';

/** /create-request */
export function CreateRequestPage() {
  return <PendingPage title="Create Service Request" backTo="/dashboard" backLabel="Back to Dashboard" />;
}

import { PendingPage } from '../../../app/layout/pending-page';

/** /tracking/{id} */
export function TrackingPage() {
  return <PendingPage title="Track Your Provider" backTo="/dashboard" backLabel="Back to Dashboard" />;
}

import { useAppSelector } from '../../../app/hooks';
import { PendingPage } from '../../../app/layout/pending-page';
import { homeFor } from '../../../app/route-guard';
import { selectRole } from '../../auth/auth.slice';

/** /bidding/{id}, open to customers and providers: the back link goes to the user's own home. */
export function BiddingPage() {
  const role = useAppSelector(selectRole);
  return <PendingPage title="Bids for Your Request" backTo={homeFor(role)} backLabel="Back to Dashboard" />;
}

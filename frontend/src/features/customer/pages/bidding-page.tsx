import { Link, useParams } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { AreaShell } from '../../../app/layout/area-shell';
import { homeFor } from '../../../app/route-guard';
import { selectRole } from '../../auth/auth.slice';
import { BiddingView } from '../../requests/components/bidding-view';
import { CardPaymentDialog } from '../../payments/components/card-payment-dialog';

/** /bidding/{id}, open to customers and providers: the back link goes to the user's own home. */
export function BiddingPage() {
  const role = useAppSelector(selectRole);
  const { id = '' } = useParams();
  return (
    <AreaShell title={role === 'provider' ? 'Service Request' : 'Bids for Your Request'}>
      <Link to={homeFor(role)} className="back-link">
        ← Back to Dashboard
      </Link>
      <BiddingView key={id} requestId={id} CardPaymentDialog={CardPaymentDialog} />
    </AreaShell>
  );
}

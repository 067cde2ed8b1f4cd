import { Link, useParams } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { AreaShell } from '../../../app/layout/area-shell';
import { useMessages } from '../../../shared/i18n/i18n';
import { customerHomeMessages } from '../../../shared/i18n/locales/en/customer';
import { homeFor } from '../../../app/route-guard';
import { selectRole } from '../../auth/auth.slice';
import { BiddingView } from '../../requests/components/bidding-view';
import { CardPaymentDialog } from '../../payments/components/card-payment-dialog';

/** /bidding/{id}, open to customers and providers: the back link goes to the user's own home. */
export function BiddingPage() {
  const role = useAppSelector(selectRole);
  const { id = '' } = useParams();
  const t = useMessages(customerHomeMessages);
  return (
    <AreaShell title={role === 'provider' ? t.biddingTitleProvider : t.biddingTitleCustomer}>
      <Link to={homeFor(role)} className="back-link">
        ← {t.backToDashboard}
      </Link>
      <BiddingView key={id} requestId={id} CardPaymentDialog={CardPaymentDialog} />
    </AreaShell>
  );
}

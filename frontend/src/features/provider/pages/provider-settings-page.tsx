import { Link } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { AreaShell } from '../../../app/layout/area-shell';
import { ErrorState, Spinner } from '../../../shared/ui/status';
import { selectCurrentUser } from '../../auth/auth.slice';
import { PaymentSettings } from '../../payments/components/payment-settings';

/** /provider/settings: the provider's Stripe Connect account (spec: provider payment settings). */
export function ProviderSettingsPage() {
  const user = useAppSelector(selectCurrentUser);
  const business = user?.business ?? null;
  return (
    <AreaShell title="Payment Settings">
      <Link to="/provider/dashboard" className="back-link">
        ← Back to Dashboard
      </Link>
      {!user ? (
        <Spinner />
      ) : business ? (
        <PaymentSettings providerId={business.documentId} businessName={business.businessName} email={user.email} />
      ) : (
        <ErrorState title="No provider profile" message="This account has no provider profile. Please contact support." />
      )}
    </AreaShell>
  );
}

import { Link } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { AreaShell } from '../../../app/layout/area-shell';
import { useMessages } from '../../../shared/i18n/i18n';
import { providerSettingsMessages } from '../../../shared/i18n/locales/en/provider';
import { ErrorState, Spinner } from '../../../shared/ui/status';
import { selectCurrentUser } from '../../auth/auth.slice';
import { PaymentSettings } from '../../payments/components/payment-settings';

/** /provider/settings: the provider's Stripe Connect account (spec: provider payment settings). */
export function ProviderSettingsPage() {
  const t = useMessages(providerSettingsMessages);
  const user = useAppSelector(selectCurrentUser);
  const business = user?.business ?? null;
  return (
    <AreaShell title={t.title}>
      <Link to="/provider/dashboard" className="back-link">
        {t.back}
      </Link>
      {!user ? (
        <Spinner />
      ) : business ? (
        <PaymentSettings providerId={business.documentId} businessName={business.businessName} email={user.email} />
      ) : (
        <ErrorState title={t.noProfileTitle} message={t.noProfile} />
      )}
    </AreaShell>
  );
}

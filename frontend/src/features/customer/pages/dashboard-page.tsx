import { useAppSelector } from '../../../app/hooks';
import { AreaShell } from '../../../app/layout/area-shell';
import { useMessages } from '../../../shared/i18n/i18n';
import { customerHomeMessages } from '../../../shared/i18n/locales/en/customer';
import { Button } from '../../../shared/ui/button';
import { selectCurrentUser } from '../../auth/auth.slice';
import { useLogout } from '../../auth/hooks/use-logout';
import { CustomerRequestsList } from '../../requests/components/customer-requests-list';
import { NewRequestPanel } from '../../requests/components/new-request-panel';
import { CardPaymentDialog } from '../../payments/components/card-payment-dialog';

/** /dashboard: the customer's home, the request screen ('Request Tire Service') with the customer's requests. */
export function DashboardPage() {
  const user = useAppSelector(selectCurrentUser);
  const logout = useLogout('customer');
  const name = user?.customer?.fullName || user?.username || '';
  const t = useMessages(customerHomeMessages);

  return (
    <AreaShell
      title={t.title}
      subtitle={t.subtitle}
      actions={
        <Button variant="outline" onClick={logout}>
          {t.logout}
        </Button>
      }
    >
      <p className="muted">
        {t.signedInAs} <strong>{name}</strong>
        {user?.email ? ` (${user.email})` : ''}
      </p>
      <div className="customer-home">
        <NewRequestPanel CardPaymentDialog={CardPaymentDialog} />
        <CustomerRequestsList customerId={user?.customer?.documentId ?? null} />
      </div>
    </AreaShell>
  );
}

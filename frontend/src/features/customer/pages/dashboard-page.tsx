import { useAppSelector } from '../../../app/hooks';
import { AreaShell } from '../../../app/layout/area-shell';
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

  return (
    <AreaShell
      title="Request Tire Service"
      subtitle="Tell us what you need and get quotes from nearby providers"
      actions={
        <Button variant="outline" onClick={logout}>
          Logout
        </Button>
      }
    >
      <p className="muted">
        Signed in as <strong>{name}</strong>
        {user?.email ? ` (${user.email})` : ''}
      </p>
      <div className="customer-home">
        <NewRequestPanel CardPaymentDialog={CardPaymentDialog} />
        <CustomerRequestsList customerId={user?.customer?.documentId ?? null} />
      </div>
    </AreaShell>
  );
}

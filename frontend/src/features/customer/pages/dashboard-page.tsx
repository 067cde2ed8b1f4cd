import { useAppSelector } from '../../../app/hooks';
import { AreaShell } from '../../../app/layout/area-shell';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { selectCurrentUser } from '../../auth/auth.slice';
import { useLogout } from '../../auth/hooks/use-logout';

/** /dashboard: the customer's home, the request screen (its form arrives with the requests issue). */
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
      <Card title="New service request">
        <p className="muted">Creating service requests is not available yet.</p>
      </Card>
    </AreaShell>
  );
}

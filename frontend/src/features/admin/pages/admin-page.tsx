import { useState } from 'react';
import { AreaShell } from '../../../app/layout/area-shell';
import { Button } from '../../../shared/ui/button';
import { Tabs } from '../../../shared/ui/tabs';
import { useLogout } from '../../auth/hooks/use-logout';
import { useListPendingProvidersQuery } from '../../provider/api';
import { useListUsersQuery } from '../api';
import { ProviderApprovals } from '../components/provider-approvals';
import { UserManagement } from '../components/user-management';

type AdminTab = 'approvals' | 'users' | 'settings' | 'homepage';

function StatTile({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div className="stat">
      <p className="stat__label">{label}</p>
      <p className="stat__value">{value ?? '—'}</p>
    </div>
  );
}

/** /admin: stat tiles from the user and pending lists, and the admin tabs. */
export function AdminPage() {
  const logout = useLogout('admin');
  const [tab, setTab] = useState<AdminTab>('approvals');
  const users = useListUsersQuery();
  const pending = useListPendingProvidersQuery();
  const count = (role: string) => users.data?.filter((u) => u.role?.name === role).length;

  return (
    <AreaShell
      title="Admin Dashboard"
      actions={
        <Button variant="outline" onClick={logout}>
          Logout
        </Button>
      }
    >
      <div className="stats" aria-label="Statistics">
        <StatTile label="Total Customers" value={count('customer')} />
        <StatTile label="Total Providers" value={count('provider')} />
        <StatTile label="Pending Approvals" value={pending.data?.length} />
      </div>
      <Tabs<AdminTab>
        label="Administration"
        value={tab}
        onChange={setTab}
        items={[
          { id: 'approvals', label: 'Provider Approvals', panel: <ProviderApprovals /> },
          { id: 'users', label: 'User Management', panel: <UserManagement /> },
          { id: 'settings', label: 'System Settings', panel: <p className="muted">System settings are not available yet.</p> },
          { id: 'homepage', label: 'Homepage Settings', panel: <p className="muted">Homepage settings are not available yet.</p> },
        ]}
      />
    </AreaShell>
  );
}

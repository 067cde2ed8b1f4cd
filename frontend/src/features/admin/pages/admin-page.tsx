import { useState } from 'react';
import { AreaShell } from '../../../app/layout/area-shell';
import { Button } from '../../../shared/ui/button';
import { Tabs } from '../../../shared/ui/tabs';
import { useLogout } from '../../auth/hooks/use-logout';
import { AdminStats } from '../components/admin-stats';
import { AuditLog } from '../components/audit-log';
import { HomepageSettings } from '../components/homepage-settings';
import { ProviderApprovals } from '../components/provider-approvals';
import { SystemSettings } from '../components/system-settings';
import { UserManagement } from '../components/user-management';

type AdminTab = 'approvals' | 'users' | 'settings' | 'homepage' | 'audit';

/** /admin: the stat tiles and the admin tabs (the spec's hidden Reports and Analytics tabs are not shown). */
export function AdminPage() {
  const logout = useLogout('admin');
  const [tab, setTab] = useState<AdminTab>('approvals');

  return (
    <AreaShell
      title="Admin Dashboard"
      actions={
        <Button variant="outline" onClick={logout}>
          Logout
        </Button>
      }
    >
      <AdminStats />
      <Tabs<AdminTab>
        label="Administration"
        value={tab}
        onChange={setTab}
        items={[
          { id: 'approvals', label: 'Provider Approvals', panel: <ProviderApprovals /> },
          { id: 'users', label: 'User Management', panel: <UserManagement /> },
          { id: 'settings', label: 'System Settings', panel: <SystemSettings /> },
          { id: 'homepage', label: 'Homepage Settings', panel: <HomepageSettings /> },
          { id: 'audit', label: 'Audit', panel: <AuditLog /> },
        ]}
      />
    </AreaShell>
  );
}

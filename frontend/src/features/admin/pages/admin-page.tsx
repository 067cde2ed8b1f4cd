import { useState } from 'react';
import { AreaShell } from '../../../app/layout/area-shell';
import { useMessages } from '../../../shared/i18n/i18n';
import { adminPageMessages, adminReportsMessages } from '../../../shared/i18n/locales/en/admin';
import { Button } from '../../../shared/ui/button';
import { Tabs } from '../../../shared/ui/tabs';
import { useLogout } from '../../auth/hooks/use-logout';
import { AdminRequests } from '../components/admin-requests';
import { AdminStats } from '../components/admin-stats';
import { AuditLog } from '../components/audit-log';
import { HomepageSettings } from '../components/homepage-settings';
import { ProviderApprovals } from '../components/provider-approvals';
import { AnalyticsTab, ReportsTab } from '../components/reports-tabs';
import { SystemSettings } from '../components/system-settings';
import { UserManagement } from '../components/user-management';

type AdminTab = 'approvals' | 'users' | 'requests' | 'settings' | 'homepage' | 'audit' | 'reports' | 'analytics';

/** /admin: the stat tiles and the admin tabs, Reports and Analytics included (issue 13 item 8). */
export function AdminPage() {
  const t = useMessages(adminPageMessages);
  const r = useMessages(adminReportsMessages);
  const logout = useLogout('admin');
  const [tab, setTab] = useState<AdminTab>('approvals');

  return (
    <AreaShell
      title={t.title}
      actions={
        <Button variant="outline" onClick={logout}>
          {t.logout}
        </Button>
      }
    >
      <AdminStats />
      <Tabs<AdminTab>
        label={t.tabs}
        value={tab}
        onChange={setTab}
        items={[
          { id: 'approvals', label: t.approvals, panel: <ProviderApprovals /> },
          { id: 'users', label: t.users, panel: <UserManagement /> },
          { id: 'requests', label: t.requests, panel: <AdminRequests /> },
          { id: 'settings', label: t.settings, panel: <SystemSettings /> },
          { id: 'homepage', label: t.homepage, panel: <HomepageSettings /> },
          { id: 'audit', label: t.audit, panel: <AuditLog /> },
          { id: 'reports', label: r.reportsTab, panel: <ReportsTab /> },
          { id: 'analytics', label: r.analyticsTab, panel: <AnalyticsTab /> },
        ]}
      />
    </AreaShell>
  );
}

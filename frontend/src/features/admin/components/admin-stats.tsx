import type { AdminStatsView } from '@tiredash/contracts';
import { useAppSelector } from '../../../app/hooks';
import { errorMessage } from '../../../shared/api/api-error';
import { formatMoney, formatNumber } from '../../../shared/format';
import { useMessages } from '../../../shared/i18n/i18n';
import { adminStatsMessages } from '../../../shared/i18n/locales/en/admin';
import { trackingReportMessages } from '../../../shared/i18n/locales/en/tracking';
import { useRealtimeConnection, useSocketEvent } from '../../../shared/realtime/use-realtime';
import { useToast } from '../../../shared/toast/use-toast';
import { categoryLabels } from '../../tracking/disputes/report-problem';
import { useGetAdminStatsQuery } from '../api';

/** The tiles: each stat, its label in admin/stats, and how it is formatted (Intl for the language shown). */
const TILES: Array<{ key: keyof Omit<AdminStatsView, 'pendingSources'>; format: (n: number) => string }> = [
  { key: 'totalCustomers', format: (n) => formatNumber(n) },
  { key: 'totalProviders', format: (n) => formatNumber(n) },
  { key: 'totalRevenue', format: (n) => formatMoney(n) },
  { key: 'jobsToday', format: (n) => formatNumber(n) },
  { key: 'averageRating', format: (n) => (n > 0 ? formatNumber(n, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) : '—') },
  { key: 'reportedIssues', format: (n) => formatNumber(n) },
];

/**
 * The stat tiles (GET /api/dashboard, read again every 30 s). A problem a party reports reaches the admins' sockets
 * (`problem_reported`): the tiles are read again at once (Reported Issues) and a toast names it.
 */
export function AdminStats() {
  const t = useMessages(adminStatsMessages);
  const tReport = useMessages(trackingReportMessages);
  const { toast } = useToast();
  const { data, isError, error, refetch } = useGetAdminStatsQuery(undefined, { refetchOnMountOrArgChange: true, pollingInterval: 30_000 });
  const token = useAppSelector((s) => s.auth.token);
  const socket = useRealtimeConnection(token, null);
  useSocketEvent(socket, 'problem_reported', (p) => {
    void refetch();
    const labels: Record<string, string> = categoryLabels(tReport);
    const role = p.reporterRole === 'customer' ? t.byCustomer : t.byProvider;
    toast({ title: t.problemReportedTitle, description: t.problemReported({ category: labels[p.category] ?? p.category, role }) });
  });
  return (
    <section aria-label={t.label} className="stack">
      <div className="stats">
        {TILES.map((tile) => (
          <div key={tile.key} className="stat">
            <p className="stat__label">{t[tile.key]}</p>
            <p className="stat__value">{data ? tile.format(data[tile.key]) : '—'}</p>
          </div>
        ))}
      </div>
      {isError && <p className="field__error">{errorMessage(error, t.loadFailed)}</p>}
    </section>
  );
}

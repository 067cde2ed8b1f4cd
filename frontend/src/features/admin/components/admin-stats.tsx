import type { AdminStatsView } from '@tiredash/contracts';
import { errorMessage } from '../../../shared/api/api-error';
import { formatMoney, formatNumber } from '../../../shared/format';
import { useMessages } from '../../../shared/i18n/i18n';
import { adminStatsMessages } from '../../../shared/i18n/locales/en/admin';
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

/** The stat tiles (GET /api/dashboard). */
export function AdminStats() {
  const t = useMessages(adminStatsMessages);
  const { data, isError, error } = useGetAdminStatsQuery(undefined, { refetchOnMountOrArgChange: true, pollingInterval: 30_000 });
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

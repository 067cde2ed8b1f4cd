import type { AdminStatsView } from '@tiredash/contracts';
import { errorMessage } from '../../../shared/api/api-error';
import { formatMoney } from '../../../shared/format';
import { useGetAdminStatsQuery } from '../api';

const TILES: Array<{ key: keyof Omit<AdminStatsView, 'pendingSources'>; label: string; format: (n: number) => string }> = [
  { key: 'totalCustomers', label: 'Total Customers', format: (n) => n.toLocaleString('en-US') },
  { key: 'totalProviders', label: 'Total Providers', format: (n) => n.toLocaleString('en-US') },
  { key: 'totalRevenue', label: 'Total Revenue', format: (n) => formatMoney(n) },
  { key: 'jobsToday', label: 'Jobs Today', format: (n) => n.toLocaleString('en-US') },
  { key: 'averageRating', label: 'Average Rating', format: (n) => (n > 0 ? n.toFixed(1) : '—') },
  { key: 'reportedIssues', label: 'Reported Issues', format: (n) => n.toLocaleString('en-US') },
];

/** The stat tiles (GET /api/dashboard). */
export function AdminStats() {
  const { data, isError, error } = useGetAdminStatsQuery(undefined, { refetchOnMountOrArgChange: true, pollingInterval: 30_000 });
  return (
    <section aria-label="Statistics" className="stack">
      <div className="stats">
        {TILES.map((tile) => (
          <div key={tile.key} className="stat">
            <p className="stat__label">{tile.label}</p>
            <p className="stat__value">{data ? tile.format(data[tile.key]) : '—'}</p>
          </div>
        ))}
      </div>
      {isError && <p className="field__error">{errorMessage(error, 'Statistics could not be loaded.')}</p>}
    </section>
  );
}

import { useEffect } from 'react';
import { formatMoney } from '../../../shared/format';
import { useToast } from '../../../shared/toast/use-toast';
import { EmptyState, ErrorState, Spinner } from '../../../shared/ui/status';
import { useListWalletTransactionsQuery } from '../api';

export const HISTORY_TOASTS = {
  failed: { title: 'Error', description: 'Failed to load job history. Please try again.', variant: 'destructive' },
} as const;

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function formatWhen(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : when.format(d);
}

/** Signed dollars: '+$68.00' for a credit, '-$25.00' for a withdrawal. */
export function formatSigned(amount: number): string {
  return `${amount < 0 ? '-' : '+'}${formatMoney(Math.abs(amount))}`;
}

/** The provider dashboard's History tab: the wallet transactions (serviceType, createdAt, amount), newest first. */
export function HistoryTab({ providerId }: { providerId: string }) {
  const { toast } = useToast();
  const history = useListWalletTransactionsQuery(providerId);

  useEffect(() => {
    if (history.isError) toast(HISTORY_TOASTS.failed);
  }, [history.isError, toast]);

  if (history.isLoading) return <Spinner label="Loading job history..." />;
  if (history.isError) return <ErrorState title="Error" message={HISTORY_TOASTS.failed.description} onRetry={() => void history.refetch()} />;
  const rows = history.data ?? [];
  if (rows.length === 0) return <EmptyState>No transactions yet. Completed card jobs and withdrawals appear here.</EmptyState>;

  return (
    <ul className="list wallet-history" aria-label="Wallet transactions">
      {rows.map((t) => (
        <li key={t.id} className="wallet-history__item">
          <div>
            <p className="wallet-history__service">{t.serviceType}</p>
            <p className="muted wallet-history__date">
              <time dateTime={t.createdAt}>{formatWhen(t.createdAt)}</time>
            </p>
          </div>
          <p className={`wallet-history__amount ${t.amount < 0 ? 'wallet-history__amount--debit' : 'wallet-history__amount--credit'}`}>{formatSigned(t.amount)}</p>
        </li>
      ))}
    </ul>
  );
}

import { useEffect } from 'react';
import { formatDateTime, formatMoney, formatNumber } from '../../../shared/format';
import { useMessages } from '../../../shared/i18n/i18n';
import { paymentsHistoryMessages, paymentsTransactionTypesMessages } from '../../../shared/i18n/locales/en/payments';
import { labelOf } from '../../tracking/tracking-labels';
import { useToast } from '../../../shared/toast/use-toast';
import { EmptyState, ErrorState, Spinner } from '../../../shared/ui/status';
import { useListWalletTransactionsQuery } from '../api';


/** Signed dollars: '+$68.00' for a credit, '-$25.00' for a withdrawal. */
export function formatSigned(amount: number): string {
  return `${amount < 0 ? '-' : '+'}${formatMoney(Math.abs(amount))}`;
}

/**
 * The provider dashboard's History tab: the wallet transactions (serviceType, createdAt, amount), newest first; a
 * credit also shows its split (the share of the job amount or cancellation fee, and the commission in force when it
 * was decided, as stored with the entry); a customer's tip says it is all the provider's.
 */
export function HistoryTab({ providerId }: { providerId: string }) {
  const { toast } = useToast();
  const tHistory = useMessages(paymentsHistoryMessages);
  const kinds = useMessages(paymentsTransactionTypesMessages);
  const history = useListWalletTransactionsQuery(providerId);

  useEffect(() => {
    if (history.isError) toast({ title: paymentsHistoryMessages.get().errorTitle, description: paymentsHistoryMessages.get().failed, variant: 'destructive' });
  }, [history.isError, toast]);

  if (history.isLoading) return <Spinner label={tHistory.loading} />;
  if (history.isError) return <ErrorState title={tHistory.errorTitle} message={tHistory.failed} onRetry={() => void history.refetch()} />;
  const rows = history.data ?? [];
  if (rows.length === 0) return <EmptyState>{tHistory.empty}</EmptyState>;

  return (
    <ul className="list wallet-history" aria-label={tHistory.list}>
      {rows.map((t) => (
        <li key={t.id} className="wallet-history__item">
          <div>
            <p className="wallet-history__service">
              {t.kind === 'tip' && t.serviceType !== 'Tip' ? tHistory.tip({ service: labelOf(kinds, t.serviceType) }) : labelOf(kinds, t.serviceType)}
            </p>
            <p className="muted wallet-history__date">
              <time dateTime={t.createdAt}>{formatDateTime(t.createdAt)}</time>
            </p>
            {t.kind === 'tip' && <p className="muted wallet-history__split">{tHistory.tipSplit}</p>}
            {t.kind === 'refund_reversal' && typeof t.grossAmount === 'number' && (
              <p className="muted wallet-history__split">{tHistory.refundSplit({ refund: formatMoney(t.grossAmount) })}</p>
            )}
            {t.kind !== 'tip' && typeof t.grossAmount === 'number' && typeof t.commissionPercent === 'number' && (
              <p className="muted wallet-history__split">
                {(t.kind === 'cancellation_credit' ? tHistory.cancellationSplit : tHistory.split)({
                  share: formatNumber(100 - t.commissionPercent),
                  gross: formatMoney(t.grossAmount),
                  commission: formatNumber(t.commissionPercent),
                })}
              </p>
            )}
          </div>
          <p className={`wallet-history__amount ${t.amount < 0 ? 'wallet-history__amount--debit' : 'wallet-history__amount--credit'}`}>{formatSigned(t.amount)}</p>
        </li>
      ))}
    </ul>
  );
}

import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorStatus } from '../../../shared/api/api-error';
import { formatMoney, formatNumber } from '../../../shared/format';
import { useMessages } from '../../../shared/i18n/i18n';
import { paymentsEarningsMessages } from '../../../shared/i18n/locales/en/payments';
import { Trans } from '../../../shared/i18n/trans';
import { useToast } from '../../../shared/toast/use-toast';
import { Button } from '../../../shared/ui/button';
import { ErrorState, Spinner } from '../../../shared/ui/status';
import { useGetEarningsSummaryQuery, useGetStripeStatusQuery, useWithdrawMutation } from '../api';
import { usePlatformFees } from '../hooks/use-platform-fees';
import { WITHDRAWAL_TOASTS, type WithdrawalProblem } from '../withdrawal';
import { WithdrawDialog } from './withdraw-dialog';

/** The server's own withdrawal refusal (a race with another withdrawal): its title rides in `details`. */
function problemOf(err: unknown): WithdrawalProblem | null {
  if (errorStatus(err) !== 400 || typeof err !== 'object' || err === null || !('data' in err)) return null;
  const body = (err as { data?: { error?: { message?: unknown; details?: unknown } } }).data?.error;
  const first = Array.isArray(body?.details) ? (body.details[0] as { title?: unknown } | undefined) : undefined;
  const title = first?.title;
  if ((title === 'Invalid Amount' || title === 'Insufficient Balance') && typeof body?.message === 'string') return { title, message: body.message };
  return null;
}

/** The provider dashboard's Earnings tab: available balance, this week's and this month's earnings, withdrawals. */
export function EarningsTab({ providerId }: { providerId: string }) {
  const { toast } = useToast();
  const t = useMessages(paymentsEarningsMessages);
  const summary = useGetEarningsSummaryQuery({ providerId });
  const status = useGetStripeStatusQuery(providerId);
  const [withdraw, { isLoading: withdrawing }] = useWithdrawMutation();
  const [open, setOpen] = useState(false);
  // The commission in force (the admin's setting): what the next confirmed card job will credit.
  const { commissionPercent } = usePlatformFees();
  const connected = status.data?.stripeAccountStatus === 'active';
  const accountId = connected ? status.data?.stripeAccountId : null;

  const onWithdraw = async (cents: number) => {
    try {
      const done = await withdraw({ providerId, providerStripeAccountId: accountId, amount: cents }).unwrap();
      toast(WITHDRAWAL_TOASTS.success(done.amount));
      setOpen(false);
    } catch (err) {
      const problem = problemOf(err);
      toast(problem ? WITHDRAWAL_TOASTS.problem(problem) : WITHDRAWAL_TOASTS.failed());
    }
  };

  if (summary.isLoading) return <Spinner label={t.loading} />;
  if (summary.isError || !summary.data) {
    return <ErrorState message={t.loadFailed} onRetry={() => void summary.refetch()} />;
  }
  const { available, weekEarnings, monthEarnings, monthTips } = summary.data;

  return (
    <div className="earnings">
      <div className="stats earnings__stats">
        <div className="stat">
          <p className="stat__label">{t.available}</p>
          <p className="stat__value" data-testid="available-balance">
            {formatMoney(available)}
          </p>
        </div>
        <div className="stat">
          <p className="stat__label">{t.week}</p>
          <p className="stat__value">{formatMoney(weekEarnings)}</p>
        </div>
        <div className="stat">
          <p className="stat__label">{t.month}</p>
          <p className="stat__value">{formatMoney(monthEarnings)}</p>
        </div>
        {monthTips > 0 && (
          <div className="stat">
            <p className="stat__label">{t.monthTips}</p>
            <p className="stat__value">{formatMoney(monthTips)}</p>
          </div>
        )}
      </div>
      <p className="muted earnings__split">{t.split({ share: formatNumber(100 - commissionPercent), commission: formatNumber(commissionPercent) })}</p>
      <div className="earnings__actions">
        <Button onClick={() => setOpen(true)} disabled={!connected}>
          {t.withdraw}
        </Button>
        {!status.isLoading && !connected ? (
          <p className="muted">
            <Trans text={t.connectFirst} components={{ 1: <Link to="/provider/settings" /> }} />
          </p>
        ) : (
          <Link to="/provider/settings">{t.paymentSettings}</Link>
        )}
      </div>
      {open && <WithdrawDialog open balance={available} busy={withdrawing} onClose={() => setOpen(false)} onWithdraw={(c) => void onWithdraw(c)} />}
    </div>
  );
}

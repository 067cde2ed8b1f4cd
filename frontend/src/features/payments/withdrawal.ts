import { LIMITS } from '@tiredash/contracts';
import { formatMoney } from '../../shared/format';
import { paymentsWithdrawMessages } from '../../shared/i18n/locales/en/payments';
import type { ToastInput } from '../../shared/toast/toast-context';

export const QUICK_AMOUNTS: readonly number[] = LIMITS.withdrawalQuickAmounts;

export interface WithdrawalProblem {
  title: 'Invalid Amount' | 'Insufficient Balance';
  message: string;
}

/**
 * The spec's withdrawal rules (section 5): an amount is required and at least the minimum of the admin's settings
 * ($5 by default: 'Invalid Amount' / 'Minimum withdrawal amount is $5.00'), and not above the balance
 * ('Insufficient Balance' / "You don't have enough funds for this withdrawal."). Answers the amount in cents when it
 * is fine. Payments checks the same minimum on its side.
 */
export function validateWithdrawal(
  input: string,
  balance: number,
  minimum: number = LIMITS.minWithdrawalDollars,
): { ok: true; cents: number } | { ok: false; problem: WithdrawalProblem } {
  const t = paymentsWithdrawMessages.get();
  const text = input.trim();
  const amount = text === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(amount) || amount < minimum) {
    return { ok: false, problem: { title: 'Invalid Amount', message: t.minimum({ amount: formatMoney(minimum) }) } };
  }
  const cents = Math.round(amount * 100);
  if (cents > Math.round(balance * 100)) {
    return { ok: false, problem: { title: 'Insufficient Balance', message: t.insufficient } };
  }
  return { ok: true, cents };
}

/** The problem's title as shown ('Invalid Amount' / 'Insufficient Balance' in English). */
export function withdrawalProblemTitle(title: WithdrawalProblem['title'], t = paymentsWithdrawMessages.get()): string {
  return title === 'Invalid Amount' ? t.invalidTitle : t.insufficientTitle;
}

/** The withdrawal toasts, worded in the language shown when they are made. */
export const WITHDRAWAL_TOASTS = {
  success: (dollars: number): ToastInput => {
    const t = paymentsWithdrawMessages.get();
    return { title: t.successTitle, description: t.success({ amount: formatMoney(dollars) }) };
  },
  failed: (message?: string): ToastInput => {
    const t = paymentsWithdrawMessages.get();
    return { title: t.failedTitle, description: message ?? t.failed, variant: 'destructive' };
  },
  problem: (p: WithdrawalProblem): ToastInput => ({ title: withdrawalProblemTitle(p.title), description: p.message, variant: 'destructive' }),
} as const;

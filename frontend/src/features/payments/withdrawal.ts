import { LIMITS, WITHDRAWAL_MESSAGES } from '@tiredash/contracts';
import type { ToastInput } from '../../shared/toast/toast-context';

export const QUICK_AMOUNTS: readonly number[] = LIMITS.withdrawalQuickAmounts;

export interface WithdrawalProblem {
  title: 'Invalid Amount' | 'Insufficient Balance';
  message: string;
}

/**
 * The spec's withdrawal rules (section 5): an amount is required and at least $5 ('Invalid Amount' /
 * 'Minimum withdrawal amount is $5.00'), and not above the balance ('Insufficient Balance' /
 * "You don't have enough funds for this withdrawal."). Answers the amount in cents when it is fine.
 */
export function validateWithdrawal(input: string, balance: number): { ok: true; cents: number } | { ok: false; problem: WithdrawalProblem } {
  const text = input.trim();
  const amount = text === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(amount) || amount < LIMITS.minWithdrawalDollars) {
    return { ok: false, problem: { title: 'Invalid Amount', message: WITHDRAWAL_MESSAGES.minimum } };
  }
  const cents = Math.round(amount * 100);
  if (cents > Math.round(balance * 100)) {
    return { ok: false, problem: { title: 'Insufficient Balance', message: WITHDRAWAL_MESSAGES.insufficient } };
  }
  return { ok: true, cents };
}

export const WITHDRAWAL_TOASTS = {
  success: (dollars: number): ToastInput => ({ title: 'Withdrawal Successful', description: `$${dollars.toFixed(2)} has been withdrawn from your wallet.` }),
  failed: (message: string = WITHDRAWAL_MESSAGES.failed): ToastInput => ({ title: 'Withdrawal Failed', description: message, variant: 'destructive' }),
  problem: (p: WithdrawalProblem): ToastInput => ({ title: p.title, description: p.message, variant: 'destructive' }),
} as const;

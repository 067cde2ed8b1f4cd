import { TIP_LIMITS } from '@tiredash/contracts';

/** The summary's preset tips in dollars. */
export const TIP_PRESETS = [5, 10, 15, 20] as const;

export type TipCheck = { ok: true; cents: number } | { ok: false; problem: 'required' | 'range' | 'cents' };

/**
 * A tip typed by the customer, in dollars ('7', '7.5', '12.25'), checked as payments checks it: $1 to $500, at most two
 * decimals. Answers the amount in cents.
 */
export function checkTip(input: string): TipCheck {
  const text = input.trim();
  if (text === '') return { ok: false, problem: 'required' };
  if (!/^\d+(\.\d+)?$/.test(text)) return { ok: false, problem: 'range' };
  if (/\.\d{3,}$/.test(text)) return { ok: false, problem: 'cents' };
  const cents = Math.round(Number(text) * 100);
  if (!Number.isFinite(cents) || cents < TIP_LIMITS.minCents || cents > TIP_LIMITS.maxCents) return { ok: false, problem: 'range' };
  return { ok: true, cents };
}

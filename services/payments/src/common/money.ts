import { LIMITS, PLATFORM_FEE_RANGES } from '@tiredash/contracts';

/** The default card processing fee in cents ($10); the one applied is the admin's setting (PlatformFeesService). */
export const CARD_FEE_CENTS = PLATFORM_FEE_RANGES.serviceFee.default * 100;

/** The default commission (20%): what older capture events without their own commission were decided with. */
export const DEFAULT_COMMISSION_PERCENT = PLATFORM_FEE_RANGES.walletFee.default;

/** The provider's share of a card job (or a cancellation fee): the amount minus the platform's commission, in whole cents. */
export function providerShareCents(amountCents: number, commissionPercent: number = DEFAULT_COMMISSION_PERCENT): number {
  return amountCents - Math.round((amountCents * commissionPercent) / 100);
}

/** The default minimum withdrawal in cents ($5); the one applied is the admin's setting. */
export const MIN_WITHDRAWAL_CENTS = LIMITS.minWithdrawalDollars * 100;

export const dollars = (cents: number): number => Math.round(cents) / 100;

import { LIMITS } from '@tiredash/contracts';

/** The card processing fee added to every card authorisation, in cents ($10). */
export const CARD_FEE_CENTS = LIMITS.cardProcessingFeeDollars * 100;

/** The provider's share of a card job: the job amount minus the platform's 20%, in whole cents. */
export function providerShareCents(jobAmountCents: number): number {
  return jobAmountCents - Math.round(jobAmountCents * LIMITS.platformShareOfCard);
}

export const MIN_WITHDRAWAL_CENTS = LIMITS.minWithdrawalDollars * 100;

export const dollars = (cents: number): number => Math.round(cents) / 100;

import { PLATFORM_FEE_RANGES, type PublicSettingsView } from '@tiredash/contracts';
import { useGetPlatformFeesQuery, useGetRequestPaymentQuery } from '../api';

/** The money settings in force as the app shows them, in dollars and percent (payments applies the same values). */
export interface PlatformFees {
  /** The card processing fee added to a card job. */
  cardFee: number;
  /** The platform's commission of a card job, in percent. */
  commissionPercent: number;
  /** What a customer pays for cancelling an accepted card job before the provider arrives. */
  cancellationFee: number;
  minWithdrawal: number;
}

/** The defaults of the settings, shown only until (or if) the settings cannot be read. */
export const DEFAULT_PLATFORM_FEES: PlatformFees = {
  cardFee: PLATFORM_FEE_RANGES.serviceFee.default,
  commissionPercent: PLATFORM_FEE_RANGES.walletFee.default,
  cancellationFee: PLATFORM_FEE_RANGES.cancellationFee.default,
  minWithdrawal: PLATFORM_FEE_RANGES.minWithdrawal.default,
};

const orDefault = (value: unknown, fallback: number): number => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

/** The fees of a settings answer, each falling back to its default when missing. */
export function platformFeesOf(data: Partial<PublicSettingsView> | undefined): PlatformFees {
  return {
    cardFee: orDefault(data?.serviceFee, DEFAULT_PLATFORM_FEES.cardFee),
    commissionPercent: orDefault(data?.walletFee, DEFAULT_PLATFORM_FEES.commissionPercent),
    cancellationFee: orDefault(data?.cancellationFee, DEFAULT_PLATFORM_FEES.cancellationFee),
    minWithdrawal: orDefault(data?.minWithdrawal, DEFAULT_PLATFORM_FEES.minWithdrawal),
  };
}

/** The admin's fee settings in force (GET /api/settings, revalidated when a screen using them mounts). */
export function usePlatformFees({ skip = false }: { skip?: boolean } = {}): PlatformFees {
  const { data } = useGetPlatformFeesQuery(undefined, { refetchOnMountOrArgChange: true, skip });
  return platformFeesOf(data);
}

/**
 * The card fee of a card request: the one kept with its hold (what is captured, whatever the setting is now), else the
 * setting in force; 0 for a cash request (nothing is asked then).
 */
export function useRequestCardFee(requestId: string | undefined, paymentMethod: string | null | undefined): number {
  const card = paymentMethod === 'card' && Boolean(requestId);
  const payment = useGetRequestPaymentQuery(requestId ?? '', { skip: !card });
  const fees = usePlatformFees({ skip: !card || payment.isSuccess });
  if (!card) return 0;
  return payment.data?.cardFee ?? fees.cardFee;
}

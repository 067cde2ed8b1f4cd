import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DomainError, GetSettings } from '@tiredash/contracts';
import { ContentSettingsCopy, MessagingClient, MessagingConnection } from '@tiredash/messaging';

/** The money settings payments applies, in cents and percent, and the tipping toggle (content owns them: the admin's System Settings). */
export interface PlatformFees {
  /** The card processing fee added to a card job's hold and capture. */
  cardFeeCents: number;
  /** The platform's commission of a card job (and of a cancellation fee); the provider's wallet gets the rest. */
  commissionPercent: number;
  /** What a customer pays for cancelling a card job after acceptance and before the provider's arrival. */
  cancellationFeeCents: number;
  /** The smallest withdrawal. */
  minWithdrawalCents: number;
  /** The admin's `tipping` toggle: customers may add a card tip to a confirmed card job. */
  tippingEnabled: boolean;
}

/** Seconds a loaded copy is trusted when no change event came (a lost event heals within this). */
export const PLATFORM_FEES_MAX_AGE_MS = 30_000;

/**
 * The fee settings as content answers them (GetSettings, the public view: the same query dispatch makes for the map
 * key), in a per-replica copy dropped on every settings change (`ContentSettingsCopy`), so an admin's change applies
 * to the next hold, capture, cancellation or withdrawal without a restart. Content unreachable: the last copy is
 * used (logged); never loaded: the money operation is refused (503), never decided on a guessed fee.
 */
@Injectable()
export class PlatformFeesService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly copy: ContentSettingsCopy<PlatformFees>;

  constructor(messaging: MessagingClient, connection: MessagingConnection) {
    this.copy = new ContentSettingsCopy(messaging, connection, GetSettings, {
      what: 'fee settings',
      maxAgeMs: PLATFORM_FEES_MAX_AGE_MS,
      project: (s) => ({
        cardFeeCents: s.serviceFee * 100,
        commissionPercent: s.walletFee,
        cancellationFeeCents: s.cancellationFee * 100,
        minWithdrawalCents: s.minWithdrawal * 100,
        tippingEnabled: s.tipping,
      }),
      unavailable: () => new DomainError('UNAVAILABLE', 'Card payments are unavailable right now. Please try again shortly.'),
    });
  }

  onApplicationBootstrap(): void {
    this.copy.start();
  }

  onApplicationShutdown(): void {
    this.copy.stop();
  }

  /** Forgets the loaded copy: the next read asks content. */
  drop(): void {
    this.copy.drop();
  }

  current(): Promise<PlatformFees> {
    return this.copy.current();
  }
}

import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DomainError, GetSettings, SettingsUpdated } from '@tiredash/contracts';
import { MessagingClient, MessagingConnection, namespacedSubject } from '@tiredash/messaging';
import type { Subscription } from 'nats';

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
 * key), cached per replica and dropped on every `content.evt.settings.updated.v1` (a core NATS subscription without a
 * queue group, so every replica hears it: the gateway's content cache does the same), so an admin's change applies
 * to the next hold, capture, cancellation or withdrawal without a restart. Content unreachable: the last copy is
 * used (logged); never loaded: the money operation is refused (503), never decided on a guessed fee.
 */
@Injectable()
export class PlatformFeesService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PlatformFeesService.name);
  private cached: { fees: PlatformFees; until: number } | null = null;
  private subscription?: Subscription;
  /** Bumped on every drop: a load that started before a drop is not kept. */
  private generation = 0;

  constructor(
    private readonly messaging: MessagingClient,
    private readonly connection: MessagingConnection,
  ) {}

  onApplicationBootstrap(): void {
    const subject = namespacedSubject(this.connection.namespace, SettingsUpdated.subject);
    this.subscription = this.connection.connection.subscribe(subject, {
      callback: (err) => {
        if (err) {
          this.logger.warn(`settings event subscription error: ${err.message}`);
          return;
        }
        this.drop();
      },
    });
  }

  onApplicationShutdown(): void {
    this.subscription?.unsubscribe();
  }

  /** Forgets the loaded copy: the next read asks content. */
  drop(): void {
    this.generation += 1;
    this.cached = null;
  }

  async current(): Promise<PlatformFees> {
    const hit = this.cached;
    if (hit && hit.until > Date.now()) return hit.fees;
    const generation = this.generation;
    try {
      const s = await this.messaging.send(GetSettings, { actor: null }, { timeoutMs: 3000 });
      const fees: PlatformFees = {
        cardFeeCents: s.serviceFee * 100,
        commissionPercent: s.walletFee,
        cancellationFeeCents: s.cancellationFee * 100,
        minWithdrawalCents: s.minWithdrawal * 100,
        tippingEnabled: s.tipping,
      };
      if (generation === this.generation) this.cached = { fees, until: Date.now() + PLATFORM_FEES_MAX_AGE_MS };
      return fees;
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      if (hit) {
        this.logger.warn(`fee settings unavailable from content (${reason}); using the copy loaded before`);
        return hit.fees;
      }
      this.logger.error(`fee settings unavailable from content: ${reason}`);
      throw new DomainError('UNAVAILABLE', 'Card payments are unavailable right now. Please try again shortly.');
    }
  }
}

import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DomainError, GetSettings, SettingsUpdated } from '@tiredash/contracts';
import { MessagingClient, MessagingConnection, namespacedSubject } from '@tiredash/messaging';
import type { Subscription } from 'nats';

/** How long a loaded copy is trusted when no change event came (a lost event heals within this). */
export const MESSAGING_SETTING_MAX_AGE_MS = 30_000;

/**
 * The admin's `messaging` toggle (content's System Settings), read as payments reads the fees: GetSettings (the
 * public view), cached per replica and dropped on every `content.evt.settings.updated.v1` (a core NATS subscription
 * without a queue group, so every replica hears it), so turning messaging off refuses the next chat call without a
 * restart. Content unreachable: the last copy is used (logged); never loaded: the chat answers 503, never a guess.
 */
@Injectable()
export class MessagingSettingService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MessagingSettingService.name);
  private cached: { enabled: boolean; until: number } | null = null;
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

  async enabled(): Promise<boolean> {
    const hit = this.cached;
    if (hit && hit.until > Date.now()) return hit.enabled;
    const generation = this.generation;
    try {
      const s = await this.messaging.send(GetSettings, { actor: null }, { timeoutMs: 3000 });
      const enabled = s.messaging;
      if (generation === this.generation) this.cached = { enabled, until: Date.now() + MESSAGING_SETTING_MAX_AGE_MS };
      return enabled;
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      if (hit) {
        this.logger.warn(`messaging setting unavailable from content (${reason}); using the copy loaded before`);
        return hit.enabled;
      }
      this.logger.error(`messaging setting unavailable from content: ${reason}`);
      throw new DomainError('UNAVAILABLE', 'The job chat is unavailable right now. Please try again shortly.');
    }
  }
}

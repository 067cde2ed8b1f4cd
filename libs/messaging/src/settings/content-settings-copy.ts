import { Logger } from '@nestjs/common';
import { SettingsUpdated, type GetSettings, type PublicSettingsView } from '@tiredash/contracts';
import type { Subscription } from 'nats';
import { namespacedSubject } from '../messaging.options';
import type { MessagingConnection } from '../messaging-connection';
import type { MessagingClient } from '../rpc/messaging-client';

export interface ContentSettingsCopyOptions<T> {
  /** What the copy holds, for the log lines ('fee settings', 'messaging setting'). */
  what: string;
  /** What the service keeps of content's public settings view. */
  project: (settings: PublicSettingsView) => T;
  /** The error a caller gets when content never answered: the operation is refused, never decided on a guess. */
  unavailable: () => Error;
  /** How long a loaded copy is trusted when no change event came (a lost event heals within this). */
  maxAgeMs: number;
  /** Timeout of the GetSettings query. */
  timeoutMs?: number;
}

/**
 * A service's copy of the admin's System Settings (content owns them): GetSettings (the public view), cached per
 * replica and dropped on every `content.evt.settings.updated.v1` (a core NATS subscription without a queue group, so
 * every replica hears it, as the gateway's content cache does), so an admin's change applies to the next operation
 * without a restart. Content unreachable: the last copy is used (logged); never loaded: `unavailable()` is thrown.
 * Used by payments (the fees and the tipping toggle) and requests (the messaging toggle).
 */
export class ContentSettingsCopy<T> {
  private readonly logger = new Logger(ContentSettingsCopy.name);
  private cached: { value: T; until: number } | null = null;
  private subscription?: Subscription;
  /** Bumped on every drop: a load that started before a drop is not kept. */
  private generation = 0;

  /**
   * `query` is content's GetSettings, passed by the service so that its code names every command it sends (the NATS
   * permission table, libs/messaging/src/permissions, is checked against the services' imports).
   */
  constructor(
    private readonly messaging: MessagingClient,
    private readonly connection: MessagingConnection,
    private readonly query: typeof GetSettings,
    private readonly options: ContentSettingsCopyOptions<T>,
  ) {}

  /** Listens for the settings' changes (on application bootstrap). */
  start(): void {
    const subject = namespacedSubject(this.connection.namespace, SettingsUpdated.subject);
    this.subscription = this.connection.connection.subscribe(subject, {
      callback: (err) => {
        if (err) {
          this.logger.warn(`${this.options.what}: settings event subscription error: ${err.message}`);
          return;
        }
        this.drop();
      },
    });
  }

  /** Stops listening (on application shutdown). */
  stop(): void {
    this.subscription?.unsubscribe();
  }

  /** Forgets the loaded copy: the next read asks content. */
  drop(): void {
    this.generation += 1;
    this.cached = null;
  }

  async current(): Promise<T> {
    const hit = this.cached;
    if (hit && hit.until > Date.now()) return hit.value;
    const generation = this.generation;
    try {
      const settings = await this.messaging.send(this.query, { actor: null }, { timeoutMs: this.options.timeoutMs ?? 3000 });
      const value = this.options.project(settings);
      if (generation === this.generation) this.cached = { value, until: Date.now() + this.options.maxAgeMs };
      return value;
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      if (hit) {
        this.logger.warn(`${this.options.what} unavailable from content (${reason}); using the copy loaded before`);
        return hit.value;
      }
      this.logger.error(`${this.options.what} unavailable from content: ${reason}`);
      throw this.options.unavailable();
    }
  }
}

import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DomainError, GetSettings } from '@tiredash/contracts';
import { ContentSettingsCopy, MessagingClient, MessagingConnection } from '@tiredash/messaging';

/** How long a loaded copy is trusted when no change event came (a lost event heals within this). */
export const MESSAGING_SETTING_MAX_AGE_MS = 30_000;

/**
 * The admin's `messaging` toggle (content's System Settings), read as payments reads the fees: a per-replica copy of
 * GetSettings dropped on every settings change (`ContentSettingsCopy`), so turning messaging off refuses the next chat
 * call without a restart. Content unreachable: the last copy is used (logged); never loaded: the chat answers 503,
 * never a guess.
 */
@Injectable()
export class MessagingSettingService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly copy: ContentSettingsCopy<boolean>;

  constructor(messaging: MessagingClient, connection: MessagingConnection) {
    this.copy = new ContentSettingsCopy(messaging, connection, GetSettings, {
      what: 'messaging setting',
      maxAgeMs: MESSAGING_SETTING_MAX_AGE_MS,
      project: (s) => s.messaging,
      unavailable: () => new DomainError('UNAVAILABLE', 'The job chat is unavailable right now. Please try again shortly.'),
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

  enabled(): Promise<boolean> {
    return this.copy.current();
  }
}

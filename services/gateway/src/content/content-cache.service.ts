import { createHash } from 'node:crypto';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CONTENT_EVENTS_WILDCARD } from '@tiredash/contracts';
import { MessagingConnection, namespacedSubject } from '@tiredash/messaging';
import type { Subscription } from 'nats';

export interface CachedBody {
  body: unknown;
  etag: string;
  expiresAt: number;
}

/** Seconds browsers and this cache keep public content (`Cache-Control: public, max-age=30`). */
export const CONTENT_MAX_AGE_SECONDS = 30;

/** A strong ETag of the JSON answer. */
export function etagOf(body: unknown): string {
  return `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
}

/**
 * The gateway's short-lived cache of public content answers (per replica, in memory). Entries expire after
 * 30 s and the whole cache is dropped on any `content.evt.>` event (a core NATS subscription without a queue
 * group, so every replica hears it) and on a change made through this replica.
 */
@Injectable()
export class ContentCache implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ContentCache.name);
  private readonly entries = new Map<string, CachedBody>();
  private subscription?: Subscription;
  /** Bumped on every drop: a load that started before a drop is not cached. */
  private generation = 0;
  drops = 0;

  constructor(private readonly messaging: MessagingConnection) {}

  onApplicationBootstrap(): void {
    const subject = namespacedSubject(this.messaging.namespace, CONTENT_EVENTS_WILDCARD);
    this.subscription = this.messaging.connection.subscribe(subject, {
      callback: (err, msg) => {
        if (err) {
          this.logger.warn(`content event subscription error: ${err.message}`);
          return;
        }
        this.clear(`event ${msg.subject}`);
      },
    });
  }

  onApplicationShutdown(): void {
    this.subscription?.unsubscribe();
  }

  /** The cached answer, or loads, stores and answers it. */
  async get(key: string, load: () => Promise<unknown>): Promise<CachedBody> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > Date.now()) return hit;
    const generation = this.generation;
    const body = await load();
    const entry = { body, etag: etagOf(body), expiresAt: Date.now() + CONTENT_MAX_AGE_SECONDS * 1000 };
    if (generation === this.generation) this.entries.set(key, entry);
    return entry;
  }

  clear(reason: string): void {
    this.generation += 1;
    this.drops += 1;
    this.entries.clear();
    this.logger.debug(`content cache dropped (${reason})`);
  }
}

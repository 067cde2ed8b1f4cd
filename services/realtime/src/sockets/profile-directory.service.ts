import { Inject, Injectable } from '@nestjs/common';
import { GetMe, type Actor } from '@tiredash/contracts';
import { MessagingClient } from '@tiredash/messaging';
import { REALTIME_CONFIG } from '../common/realtime-config.token';
import type { RealtimeConfig } from '../config';

/** The profile ids a token does not carry: a provider's business documentId, a customer's profile documentId. */
export interface UserProfiles {
  businessId: string | null;
  customerId: string | null;
}

interface Cached {
  value: UserProfiles;
  until: number;
}

const MAX_ENTRIES = 50_000;

/**
 * Looks the caller's profiles up in identity (GetMe over NATS, as the caller). Found profiles are cached for
 * `profileCacheMs` (a profile, once created, keeps its id); a missing one is asked again next time, since a
 * provider creates its business after its first token.
 */
@Injectable()
export class ProfileDirectory {
  private readonly cache = new Map<string, Cached>();

  constructor(
    private readonly messaging: MessagingClient,
    @Inject(REALTIME_CONFIG) private readonly config: RealtimeConfig,
  ) {}

  /** Rejects with a DomainError (UNAVAILABLE, TIMEOUT, ...) when identity cannot answer. */
  async lookup(actor: NonNullable<Actor>, opts: { fresh?: boolean } = {}): Promise<UserProfiles> {
    const key = `${actor.userId}|${actor.role ?? ''}`;
    const hit = this.cache.get(key);
    if (hit && !opts.fresh && hit.until > Date.now()) return hit.value;
    const me = await this.messaging.send(GetMe, { actor }, { timeoutMs: this.config.rpcTimeoutMs });
    const value: UserProfiles = {
      businessId: me.business?.documentId ?? null,
      customerId: me.customer?.documentId ?? null,
    };
    const complete = actor.role === 'provider' ? value.businessId !== null : actor.role === 'customer' ? value.customerId !== null : true;
    if (complete && this.config.profileCacheMs > 0) {
      if (this.cache.size >= MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value as string);
      this.cache.set(key, { value, until: Date.now() + this.config.profileCacheMs });
    } else {
      this.cache.delete(key);
    }
    return value;
  }
}

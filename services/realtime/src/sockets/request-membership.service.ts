import { Inject, Injectable } from '@nestjs/common';
import { DomainError, GetServiceRequest, type Actor } from '@tiredash/contracts';
import { MessagingClient } from '@tiredash/messaging';
import { REALTIME_CONFIG } from '../common/realtime-config.token';
import type { RealtimeConfig } from '../config';

/** Codes of the requests service that mean "not yours" rather than "cannot answer". */
const REFUSALS = new Set(['NOT_FOUND', 'FORBIDDEN', 'NOT_OWNER', 'VALIDATION_FAILED', 'UNAUTHENTICATED']);

/**
 * Whether the caller is a party to a request, decided by the requests service that owns the rule: it lets
 * GetServiceRequest (asked as the caller) succeed for the request's customer, its accepted provider, a provider
 * it was offered to while bids are open, and admins.
 */
@Injectable()
export class RequestMembership {
  constructor(
    private readonly messaging: MessagingClient,
    @Inject(REALTIME_CONFIG) private readonly config: RealtimeConfig,
  ) {}

  /** False when requests refuses the read; rejects (UNAVAILABLE, TIMEOUT) when requests cannot answer. */
  async isMember(actor: NonNullable<Actor>, requestId: string): Promise<boolean> {
    try {
      await this.messaging.send(GetServiceRequest, { actor, requestId }, { timeoutMs: this.config.rpcTimeoutMs });
      return true;
    } catch (err) {
      if (err instanceof DomainError && REFUSALS.has(err.code)) return false;
      throw err;
    }
  }
}

import { Injectable } from '@nestjs/common';
import { DomainError, type Actor } from '@tiredash/contracts';
import { requireActor } from '../common/actor-rules';
import { ProfilesService } from '../read-models/profiles.service';
import type { Viewer } from './viewer';

const CUSTOMER_IDS_MAX = 100_000;

/** Resolves the caller into a Viewer through the read models (customer profile, approved provider profile). */
@Injectable()
export class ViewerService {
  /**
   * userId -> customer profile id. A user's customer profile never changes owner nor goes away, so a found one is
   * kept (bounded): every customer read (GET /api/bids, the request lists) skipped one query for it.
   */
  private readonly customerIds = new Map<string, string>();

  constructor(private readonly profiles: ProfilesService) {}

  async of(actor: Actor): Promise<Viewer> {
    const known = requireActor(actor);
    switch (known.role) {
      case 'admin':
        return { kind: 'admin', userId: known.userId };
      case 'customer': {
        let customerId = this.customerIds.get(known.userId);
        if (customerId === undefined) {
          customerId = (await this.profiles.customerOf(known)).id;
          if (this.customerIds.size >= CUSTOMER_IDS_MAX) this.customerIds.clear();
          this.customerIds.set(known.userId, customerId);
        }
        return { kind: 'customer', userId: known.userId, customerId };
      }
      case 'provider': {
        const p = await this.profiles.approvedProviderOf(known);
        return { kind: 'provider', userId: known.userId, providerId: p.id };
      }
      case null:
        throw new DomainError('ROLE_NOT_ALLOWED', 'Choose a role first');
    }
  }
}

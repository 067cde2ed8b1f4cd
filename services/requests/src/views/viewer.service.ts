import { Injectable } from '@nestjs/common';
import { DomainError, type Actor } from '@tiredash/contracts';
import { requireActor } from '../common/actor-rules';
import { ProfilesService } from '../read-models/profiles.service';
import type { Viewer } from './viewer';

/** Resolves the caller into a Viewer through the read models (customer profile, approved provider profile). */
@Injectable()
export class ViewerService {
  constructor(private readonly profiles: ProfilesService) {}

  async of(actor: Actor): Promise<Viewer> {
    const known = requireActor(actor);
    switch (known.role) {
      case 'admin':
        return { kind: 'admin', userId: known.userId };
      case 'customer': {
        const c = await this.profiles.customerOf(known);
        return { kind: 'customer', userId: known.userId, customerId: c.id };
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

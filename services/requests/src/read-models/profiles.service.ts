import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@tiredash/persistence';
import { DomainError } from '@tiredash/contracts';
import { DataSource } from 'typeorm';
import { REQUESTS_CONFIG } from '../common/requests-config.module';
import type { KnownActor } from '../common/actor-rules';
import type { RequestsConfig } from '../config';
import { CustomerProfileEntity } from './entities/customer-profile.entity';
import { ProviderProfileEntity } from './entities/provider-profile.entity';

const POLL_MS = 50;

/**
 * Reads of the customer/provider read models by the caller's user id. Identity's events reach the read model
 * a few milliseconds after the profile is written, so a lookup waits up to READ_MODEL_WAIT_MS for the row.
 */
@Injectable()
export class ProfilesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(REQUESTS_CONFIG) private readonly config: RequestsConfig,
  ) {}

  async customerOf(actor: KnownActor): Promise<CustomerProfileEntity> {
    if (actor.role !== 'customer') throw new DomainError('ROLE_NOT_ALLOWED', 'Only a customer may do this');
    const found = await this.poll(() => this.dataSource.getRepository(CustomerProfileEntity).findOneBy({ userId: actor.userId }));
    if (!found) throw new DomainError('FORBIDDEN', 'Create your customer profile first');
    return found;
  }

  async providerOf(actor: KnownActor): Promise<ProviderProfileEntity> {
    if (actor.role !== 'provider') throw new DomainError('ROLE_NOT_ALLOWED', 'Only a provider may do this');
    const found = await this.poll(() => this.dataSource.getRepository(ProviderProfileEntity).findOneBy({ userId: actor.userId }));
    if (!found) throw new DomainError('FORBIDDEN', 'Create your provider profile first');
    return found;
  }

  /** An approved provider (spec section 6: only approved providers see requests and bid). */
  async approvedProviderOf(actor: KnownActor): Promise<ProviderProfileEntity> {
    const provider = await this.providerOf(actor);
    if (provider.isApproved !== true) throw ProfilesService.notApproved();
    return provider;
  }

  /** The refusal of a provider not approved (yet). */
  static notApproved(): DomainError {
    return new DomainError('FORBIDDEN', 'Your provider account is under review', { reason: 'PROVIDER_NOT_APPROVED' });
  }

  private async poll<T>(read: () => Promise<T | null>): Promise<T | null> {
    const deadline = Date.now() + this.config.readModelWaitMs;
    for (;;) {
      const value = await read();
      if (value !== null || Date.now() >= deadline) return value;
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }
}

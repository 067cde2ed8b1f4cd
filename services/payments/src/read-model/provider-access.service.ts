import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@tiredash/persistence';
import type { Actor } from '@tiredash/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { isAdmin, requireActor } from '../common/actor-rules';
import { PaymentsError } from '../common/payments-errors';
import { ProviderRefEntity } from './provider-ref.entity';

/** Who owns which provider (business) id, from identity's events: never from identity's tables. */
@Injectable()
export class ProviderAccess {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The provider, when the caller owns it (or is an admin). */
  async requireOwned(actor: Actor, providerId: string, manager: EntityManager = this.dataSource.manager): Promise<ProviderRefEntity> {
    const known = requireActor(actor);
    const ref = await manager.getRepository(ProviderRefEntity).findOne({ where: { providerId } });
    if (!ref) throw PaymentsError.providerNotFound();
    if (!isAdmin(known) && ref.userId !== known.userId) throw PaymentsError.notYourProvider();
    return ref;
  }

  /** The caller's own provider profile. */
  async ofUser(userId: string): Promise<ProviderRefEntity> {
    const ref = await this.dataSource.getRepository(ProviderRefEntity).findOne({ where: { userId } });
    if (!ref) throw PaymentsError.providerNotFound();
    return ref;
  }
}

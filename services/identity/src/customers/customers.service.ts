import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@tiredash/persistence';
import { OutboxService } from '@tiredash/messaging';
import {
  CustomerCreated,
  CustomerUpdated,
  type Actor,
  type CustomerCreateBody,
  type CustomerUpdateBody,
  type CustomerView,
} from '@tiredash/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { requireActor, requireOwnerOrAdmin } from '../common/actor-rules';
import { isUniqueViolation } from '../common/pg-errors';
import { resolveProfileOwner } from '../common/profile-owner';
import { UserEntity } from '../users/entities/user.entity';
import { UsersError } from '../users/users.errors';
import { toCustomerView } from './customer.view';
import { CustomersError } from './customers.errors';
import { CustomerEntity } from './entities/customer.entity';
import { previousValues } from '../common/snapshot-diff';

function snapshot(c: CustomerEntity) {
  return {
    customerId: c.id,
    userId: c.userId,
    fullName: c.fullName,
    phone: c.phone,
    paymentMethod: c.paymentMethod,
  };
}

/** Customer profiles: one per user, read and changed by that user or an admin. */
@Injectable()
export class CustomersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
  ) {}

  async create(actor: Actor, body: CustomerCreateBody): Promise<CustomerView> {
    const known = requireActor(actor);
    const ownerId = resolveProfileOwner(known, body.data.user);
    try {
      return await this.dataSource.transaction(async (manager) => {
        const user = await manager
          .getRepository(UserEntity)
          .findOne({ where: { id: ownerId }, lock: { mode: 'pessimistic_write' } });
        if (!user) throw UsersError.userNotFound();
        if (user.role === 'provider' || user.role === 'admin') throw CustomersError.wrongRole(user.role);
        const repo = manager.getRepository(CustomerEntity);
        if (await repo.exists({ where: { userId: ownerId } })) throw CustomersError.profileExists();
        const customer = repo.create({
          id: randomUUID(),
          userId: ownerId,
          fullName: body.data.fullName,
          phone: body.data.phone,
          paymentMethod: body.data.paymentMethod ?? null,
          totalJobs: 0,
        });
        await repo.insert(customer);
        await this.outbox.add(manager, CustomerCreated, snapshot(customer));
        return toCustomerView(customer, user);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw CustomersError.profileExists();
      throw err;
    }
  }

  async get(actor: Actor, customerId: string): Promise<CustomerView> {
    const known = requireActor(actor);
    const customer = await this.load(this.dataSource.manager, customerId, false);
    requireOwnerOrAdmin(known, customer.userId, 'customer profile');
    return toCustomerView(customer, customer.user);
  }

  async update(actor: Actor, customerId: string, body: CustomerUpdateBody): Promise<CustomerView> {
    const known = requireActor(actor);
    return this.dataSource.transaction(async (manager) => {
      const customer = await this.load(manager, customerId, true);
      requireOwnerOrAdmin(known, customer.userId, 'customer profile');
      const previous = snapshot(customer);
      const d = body.data;
      let changed = false;
      if (d.fullName !== undefined && d.fullName !== customer.fullName) {
        customer.fullName = d.fullName;
        changed = true;
      }
      if (d.phone !== undefined && d.phone !== customer.phone) {
        customer.phone = d.phone;
        changed = true;
      }
      if (d.paymentMethod !== undefined && d.paymentMethod !== customer.paymentMethod) {
        customer.paymentMethod = d.paymentMethod;
        changed = true;
      }
      if (changed) {
        await manager.getRepository(CustomerEntity).save(customer);
        const next = snapshot(customer);
        await this.outbox.add(manager, CustomerUpdated, { ...next, by: known.userId, before: previousValues(previous, next) });
      }
      return toCustomerView(customer, customer.user);
    });
  }

  private async load(manager: EntityManager, id: string, forUpdate: boolean): Promise<CustomerEntity> {
    const repo = manager.getRepository(CustomerEntity);
    const customer = forUpdate
      ? await repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } })
      : await repo.findOne({ where: { id }, relations: { user: true } });
    if (!customer) throw CustomersError.notFound();
    if (forUpdate) {
      customer.user =
        (await manager.getRepository(UserEntity).findOne({ where: { id: customer.userId } })) ?? undefined;
    }
    return customer;
  }
}

import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@tiredash/persistence';
import { OutboxService } from '@tiredash/messaging';
import {
  ADMIN_ONLY_PROVIDER_FIELDS,
  LEDGER_PROVIDER_FIELDS,
  ProviderApproved,
  ProviderCreated,
  ProviderRejected,
  ProviderUpdated,
  pageMeta,
  toCents,
  type Actor,
  type Paged,
  type Pagination,
  type ProviderCreateBody,
  type ProviderUpdateBody,
  type ProviderView,
} from '@tiredash/contracts';
import { DataSource, IsNull, Not, type EntityManager, type FindOptionsWhere } from 'typeorm';
import { isAdmin, requireActor, requireOwnerOrAdmin, type KnownActor } from '../common/actor-rules';
import { isUniqueViolation } from '../common/pg-errors';
import { resolveProfileOwner } from '../common/profile-owner';
import { UserEntity } from '../users/entities/user.entity';
import { UsersError } from '../users/users.errors';
import { ProviderEntity } from './entities/provider.entity';
import { toProviderSnapshot, toProviderView } from './provider.view';
import { ProvidersError } from './providers.errors';
import { previousValues } from '../common/snapshot-diff';

export interface ProviderFilters {
  isApproved?: { $null?: 'true' | 'false'; $eq?: 'true' | 'false' };
  online?: { $eq: 'true' | 'false' };
}

type UpdateData = ProviderUpdateBody['data'];

const unique = (values: string[]): string[] => Array.from(new Set(values));

/**
 * Provider (business) profiles: one per user. Any logged-in user reads the public profile; the owner edits
 * its own fields; only an admin writes isApproved (approve/reject). Nobody writes walletBalance: it is the
 * payments ledger's sum.
 */
@Injectable()
export class ProvidersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
  ) {}

  async create(actor: Actor, body: ProviderCreateBody): Promise<ProviderView> {
    const known = requireActor(actor);
    const d = body.data;
    const ownerId = resolveProfileOwner(known, d.user);
    try {
      return await this.dataSource.transaction(async (manager) => {
        const user = await manager
          .getRepository(UserEntity)
          .findOne({ where: { id: ownerId }, lock: { mode: 'pessimistic_write' } });
        if (!user) throw UsersError.userNotFound();
        if (user.role === 'customer' || user.role === 'admin') throw ProvidersError.wrongRole(user.role);
        const repo = manager.getRepository(ProviderEntity);
        if (await repo.exists({ where: { userId: ownerId } })) throw ProvidersError.profileExists();
        const provider = repo.create({
          id: randomUUID(),
          userId: ownerId,
          businessName: d.businessName,
          fullName: d.fullName ?? null,
          phone: d.phone,
          hourlyRateCents: toCents(d.hourlyRate),
          yearsExperience: d.yearsExperience,
          serviceTypes: unique(d.service_types),
          serviceRadiusMiles: d.serviceArea.radius,
          serviceAddress: d.serviceArea.address ?? null,
          vehicleSpecs: d.vehicleSpecs ?? null,
          online: d.online ?? false,
          businessId: d.businessId ?? null,
          businessLicense: d.businessLicense ?? null,
          isApproved: null,
          reviewedBy: null,
          reviewedAt: null,
          totalJobs: 0,
          rating: null,
          locationAddress: d.location?.address ?? null,
          locationLat: d.location?.lat ?? null,
          locationLng: d.location?.lng ?? null,
        });
        await repo.insert(provider);
        await this.outbox.add(manager, ProviderCreated, toProviderSnapshot(provider));
        return toProviderView(provider, user, 'full');
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw ProvidersError.profileExists();
      throw err;
    }
  }

  async get(actor: Actor, providerId: string): Promise<ProviderView> {
    const known = requireActor(actor);
    const provider = await this.dataSource
      .getRepository(ProviderEntity)
      .findOne({ where: { id: providerId }, relations: { user: true } });
    if (!provider) throw ProvidersError.notFound();
    return toProviderView(provider, provider.user, this.audience(known, provider));
  }

  /**
   * Filters `isApproved.$null` / `isApproved.$eq` and `online.$eq`. Non-admins only ever see approved
   * providers; asking them for the pending or rejected ones is FORBIDDEN.
   */
  async list(
    actor: Actor,
    filters: ProviderFilters | undefined,
    pagination: Pagination,
  ): Promise<Paged<ProviderView>> {
    const known = requireActor(actor);
    const approval = filters?.isApproved;
    const where: FindOptionsWhere<ProviderEntity> = {};
    if (isAdmin(known)) {
      if (approval?.$null === 'true' && approval.$eq !== undefined) {
        // "is null" and "equals x" together match nothing.
        return { data: [], meta: pageMeta(pagination.page, pagination.pageSize, 0) };
      }
      if (approval?.$eq !== undefined) where.isApproved = approval.$eq === 'true';
      else if (approval?.$null === 'true') where.isApproved = IsNull();
      else if (approval?.$null === 'false') where.isApproved = Not(IsNull());
    } else {
      if (approval?.$null === 'true' || approval?.$eq === 'false')
        throw ProvidersError.pendingListAdminOnly();
      where.isApproved = true;
    }
    if (filters?.online) where.online = filters.online.$eq === 'true';
    const [rows, total] = await this.dataSource.getRepository(ProviderEntity).findAndCount({
      where,
      relations: { user: true },
      order: { createdAt: 'DESC', id: 'ASC' },
      skip: (pagination.page - 1) * pagination.pageSize,
      take: pagination.pageSize,
    });
    return {
      data: rows.map((p) => toProviderView(p, p.user, this.audience(known, p))),
      meta: pageMeta(pagination.page, pagination.pageSize, total),
    };
  }

  async update(actor: Actor, providerId: string, body: ProviderUpdateBody): Promise<ProviderView> {
    const known = requireActor(actor);
    const d = body.data;
    return this.dataSource.transaction(async (manager) => {
      const provider = await this.loadForUpdate(manager, providerId);
      requireOwnerOrAdmin(known, provider.userId, 'provider profile');
      const forbidden = [
        ...LEDGER_PROVIDER_FIELDS.filter((f) => d[f] !== undefined),
        ...(isAdmin(known) ? [] : ADMIN_ONLY_PROVIDER_FIELDS.filter((f) => d[f] !== undefined)),
      ];
      if (forbidden.length > 0) throw ProvidersError.fieldsNotWritable(forbidden);
      const before = { ...provider, serviceTypes: [...provider.serviceTypes] };
      this.applyProfileFields(provider, d);
      const at = new Date();
      if (d.isApproved !== undefined && d.isApproved !== provider.isApproved) {
        provider.isApproved = d.isApproved;
        provider.reviewedBy = known.userId;
        provider.reviewedAt = at;
      }

      const user = await manager.getRepository(UserEntity).findOne({ where: { id: provider.userId } });
      if (!this.changed(before, provider)) return toProviderView(provider, user, 'full');

      await manager.getRepository(ProviderEntity).save(provider);
      const next = toProviderSnapshot(provider);
      await this.outbox.add(manager, ProviderUpdated, {
        ...next,
        by: known.userId,
        before: previousValues(toProviderSnapshot(before), next),
      });
      if (before.isApproved !== provider.isApproved && provider.isApproved !== null) {
        const event = provider.isApproved ? ProviderApproved : ProviderRejected;
        await this.outbox.add(manager, event, {
          providerId: provider.id,
          userId: provider.userId,
          by: known.userId,
          at: at.toISOString(),
        });
      }
      return toProviderView(provider, user, 'full');
    });
  }

  private applyProfileFields(p: ProviderEntity, d: UpdateData): void {
    if (d.businessName !== undefined) p.businessName = d.businessName;
    if (d.fullName !== undefined) p.fullName = d.fullName;
    if (d.phone !== undefined) p.phone = d.phone;
    if (d.hourlyRate !== undefined) p.hourlyRateCents = toCents(d.hourlyRate);
    if (d.yearsExperience !== undefined) p.yearsExperience = d.yearsExperience;
    if (d.service_types !== undefined) p.serviceTypes = unique(d.service_types);
    if (d.serviceArea !== undefined) {
      p.serviceRadiusMiles = d.serviceArea.radius;
      if (d.serviceArea.address !== undefined) p.serviceAddress = d.serviceArea.address;
    }
    if (d.vehicleSpecs !== undefined) p.vehicleSpecs = d.vehicleSpecs;
    if (d.online !== undefined) p.online = d.online;
    if (d.businessId !== undefined) p.businessId = d.businessId;
    if (d.businessLicense !== undefined) p.businessLicense = d.businessLicense;
    if (d.location !== undefined) {
      p.locationAddress = d.location?.address ?? null;
      p.locationLat = d.location?.lat ?? null;
      p.locationLng = d.location?.lng ?? null;
    }
  }

  private changed(before: ProviderEntity, after: ProviderEntity): boolean {
    const keys = Object.keys(after) as (keyof ProviderEntity)[];
    return keys.some((k) => {
      const a = before[k];
      const b = after[k];
      if (Array.isArray(a) && Array.isArray(b)) return a.join('\u0000') !== b.join('\u0000');
      if (a instanceof Date && b instanceof Date) return a.getTime() !== b.getTime();
      return a !== b;
    });
  }

  private audience(actor: KnownActor, p: ProviderEntity): 'full' | 'public' {
    return isAdmin(actor) || actor.userId === p.userId ? 'full' : 'public';
  }

  private async loadForUpdate(manager: EntityManager, id: string): Promise<ProviderEntity> {
    const provider = await manager
      .getRepository(ProviderEntity)
      .findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!provider) throw ProvidersError.notFound();
    return provider;
  }
}

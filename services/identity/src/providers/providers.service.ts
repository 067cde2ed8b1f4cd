import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@tiredash/persistence';
import { OutboxService } from '@tiredash/messaging';
import {
  ADMIN_ONLY_PROVIDER_FIELDS,
  LEDGER_PROVIDER_FIELDS,
  ProviderApproved,
  ProviderCreated,
  ProviderRejected,
  ProviderUpdated,
  containsPattern,
  pageMeta,
  toCents,
  type Actor,
  type Paged,
  type Pagination,
  type ProviderCreateBody,
  type ProviderUpdateBody,
  type ProviderPresenceBody,
  type ProviderView,
} from '@tiredash/contracts';
import { DataSource, In, IsNull, Not, type EntityManager, type FindOptionsWhere } from 'typeorm';
import { isAdmin, requireActor, requireOwnerOrAdmin, type KnownActor } from '../common/actor-rules';
import { isUniqueViolation } from '../common/pg-errors';
import { resolveProfileOwner } from '../common/profile-owner';
import { UserEntity } from '../users/entities/user.entity';
import { UsersError } from '../users/users.errors';
import { SessionsService } from '../sessions/sessions.service';
import { ProviderEntity } from './entities/provider.entity';
import { toProviderSnapshot, toProviderView } from './provider.view';
import { ProvidersError } from './providers.errors';
import { previousValues } from '../common/snapshot-diff';
import { IDENTITY_CONFIG } from '../common/identity-config.token';
import type { IdentityConfig } from '../config';

/** Great-circle metres between two points (earth radius 6,371 km). */
export function distanceMeters(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(a)));
}

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
    private readonly sessions: SessionsService,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
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
          serviceLat: d.serviceArea.lat ?? null,
          serviceLng: d.serviceArea.lng ?? null,
          lastSeenAt: d.online === true ? new Date() : null,
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
    const audience = this.audience(known, provider);
    // A pending or rejected application is nobody's business but its owner's and the admins'.
    if (audience === 'public' && provider.isApproved !== true) throw ProvidersError.notFound();
    return toProviderView(provider, provider.user, audience);
  }

  /**
   * Filters `isApproved.$null` / `isApproved.$eq` and `online.$eq`. Non-admins only ever see approved
   * providers; asking them for the pending or rejected ones is FORBIDDEN.
   */
  /** Provider profiles, newest first; `search` matches business name, name, phone or e-mail (any case). */
  async list(
    actor: Actor,
    filters: ProviderFilters | undefined,
    pagination: Pagination,
    search?: string,
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
    const qb = this.dataSource.getRepository(ProviderEntity).createQueryBuilder('p').leftJoinAndSelect('p.user', 'u').setFindOptions({ where });
    if (search) {
      // Others search what they can see (the business name): a search must not confirm an e-mail or a phone.
      const fields = isAdmin(known) ? '(p.business_name ILIKE :q OR p.full_name ILIKE :q OR p.phone ILIKE :q OR u.email ILIKE :q)' : 'p.business_name ILIKE :q';
      qb.andWhere(fields, { q: containsPattern(search) });
    }
    const [rows, total] = await qb
      .orderBy('p.createdAt', 'DESC')
      .addOrderBy('p.id', 'ASC')
      .skip((pagination.page - 1) * pagination.pageSize)
      .take(pagination.pageSize)
      .getManyAndCount();
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
      this.applyProfileFields(provider, d, before);
      const at = new Date();
      if (d.isApproved !== undefined && d.isApproved !== provider.isApproved) {
        provider.isApproved = d.isApproved;
        provider.reviewedBy = known.userId;
        provider.reviewedAt = at;
      }

      const user = await manager.getRepository(UserEntity).findOne({ where: { id: provider.userId } });
      if (!this.changed(before, provider)) {
        // Only the heartbeat moved (`online: true` again): keep it, announce nothing.
        if (provider.lastSeenAt !== before.lastSeenAt) {
          await manager.getRepository(ProviderEntity).update({ id: provider.id }, { lastSeenAt: provider.lastSeenAt });
        }
        return toProviderView(provider, user, 'full');
      }

      await manager.getRepository(ProviderEntity).save(provider);
      const next = toProviderSnapshot(provider);
      await this.outbox.add(manager, ProviderUpdated, {
        ...next,
        by: known.userId,
        before: previousValues(toProviderSnapshot(before), next),
      });
      if (before.isApproved !== provider.isApproved && provider.isApproved !== true) {
        // Rejected or unapproved: the provider's older access tokens end and its sockets close (the refresh cookie goes
        // on: the app renews its token and shows the new standing). An approval ends nothing: no token carries the
        // approval (every service reads it from its own state), so a token from before it already gets what the
        // approval allows, and an open dashboard or API client carries on (README, Security model).
        await this.sessions.revokeOlderSessions(manager, provider.userId, 'approval', false);
      }
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

  /**
   * The dashboard's Online/Offline switch, the device position while online and the app's heartbeat (owner
   * only; an approved provider goes online). Other domains hear of it (ProviderUpdated) only when matching
   * changes: the switch flips, the live position appears or goes, or it moves at least
   * PRESENCE_MIN_MOVE_METERS; a heartbeat that changes nothing only records lastSeenAt.
   */
  async setPresence(actor: Actor, providerId: string, body: ProviderPresenceBody): Promise<ProviderView> {
    const known = requireActor(actor);
    return this.dataSource.transaction(async (manager) => {
      const provider = await this.loadForUpdate(manager, providerId);
      if (provider.userId !== known.userId) throw new ProvidersError('NOT_OWNER', 'Only the provider itself can go online or offline');
      if (body.online && provider.isApproved !== true) {
        throw new ProvidersError('FORBIDDEN', 'Your provider account is under review: you can go online once it is approved', {
          reason: 'PROVIDER_NOT_APPROVED',
        });
      }
      const before = { ...provider, serviceTypes: [...provider.serviceTypes] };
      const now = new Date();
      provider.online = body.online;
      provider.lastSeenAt = now;
      if (!body.online) {
        // Offline: the live position is no longer live.
        provider.locationLat = null;
        provider.locationLng = null;
        provider.locationAddress = null;
      } else if (body.position) {
        const moved =
          before.locationLat === null ||
          before.locationLng === null ||
          distanceMeters(before.locationLat, before.locationLng, body.position.lat, body.position.lng) >= this.config.presenceMinMoveMeters;
        if (moved) {
          provider.locationLat = body.position.lat;
          provider.locationLng = body.position.lng;
          provider.locationAddress = null;
        }
      } else if (body.position === null) {
        // Online without a position (permission refused): matched from the service address.
        provider.locationLat = null;
        provider.locationLng = null;
        provider.locationAddress = null;
      }
      const user = await manager.getRepository(UserEntity).findOne({ where: { id: provider.userId } });
      if (!this.changed(before, provider)) {
        await manager.getRepository(ProviderEntity).update({ id: provider.id }, { lastSeenAt: now });
        return toProviderView(provider, user, 'full');
      }
      await manager.getRepository(ProviderEntity).save(provider);
      const next = toProviderSnapshot(provider);
      await this.outbox.add(manager, ProviderUpdated, { ...next, by: known.userId, before: previousValues(toProviderSnapshot(before), next) });
      return toProviderView(provider, user, 'full');
    });
  }

  /**
   * Sets offline every online provider whose app has been silent for longer than the presence timeout (the app
   * was closed, or the phone lost the network), in batches claimed with SKIP LOCKED (safe with replicas).
   * Returns how many went offline.
   */
  async expireSilentProviders(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.dataSource.transaction(async (manager) => {
        const rows: { id: string }[] = await manager.query(
          `SELECT "id" FROM "identity"."providers"
            WHERE "online" = true AND ("last_seen_at" IS NULL OR "last_seen_at" < now() - make_interval(secs => $1))
            ORDER BY "last_seen_at" NULLS FIRST LIMIT 200 FOR UPDATE SKIP LOCKED`,
          [this.config.presenceTimeoutSeconds],
        );
        if (rows.length === 0) return 0;
        const repo = manager.getRepository(ProviderEntity);
        const providers = await repo.findBy({ id: In(rows.map((r) => r.id)) });
        for (const provider of providers) {
          const before = toProviderSnapshot(provider);
          provider.online = false;
          provider.locationLat = null;
          provider.locationLng = null;
          provider.locationAddress = null;
          await repo.save(provider);
          const next = toProviderSnapshot(provider);
          await this.outbox.add(manager, ProviderUpdated, { ...next, before: previousValues(before, next) });
        }
        return providers.length;
      });
      total += n;
      if (n < 200) return total;
    }
  }

  private applyProfileFields(p: ProviderEntity, d: UpdateData, before: ProviderEntity): void {
    if (d.businessName !== undefined) p.businessName = d.businessName;
    if (d.fullName !== undefined) p.fullName = d.fullName;
    if (d.phone !== undefined) p.phone = d.phone;
    if (d.hourlyRate !== undefined) p.hourlyRateCents = toCents(d.hourlyRate);
    if (d.yearsExperience !== undefined) p.yearsExperience = d.yearsExperience;
    if (d.service_types !== undefined) p.serviceTypes = unique(d.service_types);
    if (d.serviceArea !== undefined) {
      p.serviceRadiusMiles = d.serviceArea.radius;
      if (d.serviceArea.address !== undefined) p.serviceAddress = d.serviceArea.address;
      if (d.serviceArea.lat !== undefined) {
        p.serviceLat = d.serviceArea.lat;
        p.serviceLng = d.serviceArea.lng ?? null;
      } else if (d.serviceArea.address !== undefined && d.serviceArea.address !== before.serviceAddress) {
        // A new address without its coordinates: the old base position no longer describes it.
        p.serviceLat = null;
        p.serviceLng = null;
      }
    }
    if (d.vehicleSpecs !== undefined) p.vehicleSpecs = d.vehicleSpecs;
    if (d.online !== undefined) {
      p.online = d.online;
      if (d.online) p.lastSeenAt = new Date();
    }
    if (d.businessId !== undefined) p.businessId = d.businessId;
    if (d.businessLicense !== undefined) p.businessLicense = d.businessLicense;
    if (d.location !== undefined) {
      p.locationAddress = d.location?.address ?? null;
      p.locationLat = d.location?.lat ?? null;
      p.locationLng = d.location?.lng ?? null;
    }
  }

  private changed(before: ProviderEntity, after: ProviderEntity): boolean {
    const keys = (Object.keys(after) as (keyof ProviderEntity)[]).filter((k) => k !== 'lastSeenAt');
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

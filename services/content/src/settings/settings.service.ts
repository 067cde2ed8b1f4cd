import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@tiredash/persistence';
import { OutboxService } from '@tiredash/messaging';
import {
  DomainError,
  LogoUpdated,
  SettingsUpdated,
  type Actor,
  type ApiKeyView,
  type LogoView,
  type PublicSettingsView,
  type SettingsData,
  type SettingsView,
} from '@tiredash/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { isAdmin, requireAdmin, type KnownActor } from '../common/actor-rules';
import { isMask } from '../common/secret-box';
import { AuditService, diffFields } from '../audit/audit.service';
import { MediaEntity } from '../media/media.entity';
import { toLogoView } from '../media/media.view';
import { SettingsEntity } from './settings.entity';

/** The answer to a payment key sent through the admin settings. */
export const PAYMENT_KEYS_MANAGED_IN_ENVIRONMENT =
  'Payment keys are managed in the deployment environment (STRIPE_SECRET_KEY of the payments service), not in the admin settings.';

/** The settings as the audit log and the diff see them: the secret key only as its mask. */
type Comparable = Record<string, unknown>;

/**
 * Platform settings: toggles, fees, the map key and the logo. Payment keys live in payments' environment: a key
 * sent here is refused (see applySecret). Anyone reads the public part; only an admin reads the rest or changes it.
 * Each change is one transaction: the row, one audit entry (before/after, secrets masked) and the event.
 */
@Injectable()
export class SettingsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    private readonly audit: AuditService,
  ) {}

  async get(actor: Actor): Promise<PublicSettingsView | SettingsView> {
    const row = await this.load(this.dataSource.manager, false);
    return isAdmin(actor) ? this.adminView(row) : this.publicView(row);
  }

  async update(actor: Actor, data: SettingsData): Promise<SettingsView> {
    const known = requireAdmin(actor);
    return this.dataSource.transaction(async (manager) => {
      const row = await this.load(manager, true);
      const before = this.comparable(row);
      if (data.messaging !== undefined) row.messaging = data.messaging;
      if (data.voip !== undefined) row.voip = data.voip;
      if (data.pushNotifications !== undefined) row.pushNotifications = data.pushNotifications;
      if (data.tipping !== undefined) row.tipping = data.tipping;
      if (data.advertising !== undefined) row.advertising = data.advertising;
      if (data.serviceFee !== undefined) row.serviceFeeDollars = data.serviceFee;
      if (data.walletFee !== undefined) row.walletFeePercent = data.walletFee;
      if (data.cancellationFee !== undefined) row.cancellationFeeDollars = data.cancellationFee;
      if (data.noShowFee !== undefined) row.noShowFeeDollars = data.noShowFee;
      if (data.minWithdrawal !== undefined) row.minWithdrawalDollars = data.minWithdrawal;
      if (data.mapboxKey !== undefined) row.mapboxKey = data.mapboxKey === null || data.mapboxKey === '' ? null : data.mapboxKey;
      let secretChanged = false;
      if (data.stripeSecretKey !== undefined) secretChanged = this.applySecret(row, data.stripeSecretKey);
      const after = this.comparable(row);
      const diff = diffFields(before, after, Object.keys(after));
      if (secretChanged && !diff.fields.includes('stripeSecretKey')) {
        // A new key with the same mask (same prefix and last characters): still a change.
        diff.fields.push('stripeSecretKey');
        diff.before.stripeSecretKey = before.stripeSecretKey;
        diff.after.stripeSecretKey = after.stripeSecretKey;
      }
      if (diff.fields.length === 0) return this.adminView(row);
      await this.save(manager, row, known);
      await this.audit.append(manager, {
        by: known.userId,
        byRole: known.role,
        action: 'content.settings.updated',
        target: 'settings',
        before: diff.before,
        after: diff.after,
        source: 'content',
      });
      await this.outbox.add(manager, SettingsUpdated, {
        fields: diff.fields,
        by: known.userId,
        at: (row.updatedAt ?? new Date()).toISOString(),
      });
      return this.adminView(row);
    });
  }

  async getApiKey(actor: Actor): Promise<ApiKeyView> {
    requireAdmin(actor);
    return this.apiKeyView(await this.load(this.dataSource.manager, false));
  }

  async updateApiKey(actor: Actor, data: Pick<SettingsData, 'mapboxKey' | 'stripeSecretKey'>): Promise<ApiKeyView> {
    const view = await this.update(actor, data);
    return { mapboxKey: view.mapboxKey, stripeSecretKey: view.stripeSecretKey, stripeSecretKeySet: view.stripeSecretKeySet };
  }

  async getLogo(manager: EntityManager = this.dataSource.manager): Promise<LogoView | null> {
    const row = await manager.getRepository(SettingsEntity).findOne({ where: { id: 1 }, relations: { logo: true } });
    return toLogoView(row?.logo);
  }

  async setLogo(actor: Actor, logoId: string | null): Promise<LogoView | null> {
    const known = requireAdmin(actor);
    return this.dataSource.transaction(async (manager) => {
      const changed = await this.setLogoIn(manager, known, logoId);
      if (changed) {
        await this.audit.append(manager, {
          by: known.userId,
          byRole: known.role,
          action: 'content.logo.updated',
          target: 'logo',
          before: { logo: changed.before },
          after: { logo: changed.after },
          source: 'content',
        });
      }
      return this.getLogo(manager);
    });
  }

  /**
   * Sets the logo inside the caller's transaction and publishes LogoUpdated; answers the logo ids before and
   * after, or null when it was already that logo. The caller writes the audit entry.
   */
  async setLogoIn(
    manager: EntityManager,
    actor: KnownActor,
    logoId: string | null,
  ): Promise<{ before: string | null; after: string | null } | null> {
    const row = await this.load(manager, true);
    if (row.logoMediaId === logoId) return null;
    if (logoId !== null) {
      const media = await manager.getRepository(MediaEntity).findOne({ where: { id: logoId } });
      if (!media) {
        throw new DomainError('VALIDATION_FAILED', 'The logo must be an uploaded image', [
          { path: 'data.logo', message: 'Unknown upload id' },
        ]);
      }
      // Anyone sees the logo: a private file (a document, a request photo) is never published this way.
      if (media.visibility !== 'public') {
        throw new DomainError('VALIDATION_FAILED', 'The logo must be an image uploaded as a logo', [
          { path: 'data.logo', message: 'This upload is private; upload the logo with purpose "logo"' },
        ]);
      }
    }
    const before = row.logoMediaId;
    row.logoMediaId = logoId;
    await this.save(manager, row, actor);
    await this.outbox.add(manager, LogoUpdated, {
      logoId,
      by: actor.userId,
      at: (row.updatedAt ?? new Date()).toISOString(),
    });
    return { before, after: logoId };
  }

  /**
   * Payment keys are managed in the deployment environment (payments' STRIPE_SECRET_KEY), not here: a key stored
   * in the settings would have no effect. Clearing ('' / null) and the mask sent back (saving other settings) are
   * accepted; a new key is refused with where it is managed. True when a stored value was cleared.
   */
  private applySecret(row: SettingsEntity, value: string | null): boolean {
    if (value === null || value === '') {
      const had = row.stripeSecretKeySealed !== null;
      row.stripeSecretKeySealed = null;
      row.stripeSecretKeyMask = null;
      return had;
    }
    if (isMask(value) || (row.stripeSecretKeyMask !== null && value === row.stripeSecretKeyMask)) return false;
    throw new DomainError('VALIDATION_FAILED', PAYMENT_KEYS_MANAGED_IN_ENVIRONMENT, [{ path: 'data.stripeSecretKey', message: PAYMENT_KEYS_MANAGED_IN_ENVIRONMENT }]);
  }

  private async save(manager: EntityManager, row: SettingsEntity, actor: KnownActor): Promise<void> {
    row.updatedAt = new Date();
    row.updatedBy = actor.userId;
    const { logo: _logo, ...columns } = row;
    await manager.getRepository(SettingsEntity).update({ id: 1 }, columns);
  }

  private async load(manager: EntityManager, lock: boolean): Promise<SettingsEntity> {
    const row = await manager
      .getRepository(SettingsEntity)
      .findOne({ where: { id: 1 }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
    if (!row) throw new DomainError('INTERNAL', 'Settings row missing (migrations not run?)');
    return row;
  }

  private comparable(row: SettingsEntity): Comparable {
    return {
      messaging: row.messaging,
      voip: row.voip,
      pushNotifications: row.pushNotifications,
      tipping: row.tipping,
      advertising: row.advertising,
      serviceFee: row.serviceFeeDollars,
      walletFee: row.walletFeePercent,
      cancellationFee: row.cancellationFeeDollars,
      noShowFee: row.noShowFeeDollars,
      minWithdrawal: row.minWithdrawalDollars,
      mapboxKey: row.mapboxKey,
      stripeSecretKey: row.stripeSecretKeyMask,
    };
  }

  private publicView(row: SettingsEntity): PublicSettingsView {
    return {
      messaging: row.messaging,
      voip: row.voip,
      pushNotifications: row.pushNotifications,
      tipping: row.tipping,
      advertising: row.advertising,
      serviceFee: row.serviceFeeDollars,
      walletFee: row.walletFeePercent,
      cancellationFee: row.cancellationFeeDollars,
      noShowFee: row.noShowFeeDollars,
      minWithdrawal: row.minWithdrawalDollars,
      mapboxKey: row.mapboxKey,
      stripeSecretKeySet: row.stripeSecretKeySealed !== null,
      updatedAt: row.updatedAt?.toISOString() ?? null,
    };
  }

  private adminView(row: SettingsEntity): SettingsView {
    return { ...this.publicView(row), stripeSecretKey: row.stripeSecretKeyMask };
  }

  private apiKeyView(row: SettingsEntity): ApiKeyView {
    return {
      mapboxKey: row.mapboxKey,
      stripeSecretKey: row.stripeSecretKeyMask,
      stripeSecretKeySet: row.stripeSecretKeySealed !== null,
    };
  }
}

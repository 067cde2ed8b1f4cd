import { Injectable } from '@nestjs/common';
import { OnEvent, type EventContext } from '@tiredash/messaging';
import {
  CustomerUpdated,
  ProviderApproved,
  ProviderUpdated,
  ProviderRejected,
  UserUpdated,
  type EventPayload,
} from '@tiredash/contracts';
import { KnownProviderEntity } from '../stats/known-party.entity';
import { AuditService } from './audit.service';

/**
 * Identity's admin changes, appended to the audit log from its events (each event once: the inbox and the
 * unique event id). Approval entries carry the approval state before (from the providers read model) and after.
 */
@Injectable()
export class IdentityAuditEvents {
  constructor(private readonly audit: AuditService) {}

  @OnEvent(ProviderApproved, { durable: 'content-audit-provider-approved' })
  onApproved(p: EventPayload<typeof ProviderApproved>, ctx: EventContext): Promise<void> {
    return this.approval(p, true, ctx);
  }

  @OnEvent(ProviderRejected, { durable: 'content-audit-provider-rejected' })
  onRejected(p: EventPayload<typeof ProviderRejected>, ctx: EventContext): Promise<void> {
    return this.approval(p, false, ctx);
  }

  /** An account edited by someone else (an admin); a user editing their own account is not an admin change. */
  @OnEvent(UserUpdated, { durable: 'content-audit-user-updated' })
  async onUserUpdated(p: EventPayload<typeof UserUpdated>, ctx: EventContext): Promise<void> {
    if (p.by === p.userId) return;
    await this.audit.append(ctx.manager, {
      by: p.by,
      byRole: 'admin',
      action: 'identity.user.updated',
      target: `user:${p.userId}`,
      before: null,
      after: maskChanges(p.changes),
      source: 'identity',
      at: new Date(ctx.occurredAt),
      eventId: ctx.eventId,
    });
  }

  /** A customer profile changed by someone other than its owner (an admin): the changed fields, before and after. */
  @OnEvent(CustomerUpdated, { durable: 'content-audit-customer-updated' })
  async onCustomerUpdated(p: EventPayload<typeof CustomerUpdated>, ctx: EventContext): Promise<void> {
    await this.profileChange(p, 'identity.customer.updated', `customer:${p.customerId}`, [], ctx);
  }

  /**
   * A provider profile changed by an admin. An approval or rejection is recorded once, from its own event,
   * so `isApproved` is left out here and an update that changed nothing else adds no entry.
   */
  @OnEvent(ProviderUpdated, { durable: 'content-audit-provider-updated' })
  async onProviderUpdated(p: EventPayload<typeof ProviderUpdated>, ctx: EventContext): Promise<void> {
    await this.profileChange(p, 'identity.provider.updated', `provider:${p.providerId}`, ['isApproved'], ctx);
  }

  private async profileChange(
    p: { userId: string; by?: string; before?: Record<string, unknown> } & Record<string, unknown>,
    action: string,
    target: string,
    excluded: string[],
    ctx: EventContext,
  ): Promise<void> {
    if (p.by === undefined || p.by === p.userId || p.before === undefined) return;
    const fields = Object.keys(p.before).filter((k) => !excluded.includes(k));
    if (fields.length === 0) return;
    await this.audit.append(ctx.manager, {
      by: p.by,
      byRole: 'admin',
      action,
      target,
      before: maskChanges(Object.fromEntries(fields.map((k) => [k, p.before?.[k] ?? null]))),
      after: maskChanges(Object.fromEntries(fields.map((k) => [k, p[k] ?? null]))),
      source: 'identity',
      at: new Date(ctx.occurredAt),
      eventId: ctx.eventId,
    });
  }

  private async approval(
    p: EventPayload<typeof ProviderApproved>,
    approved: boolean,
    ctx: EventContext,
  ): Promise<void> {
    const repo = ctx.manager.getRepository(KnownProviderEntity);
    const known = await repo.findOne({ where: { id: p.providerId }, lock: { mode: 'pessimistic_write' } });
    const before = known ? known.isApproved : null;
    if (known) await repo.update({ id: p.providerId }, { isApproved: approved });
    else await repo.insert({ id: p.providerId, created: false, isApproved: approved, seenAt: new Date(ctx.occurredAt) });
    await this.audit.append(ctx.manager, {
      by: p.by,
      byRole: 'admin',
      action: approved ? 'identity.provider.approved' : 'identity.provider.rejected',
      target: `provider:${p.providerId}`,
      before: { isApproved: before },
      after: { isApproved: approved },
      source: 'identity',
      at: new Date(p.at),
      eventId: ctx.eventId,
    });
  }
}

const SECRET_FIELD = /password|secret|token|key/i;

function maskChanges(changes: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, SECRET_FIELD.test(k) ? '***' : v]));
}

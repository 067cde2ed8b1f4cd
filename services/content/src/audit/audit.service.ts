import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@tiredash/persistence';
import { pageMeta, type Actor, type AuditEntryView, type Paged, type Pagination, type Role } from '@tiredash/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { requireAdmin } from '../common/actor-rules';
import { AuditLogEntity } from './audit-log.entity';

export interface AuditEntry {
  by: string | null;
  byRole: Role | null;
  action: string;
  target: string;
  /** Secrets already masked by the caller. */
  before: unknown;
  after: unknown;
  source: 'content' | 'identity';
  at?: Date;
  eventId?: string;
}

/** Appends to the audit log (inside the caller's transaction) and lists it for the admin, newest first. */
@Injectable()
export class AuditService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async append(manager: EntityManager, e: AuditEntry): Promise<void> {
    const row: Omit<AuditLogEntity, 'seq'> = {
      id: randomUUID(),
      at: e.at ?? new Date(),
      byUser: e.by,
      byRole: e.byRole,
      action: e.action,
      target: e.target,
      before: e.before ?? null,
      after: e.after ?? null,
      source: e.source,
      eventId: e.eventId ?? null,
    };
    await manager.insert(AuditLogEntity, row as QueryDeepPartialEntity<AuditLogEntity>);
  }

  async list(actor: Actor, pagination: Pagination): Promise<Paged<AuditEntryView>> {
    requireAdmin(actor);
    const [rows, total] = await this.dataSource.getRepository(AuditLogEntity).findAndCount({
      order: { seq: 'DESC' },
      skip: (pagination.page - 1) * pagination.pageSize,
      take: pagination.pageSize,
    });
    return {
      data: rows.map((r) => ({
        id: r.id,
        at: r.at.toISOString(),
        by: r.byUser,
        byRole: (r.byRole as Role | null) ?? null,
        action: r.action,
        target: r.target,
        before: r.before ?? null,
        after: r.after ?? null,
        source: r.source,
      })),
      meta: pageMeta(pagination.page, pagination.pageSize, total),
    };
  }
}

/** The fields whose values differ, as `{before, after}` objects holding only those fields. */
export function diffFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  keys: string[],
): { fields: string[]; before: Record<string, unknown>; after: Record<string, unknown> } {
  const fields = keys.filter((k) => canonicalJson(before[k] ?? null) !== canonicalJson(after[k] ?? null));
  return {
    fields,
    before: Object.fromEntries(fields.map((k) => [k, before[k] ?? null])),
    after: Object.fromEntries(fields.map((k) => [k, after[k] ?? null])),
  };
}

/** JSON with object keys sorted at every level (jsonb does not keep key order), for comparing values. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

import { Injectable } from '@nestjs/common';
import type { AnyEventDef, EventPayload } from '@tiredash/contracts';
import { randomUUID } from 'node:crypto';
import type { EntityManager, QueryRunner } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { type TraceCarrier, traceHeaders } from '@tiredash/runtime';
import { validationFailed } from '../zod-errors';
import { OutboxEntity } from './outbox.entity';

/** The LISTEN channel of a service's relay: any writer may `NOTIFY outbox_<schema>` to wake it at once. */
export function outboxChannel(schema: string): string {
  return `outbox_${schema}`;
}

/** Query runners whose open transaction wrote outbox rows; the relay is woken when one commits. */
export const outboxPendingCommits = new WeakSet<QueryRunner>();
/** The relays of this process (usually one), woken when outbox rows were committed. */
export const outboxCommitListeners = new Set<() => void>();

function announceAfterCommit(runner: QueryRunner | undefined): void {
  if (runner?.isTransactionActive) outboxPendingCommits.add(runner);
  else for (const wake of outboxCommitListeners) wake();
}

/** An outbox row ready to be written: validated payload, event id, subject and time. */
export interface OutboxRow {
  id: string;
  subject: string;
  payload: Record<string, unknown>;
  occurredAt: Date;
  /** The trace context and request id of the work writing the event (published as its NATS headers); null: none. */
  headers: TraceCarrier | null;
}

/** Rows per INSERT statement (PostgreSQL allows 65535 parameters; 5 per row). */
const MAX_ROWS_PER_INSERT = 1000;

/** Writes events into the outbox inside the caller's transaction; the OutboxRelay publishes them. */
@Injectable()
export class OutboxService {
  /** Validates the payload with def.schema and inserts the row with `manager`; returns the event id. */
  async add<E extends AnyEventDef>(
    manager: EntityManager,
    def: E,
    payload: EventPayload<E>,
  ): Promise<string> {
    const [id] = await this.addMany(manager, def, [payload]);
    if (id === undefined) throw new Error(`Outbox: no event id for ${def.subject}`);
    return id;
  }

  /**
   * Several events of one type in one statement (e.g. a bid closed per losing bidder): each payload validated,
   * the rows inserted in order (their publication order) in as few round trips as the parameter limit allows.
   */
  async addMany<E extends AnyEventDef>(
    manager: EntityManager,
    def: E,
    payloads: EventPayload<E>[],
  ): Promise<string[]> {
    const occurredAt = new Date();
    const rows = payloads.map((payload) => this.row(def, payload, occurredAt));
    if (rows.length === 0) return [];
    const meta = manager.connection.getMetadata(OutboxEntity);
    if (manager.connection.driver.options.type !== 'postgres' || !meta.schema) {
      for (const row of rows) await manager.insert(OutboxEntity, { ...row, publishedAt: null } as QueryDeepPartialEntity<OutboxEntity>);
      announceAfterCommit(manager.queryRunner);
      return rows.map((r) => r.id);
    }
    // One round trip per chunk. The relay of this process is woken when the transaction commits (a NOTIFY
    // here would serialise every commit of the database on PostgreSQL's notify lock: measured, "Lock:object").
    for (let start = 0; start < rows.length; start += MAX_ROWS_PER_INSERT) {
      const chunk = rows.slice(start, start + MAX_ROWS_PER_INSERT);
      const params: unknown[] = [];
      const values = chunk.map((row) => {
        params.push(row.id, row.subject, JSON.stringify(row.payload), row.occurredAt, row.headers === null ? null : JSON.stringify(row.headers));
        const n = params.length;
        return `($${n - 4}, $${n - 3}, $${n - 2}::jsonb, $${n - 1}, $${n}::jsonb)`;
      });
      await manager.query(
        `INSERT INTO "${meta.schema}"."${meta.tableName}" ("id", "subject", "payload", "occurred_at", "headers") VALUES ${values.join(', ')}`,
        params,
      );
    }
    announceAfterCommit(manager.queryRunner);
    return rows.map((r) => r.id);
  }

  /**
   * One validated outbox row, for a hot path that writes it in a statement of its own (the bid path's single
   * write round trip): the caller inserts it into `table(...)` inside its transaction and calls `committed()`
   * after COMMIT so that the relay publishes it at once. Its `headers` (the current trace context and request id,
   * taken here) go into the row's "headers" column.
   */
  row<E extends AnyEventDef>(def: E, payload: EventPayload<E>, occurredAt: Date = new Date()): OutboxRow {
    const parsed = def.schema.safeParse(payload);
    if (!parsed.success) throw validationFailed(parsed.error, `Invalid payload for event ${def.subject}`);
    const headers = traceHeaders();
    return {
      id: randomUUID(),
      subject: def.subject,
      payload: parsed.data as Record<string, unknown>,
      occurredAt,
      headers: Object.keys(headers).length > 0 ? headers : null,
    };
  }

  /** The quoted outbox table of the service owning `manager`'s connection, e.g. "requests"."outbox". */
  table(manager: EntityManager): string {
    const meta = manager.connection.getMetadata(OutboxEntity);
    return meta.schema ? `"${meta.schema}"."${meta.tableName}"` : `"${meta.tableName}"`;
  }

  /** Wakes this process's relay after a transaction that wrote outbox rows without `add` committed. */
  committed(): void {
    for (const wake of outboxCommitListeners) wake();
  }
}

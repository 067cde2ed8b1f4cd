import type { MigrationInterface, QueryRunner } from 'typeorm';

function checkSchema(schema: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name "${schema}"`);
  return schema;
}

/** The DDL of the `outbox` and `inbox` tables in a service's schema (matches OutboxEntity / InboxEntity). */
export function outboxInboxMigrationSql(schema: string): { up: string[]; down: string[] } {
  const s = checkSchema(schema);
  return {
    up: [
      `CREATE TABLE "${s}"."outbox" ("id" uuid NOT NULL, "seq" BIGSERIAL NOT NULL, "subject" character varying(255) NOT NULL, "payload" jsonb NOT NULL, "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL, "published_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_outbox" PRIMARY KEY ("id"))`,
      `CREATE INDEX "IDX_outbox_unpublished" ON "${s}"."outbox" ("seq") WHERE "published_at" IS NULL`,
      // Also added by createOutboxHeadersMigration to the tables made before it existed.
      ...outboxHeadersMigrationSql(s).up,
      `CREATE TABLE "${s}"."inbox" ("consumer" character varying(200) NOT NULL, "event_id" uuid NOT NULL, "processed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_inbox" PRIMARY KEY ("consumer", "event_id"))`,
    ],
    down: [`DROP TABLE "${s}"."inbox"`, `DROP INDEX "${s}"."IDX_outbox_unpublished"`, `DROP TABLE "${s}"."outbox"`],
  };
}

/**
 * A TypeORM migration class creating `outbox` and `inbox` in the schema; put it in the service's migrations:
 * `migrations: [createOutboxInboxMigration('identity', 1760000000000), ...]`.
 */
export function createOutboxInboxMigration(schema: string, timestamp: number): new () => MigrationInterface {
  const sql = outboxInboxMigrationSql(schema);
  const name = `OutboxInbox${timestamp}`;
  class OutboxInboxMigration implements MigrationInterface {
    name = name;

    async up(q: QueryRunner): Promise<void> {
      for (const statement of sql.up) await q.query(statement);
    }

    async down(q: QueryRunner): Promise<void> {
      for (const statement of sql.down) await q.query(statement);
    }
  }
  Object.defineProperty(OutboxInboxMigration, 'name', { value: name });
  return OutboxInboxMigration;
}

/**
 * The outbox's "headers" column (the trace context and request id published with each event as NATS headers).
 * Idempotent: a table created by createOutboxInboxMigration since has it already.
 */
export function outboxHeadersMigrationSql(schema: string): { up: string[]; down: string[] } {
  const s = checkSchema(schema);
  return {
    up: [`ALTER TABLE "${s}"."outbox" ADD COLUMN IF NOT EXISTS "headers" jsonb`],
    down: [`ALTER TABLE "${s}"."outbox" DROP COLUMN IF EXISTS "headers"`],
  };
}

/** A TypeORM migration class adding the outbox's "headers" column, for services whose outbox predates it. */
export function createOutboxHeadersMigration(schema: string, timestamp: number): new () => MigrationInterface {
  const sql = outboxHeadersMigrationSql(schema);
  const name = `OutboxHeaders${timestamp}`;
  class OutboxHeadersMigration implements MigrationInterface {
    name = name;

    async up(q: QueryRunner): Promise<void> {
      for (const statement of sql.up) await q.query(statement);
    }

    async down(q: QueryRunner): Promise<void> {
      for (const statement of sql.down) await q.query(statement);
    }
  }
  Object.defineProperty(OutboxHeadersMigration, 'name', { value: name });
  return OutboxHeadersMigration;
}

import type { DataSourceOptions, MixedList, EntitySchema } from 'typeorm';

/** Entity classes/schemas and migration classes, as TypeORM accepts them. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export type EntityList = MixedList<Function | string | EntitySchema>;
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export type MigrationList = MixedList<Function | string>;

export interface DatabaseConfig {
  url: string;
  /** The service's own Postgres schema (e.g. 'identity'): its tables and its migrations table live there. */
  schema: string;
  entities: EntityList;
  migrations: MigrationList;
  /** Let TypeORM run migrations at initialize (no lock). Prefer PersistenceModule / runMigrations. Default false. */
  migrationsRun?: boolean;
  logging?: boolean;
  /** Connections in the pool; default DATABASE_POOL_SIZE from the environment, else 10 (pg's default). */
  poolSize?: number;
}

/** DATABASE_POOL_SIZE (1..200) when set, else 10. */
export function defaultPoolSize(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.DATABASE_POOL_SIZE;
  if (raw === undefined || raw === '') return 10;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 200) throw new Error(`DATABASE_POOL_SIZE must be an integer from 1 to 200 (got "${raw}")`);
  return n;
}

export const MIGRATIONS_TABLE = 'migrations';

const SCHEMA_NAME = /^[a-z_][a-z0-9_]*$/;

export function assertSchemaName(schema: string): void {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name "${schema}" (lower-case letters, digits, _)`);
}

/**
 * PostgreSQL options for a service: its own schema (also first on the search_path, so plain SQL in
 * migrations lands there), the migrations table inside it, never `synchronize`. Uuid defaults use the
 * built-in gen_random_uuid() (no extension to install).
 */
export function databaseOptions(cfg: DatabaseConfig): DataSourceOptions {
  assertSchemaName(cfg.schema);
  return {
    type: 'postgres',
    url: cfg.url,
    schema: cfg.schema,
    entities: cfg.entities,
    migrations: cfg.migrations,
    migrationsTableName: MIGRATIONS_TABLE,
    migrationsRun: cfg.migrationsRun ?? false,
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: cfg.logging ?? false,
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    poolSize: cfg.poolSize ?? defaultPoolSize(),
    extra: { options: `-c search_path=${cfg.schema},public` },
  };
}

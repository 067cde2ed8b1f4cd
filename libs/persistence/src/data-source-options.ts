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
  /**
   * A direct connection to PostgreSQL when `url` goes through PgBouncer in transaction mode: the migrations (and
   * their session advisory lock) run on it, and the pooled connections then carry no startup option (PgBouncer
   * refuses `options`: give each service's role its search_path instead). Default DATABASE_DIRECT_URL; null: none.
   */
  directUrl?: string | null;
}

/** DATABASE_POOL_SIZE (1..200) when set, else 10. */
export function defaultPoolSize(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.DATABASE_POOL_SIZE;
  if (raw === undefined || raw === '') return 10;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 200) throw new Error(`DATABASE_POOL_SIZE must be an integer from 1 to 200 (got "${raw}")`);
  return n;
}

/** DATABASE_DIRECT_URL when set (a postgres:// URL), else null. */
export function defaultDirectUrl(env: NodeJS.ProcessEnv = process.env): string | null {
  const raw = env.DATABASE_DIRECT_URL;
  if (raw === undefined || raw === '') return null;
  if (!/^postgres(ql)?:\/\//.test(raw)) throw new Error('DATABASE_DIRECT_URL must be a postgres:// URL');
  return raw;
}

/** The `-c search_path=...` startup option of a service's connections. */
function searchPathOption(schema: string): { options: string } {
  return { options: `-c search_path=${schema},public` };
}

export const MIGRATIONS_TABLE = 'migrations';

const SCHEMA_NAME = /^[a-z_][a-z0-9_]*$/;

export function assertSchemaName(schema: string): void {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name "${schema}" (lower-case letters, digits, _)`);
}

/**
 * PostgreSQL options for a service: its own schema (also first on the search_path, so plain SQL in
 * migrations lands there), the migrations table inside it, never `synchronize`. Uuid defaults use the
 * built-in gen_random_uuid() (no extension to install). With a direct URL (behind PgBouncer) the pooled
 * connections send no search_path startup option; directOptions() gives the direct connection's options.
 */
export function databaseOptions(cfg: DatabaseConfig): DataSourceOptions {
  assertSchemaName(cfg.schema);
  const directUrl = cfg.directUrl === undefined ? defaultDirectUrl() : cfg.directUrl;
  const options = {
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
    extra: directUrl ? {} : searchPathOption(cfg.schema),
  } satisfies DataSourceOptions;
  // Under a symbol: TypeORM ignores it, object spreads (@nestjs/typeorm's) keep it, and DataSource#options holds it
  // for the outbox relay (libs/messaging reads the same Symbol.for key), which LISTENs on the direct URL too.
  return directUrl ? Object.assign(options, { [DIRECT_URL]: directUrl }) : options;
}

/** Where databaseOptions() leaves the direct URL on the options (and so on DataSource#options). */
export const DIRECT_URL: unique symbol = Symbol.for('tiredash.databaseDirectUrl');

/** The direct URL databaseOptions() recorded on these options (or a DataSource's), else null. */
export function directUrlOf(options: DataSourceOptions): string | null {
  const url = (options as { [DIRECT_URL]?: unknown })[DIRECT_URL];
  return typeof url === 'string' ? url : null;
}

/**
 * Options for a direct connection of the same service (its migrations under their advisory lock): the direct URL,
 * the search_path startup option, a pool of two (one holds the lock, one runs the migrations). Null when the
 * options were built without a direct URL.
 */
export function directOptions(options: DataSourceOptions): DataSourceOptions | null {
  const url = directUrlOf(options);
  const schema = (options as { schema?: string }).schema;
  if (!url || !schema) return null;
  return { ...options, url, poolSize: 2, extra: searchPathOption(schema) } as DataSourceOptions;
}

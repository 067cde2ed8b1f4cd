import { Client } from 'pg';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { assertSchemaName } from './data-source-options';

/** CREATE SCHEMA IF NOT EXISTS, serialised with an advisory lock (concurrent creates can otherwise collide). */
export async function ensureSchema(url: string, schema: string): Promise<void> {
  assertSchemaName(schema);
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [lockKey(schema)]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}

function lockKey(schema: string): string {
  return `tiredash:migrations:${schema}`;
}

function schemaOf(dataSource: DataSource): string {
  const schema = (dataSource.options as { schema?: string }).schema;
  if (!schema) throw new Error('The data source has no schema; build its options with databaseOptions()');
  assertSchemaName(schema);
  return schema;
}

/**
 * Creates the schema and runs the pending migrations of an initialised data source while holding a
 * Postgres advisory lock keyed by the schema, so replicas starting together run them once, one after the
 * other. Returns the names of the migrations this call ran.
 */
export async function runPendingMigrations(dataSource: DataSource): Promise<string[]> {
  const schema = schemaOf(dataSource);
  const lockRunner = dataSource.createQueryRunner();
  await lockRunner.connect();
  try {
    await lockRunner.query('SELECT pg_advisory_lock(hashtext($1))', [lockKey(schema)]);
    try {
      await lockRunner.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
      const ran = await dataSource.runMigrations({ transaction: 'each' });
      return ran.map((m) => m.name);
    } finally {
      await lockRunner.query('SELECT pg_advisory_unlock(hashtext($1))', [lockKey(schema)]);
    }
  } finally {
    await lockRunner.release();
  }
}

/** For the launcher and the Nx `migration:run` target: connect, migrate under the lock, disconnect. */
export async function runMigrations(options: DataSourceOptions): Promise<string[]> {
  const dataSource = new DataSource({ ...options, migrationsRun: false, synchronize: false });
  await dataSource.initialize();
  try {
    return await runPendingMigrations(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

/**
 * Throws when the entities and the migrations disagree: lists the SQL TypeORM would run to bring the
 * database (migrated) in line with the entities. Used by each service's "schema in sync" test.
 */
export async function assertEntitiesMatchMigrations(dataSource: DataSource): Promise<void> {
  const sql = await dataSource.driver.createSchemaBuilder().log();
  const queries = sql.upQueries.map((q) => q.query.trim()).filter((q) => q.length > 0);
  if (queries.length > 0) {
    throw new Error(
      `Entities and migrations disagree; a migration is missing for:\n${queries.map((q) => `  ${q};`).join('\n')}`,
    );
  }
}

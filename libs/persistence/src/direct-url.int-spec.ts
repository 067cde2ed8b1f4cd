import 'reflect-metadata';
import { createTestDatabase, type TestDatabase } from '@tiredash/testing';
import type { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { databaseOptions, defaultDirectUrl, directUrlOf } from './data-source-options';
import { openAndMigrate } from './persistence.module';
import { WidgetEntity, widgetMigration } from './test-fixtures/widget.fixture';

/** The same database under another application_name: which connection ran what shows in pg_stat_activity. */
function as(url: string, applicationName: string): string {
  const u = new URL(url);
  u.searchParams.set('application_name', applicationName);
  return u.toString();
}

/** A migration that records the session it ran in: its application_name and search_path. */
function recordingMigration(schema: string) {
  return class RecordSession1700000000001 implements MigrationInterface {
    name = 'RecordSession1700000000001';

    async up(q: QueryRunner): Promise<void> {
      await q.query(
        `CREATE TABLE "${schema}"."session_seen" AS SELECT current_setting('application_name') AS app, current_setting('search_path') AS path`,
      );
    }

    async down(q: QueryRunner): Promise<void> {
      await q.query(`DROP TABLE "${schema}"."session_seen"`);
    }
  };
}

describe('DATABASE_DIRECT_URL: migrations on a direct connection when the pool goes through PgBouncer (real PostgreSQL)', () => {
  let db: TestDatabase;
  let ds: DataSource | undefined;

  beforeEach(async () => {
    db = await createTestDatabase('persistence-direct');
  });

  afterEach(async () => {
    if (ds?.isInitialized) await ds.destroy();
    ds = undefined;
    await db.drop();
  });

  it('reads DATABASE_DIRECT_URL (empty: none; not a postgres URL: refused)', () => {
    expect(defaultDirectUrl({})).toBeNull();
    expect(defaultDirectUrl({ DATABASE_DIRECT_URL: '' })).toBeNull();
    expect(defaultDirectUrl({ DATABASE_DIRECT_URL: 'postgres://u@db:5432/x' })).toBe('postgres://u@db:5432/x');
    expect(() => defaultDirectUrl({ DATABASE_DIRECT_URL: 'db:5432' })).toThrow('DATABASE_DIRECT_URL must be a postgres:// URL');
  });

  it('without one: the pool migrates itself and carries the search_path startup option', async () => {
    const options = databaseOptions({ url: as(db.url, 'pooled'), schema: 'svc', entities: [WidgetEntity], migrations: [widgetMigration('svc'), recordingMigration('svc')], directUrl: null });
    expect(directUrlOf(options)).toBeNull();
    ds = await openAndMigrate(options);
    expect(await ds.query(`SELECT app, path FROM "svc"."session_seen"`)).toEqual([{ app: 'pooled', path: 'svc,public' }]);
  });

  it('with one: the migrations (and their lock) run on the direct connection; the pooled connections send no startup option', async () => {
    const options = databaseOptions({
      url: as(db.url, 'pooled'),
      schema: 'svc',
      entities: [WidgetEntity],
      migrations: [widgetMigration('svc'), recordingMigration('svc')],
      directUrl: as(db.url, 'direct'),
    });
    // What PgBouncer in transaction mode refuses: an `options` startup parameter.
    expect(options.extra).toEqual({});
    ds = await openAndMigrate(options);
    expect(await ds.query(`SELECT app, path FROM "svc"."session_seen"`)).toEqual([{ app: 'direct', path: 'svc,public' }]);
    // The pooled connection: the server's default path (the role's, behind PgBouncer), and the direct one is closed.
    expect(await ds.query(`SELECT current_setting('application_name') AS app, current_setting('search_path') AS path`)).toEqual([
      { app: 'pooled', path: '"$user", public' },
    ]);
    const direct: Array<{ n: string }> = await ds.query(
      `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'direct'`,
    );
    expect(Number(direct[0]!.n)).toBe(0);
    // Entities name their schema, so the pool works without the path.
    await ds.getRepository(WidgetEntity).insert({ name: 'w', priceCents: 100 });
    expect(await ds.getRepository(WidgetEntity).count()).toBe(1);
  });
});

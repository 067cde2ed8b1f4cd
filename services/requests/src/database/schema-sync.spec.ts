import { assertEntitiesMatchMigrations, databaseOptions, runMigrations } from '@tiredash/persistence';
import { createTestDatabase, type TestDatabase } from '@tiredash/testing';
import { DataSource } from 'typeorm';
import { REQUESTS_ENTITIES, REQUESTS_MIGRATIONS, REQUESTS_SCHEMA } from './database';

describe('requests schema', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase('requests_schema');
  });

  afterAll(async () => {
    await db?.drop();
  });

  const options = () =>
    databaseOptions({ url: db.url, schema: REQUESTS_SCHEMA, entities: REQUESTS_ENTITIES, migrations: REQUESTS_MIGRATIONS });

  it('is exactly what the entities describe once the migrations ran, and the down migrations undo it', async () => {
    const ran = await runMigrations(options());
    expect(ran).toEqual(['InitRequests1767312000000', 'OutboxInbox1767312000001', 'JobProgressRatings1767400000000', 'Supply1767600000000', 'TireSizes1767600000001', 'OutboxHeaders1768100000000', 'JobChat1768300000000', 'NoShows1768400000002', 'Disputes1768470000000', 'JobExtras1768600000001']);
    const ds = await new DataSource(options()).initialize();
    try {
      await assertEntitiesMatchMigrations(ds);
      const tables: { table_name: string }[] = await ds.query(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name`,
        [REQUESTS_SCHEMA],
      );
      expect(tables.map((t) => t.table_name)).toEqual([
        'bids',
        'customer_profiles',
        'disputes',
        'inbox',
        'job_extras',
        'job_messages',
        'migrations',
        'offers',
        'outbox',
        'provider_profiles',
        'provider_stats',
        'ratings',
        'service_requests',
      ]);
      const gist: { indexdef: string }[] = await ds.query(
        `SELECT indexdef FROM pg_indexes WHERE schemaname = $1 AND indexname = 'ix_provider_profiles_coverage'`,
        [REQUESTS_SCHEMA],
      );
      expect(gist[0]?.indexdef).toMatch(/USING gist \(coverage\) WHERE \(\(is_approved = true\) AND \(online = true\)\)/);
      for (let i = 0; i < ran.length; i++) await ds.undoLastMigration();
      const left: { n: string }[] = await ds.query(
        `SELECT count(*)::text AS n FROM information_schema.tables WHERE table_schema = $1 AND table_name <> 'migrations'`,
        [REQUESTS_SCHEMA],
      );
      expect(left[0]!.n).toBe('0');
    } finally {
      await ds.destroy();
    }
  });
});

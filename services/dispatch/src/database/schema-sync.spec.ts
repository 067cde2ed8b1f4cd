import { assertEntitiesMatchMigrations, databaseOptions, runMigrations } from '@tiredash/persistence';
import { createTestDatabase, type TestDatabase } from '@tiredash/testing';
import { DataSource } from 'typeorm';
import { DISPATCH_ENTITIES, DISPATCH_MIGRATIONS, DISPATCH_SCHEMA } from './database';

describe('dispatch schema', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase('dispatch_schema');
  });

  afterAll(async () => {
    await db?.drop();
  });

  const options = () =>
    databaseOptions({ url: db.url, schema: DISPATCH_SCHEMA, entities: DISPATCH_ENTITIES, migrations: DISPATCH_MIGRATIONS });

  it('is exactly what the entities describe once the migrations ran, and the down migrations undo it', async () => {
    const ran = await runMigrations(options());
    expect(ran).toEqual(['OutboxInbox1767500000000', 'InitDispatch1767500000001', 'OutboxHeaders1768100000000']);
    const ds = await new DataSource(options()).initialize();
    try {
      await assertEntitiesMatchMigrations(ds);
      const tables: { table_name: string }[] = await ds.query(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name`,
        [DISPATCH_SCHEMA],
      );
      expect(tables.map((t) => t.table_name)).toEqual(['inbox', 'jobs', 'migrations', 'outbox', 'track_points']);
      await ds.undoLastMigration();
      await ds.undoLastMigration();
      await ds.undoLastMigration();
      const left: { n: string }[] = await ds.query(
        `SELECT count(*)::text AS n FROM information_schema.tables WHERE table_schema = $1 AND table_name <> 'migrations'`,
        [DISPATCH_SCHEMA],
      );
      expect(left[0]!.n).toBe('0');
    } finally {
      await ds.destroy();
    }
  });
});

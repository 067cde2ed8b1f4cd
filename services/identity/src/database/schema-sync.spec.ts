import { assertEntitiesMatchMigrations, databaseOptions, runMigrations } from '@tiredash/persistence';
import { createTestDatabase, type TestDatabase } from '@tiredash/testing';
import { DataSource } from 'typeorm';
import { IDENTITY_ENTITIES, IDENTITY_MIGRATIONS, IDENTITY_SCHEMA } from './database';

describe('identity schema', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase('identity_schema');
  });

  afterAll(async () => {
    await db?.drop();
  });

  const options = () =>
    databaseOptions({
      url: db.url,
      schema: IDENTITY_SCHEMA,
      entities: IDENTITY_ENTITIES,
      migrations: IDENTITY_MIGRATIONS,
    });

  it('is exactly what the entities describe once the migrations ran', async () => {
    const ran = await runMigrations(options());
    expect(ran).toEqual(IDENTITY_MIGRATIONS.map((m) => m.name));
    const ds = await new DataSource(options()).initialize();
    try {
      await assertEntitiesMatchMigrations(ds);
      const tables: { table_name: string }[] = await ds.query(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name`,
        [IDENTITY_SCHEMA],
      );
      expect(tables.map((t) => t.table_name)).toEqual([
        'customers',
        'inbox',
        'migrations',
        'outbox',
        'providers',
        'refresh_tokens',
        'users',
      ]);
      // Down migrations undo everything.
      for (let i = 0; i < IDENTITY_MIGRATIONS.length; i += 1) await ds.undoLastMigration();
      const left: { n: string }[] = await ds.query(
        `SELECT count(*)::text AS n FROM information_schema.tables WHERE table_schema = $1 AND table_name <> 'migrations'`,
        [IDENTITY_SCHEMA],
      );
      expect(left[0]!.n).toBe('0');
    } finally {
      await ds.destroy();
    }
  });
});

import { assertEntitiesMatchMigrations, databaseOptions, runMigrations } from '@tiredash/persistence';
import { createTestDatabase, type TestDatabase } from '@tiredash/testing';
import { DataSource } from 'typeorm';
import { CONTENT_ENTITIES, CONTENT_MIGRATIONS, CONTENT_SCHEMA } from './database';

describe('content schema', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase('content_schema');
  });
  afterAll(async () => {
    await db?.drop();
  });

  const options = () =>
    databaseOptions({ url: db.url, schema: CONTENT_SCHEMA, entities: CONTENT_ENTITIES, migrations: CONTENT_MIGRATIONS });

  it('is exactly what the entities describe once the migrations ran, with an append-only audit log', async () => {
    const ran = await runMigrations(options());
    expect(ran).toEqual(CONTENT_MIGRATIONS.map((m) => m.name));
    const ds = await new DataSource(options()).initialize();
    try {
      await assertEntitiesMatchMigrations(ds);
      const tables: { table_name: string }[] = await ds.query(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name`,
        [CONTENT_SCHEMA],
      );
      expect(tables.map((t) => t.table_name)).toEqual([
        'audit_log',
        'inbox',
        'known_completions',
        'known_customers',
        'known_disputes',
        'known_jobs',
        'known_providers',
        'known_ratings',
        'media',
        'migrations',
        'outbox',
        'pages',
        'report_money',
        'report_providers',
        'report_ratings',
        'report_requests',
        'settings',
      ]);
      // The one settings row with the spec's default fees ($10 card fee, 20% commission, $5 minimum withdrawal).
      const settings: Record<string, number>[] = await ds.query(
        `SELECT service_fee_dollars, wallet_fee_percent, cancellation_fee_dollars, no_show_fee_dollars, min_withdrawal_dollars FROM content.settings`,
      );
      expect(settings).toEqual([
        { service_fee_dollars: 10, wallet_fee_percent: 20, cancellation_fee_dollars: 0, no_show_fee_dollars: 0, min_withdrawal_dollars: 5 },
      ]);

      await ds.query(
        `INSERT INTO content.audit_log (id, at, action, target, source) VALUES (gen_random_uuid(), now(), 'x', 'y', 'content')`,
      );
      await expect(ds.query(`UPDATE content.audit_log SET action = 'changed'`)).rejects.toThrow(/append-only/);
      await expect(ds.query(`DELETE FROM content.audit_log`)).rejects.toThrow(/append-only/);
      await expect(ds.query(`TRUNCATE content.audit_log`)).rejects.toThrow(/append-only/);
      const left: { n: string }[] = await ds.query(`SELECT count(*)::text AS n FROM content.audit_log`);
      expect(left[0]!.n).toBe('1');

      for (let i = 0; i < CONTENT_MIGRATIONS.length; i += 1) await ds.undoLastMigration();
      const rest: { n: string }[] = await ds.query(
        `SELECT count(*)::text AS n FROM information_schema.tables WHERE table_schema = $1 AND table_name <> 'migrations'`,
        [CONTENT_SCHEMA],
      );
      expect(rest[0]!.n).toBe('0');
    } finally {
      await ds.destroy();
    }
  });
});

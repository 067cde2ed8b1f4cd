import { assertEntitiesMatchMigrations, databaseOptions, runMigrations } from '@tiredash/persistence';
import { createTestDatabase, type TestDatabase } from '@tiredash/testing';
import { DataSource } from 'typeorm';
import { PAYMENTS_ENTITIES, PAYMENTS_MIGRATIONS, PAYMENTS_SCHEMA } from './database';

describe('payments schema', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase('payments_schema');
  });

  afterAll(async () => {
    await db?.drop();
  });

  const options = () =>
    databaseOptions({
      url: db.url,
      schema: PAYMENTS_SCHEMA,
      entities: PAYMENTS_ENTITIES,
      migrations: PAYMENTS_MIGRATIONS,
    });

  it('is exactly what the entities describe once the migrations ran', async () => {
    const ran = await runMigrations(options());
    expect(ran).toEqual(['InitPayments1767225700000', 'OutboxInbox1767225700001', 'RequestProgress1767600000000', 'ProviderApproval1767600000001', 'OutboxHeaders1768100000000', 'FeeSplits1768200000000', 'Tips1768400000000', 'Refunds1768470000000', 'ExtraHolds1768600000002', 'ScheduledHolds1768700000000']);
    const ds = await new DataSource(options()).initialize();
    try {
      await assertEntitiesMatchMigrations(ds);
      const tables: { table_name: string }[] = await ds.query(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name`,
        [PAYMENTS_SCHEMA],
      );
      expect(tables.map((t) => t.table_name)).toEqual([
        'authorizations',
        'extra_holds',
        'inbox',
        'migrations',
        'outbox',
        'payment_accounts',
        'provider_refs',
        'refunds',
        'request_refs',
        'saved_cards',
        'scheduled_holds',
        'stripe_customers',
        'tips',
        'wallet_entries',
        'wallets',
        'webhook_events',
        'withdrawals',
      ]);
      // Down migrations undo everything.
      await ds.undoLastMigration();
      await ds.undoLastMigration();
      await ds.undoLastMigration();
      await ds.undoLastMigration();
      await ds.undoLastMigration();
      await ds.undoLastMigration();
      await ds.undoLastMigration();
      await ds.undoLastMigration();
      await ds.undoLastMigration();
      await ds.undoLastMigration();
      const left: { n: string }[] = await ds.query(
        `SELECT count(*)::text AS n FROM information_schema.tables WHERE table_schema = $1 AND table_name <> 'migrations'`,
        [PAYMENTS_SCHEMA],
      );
      expect(left[0]!.n).toBe('0');
    } finally {
      await ds.destroy();
    }
  });
});

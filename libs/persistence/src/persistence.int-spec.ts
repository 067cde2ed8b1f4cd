import 'reflect-metadata';
import { Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { InjectRepository, TypeOrmModule } from '@nestjs/typeorm';
import { createTestDatabase, type TestDatabase } from '@tiredash/testing';
import { DataSource, Repository } from 'typeorm';
import { databaseOptions } from './data-source-options';
import { assertEntitiesMatchMigrations, ensureSchema, runMigrations, runPendingMigrations } from './migrations';
import { PersistenceModule } from './persistence.module';
import { DriftedWidgetEntity, WidgetEntity, widgetMigration } from './test-fixtures/widget.fixture';

describe('persistence (real PostgreSQL)', () => {
  let db: TestDatabase;
  const open: DataSource[] = [];

  beforeEach(async () => {
    db = await createTestDatabase('persistence');
  });

  afterEach(async () => {
    await Promise.all(open.splice(0).map((d) => (d.isInitialized ? d.destroy() : undefined)));
    await db.drop();
  });

  async function dataSource(schema: string, entities: Array<typeof WidgetEntity>, sleep = 0): Promise<DataSource> {
    const ds = new DataSource(databaseOptions({ url: db.url, schema, entities, migrations: [widgetMigration(schema, sleep)] }));
    open.push(ds);
    return ds.initialize();
  }

  async function tablesIn(schema: string): Promise<string[]> {
    const ds = await dataSource('public', []);
    const rows: Array<{ table_name: string }> = await ds.query(
      'SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name',
      [schema],
    );
    return rows.map((r) => r.table_name);
  }

  it('runs migrations inside the service schema, migrations table included', async () => {
    const ran = await runMigrations(databaseOptions({ url: db.url, schema: 'shop', entities: [WidgetEntity], migrations: [widgetMigration('shop')] }));
    expect(ran).toEqual(['CreateWidget1700000000000']);
    expect(await tablesIn('shop')).toEqual(['migrations', 'widget']);
    expect(await tablesIn('public')).toEqual([]);

    // A second run has nothing to do.
    const again = await runMigrations(databaseOptions({ url: db.url, schema: 'shop', entities: [WidgetEntity], migrations: [widgetMigration('shop')] }));
    expect(again).toEqual([]);
  });

  it('is safe when two data sources migrate at the same time', async () => {
    // The migration holds its transaction for a while, so without the lock both would create the table.
    const [a, b] = await Promise.all([dataSource('race', [WidgetEntity], 0.5), dataSource('race', [WidgetEntity], 0.5)]);
    const results = await Promise.all([runPendingMigrations(a), runPendingMigrations(b)]);
    expect(results.flat()).toEqual(['CreateWidget1700000000000']);
    const rows: Array<{ name: string }> = await a.query('SELECT name FROM "race"."migrations"');
    expect(rows.map((r) => r.name)).toEqual(['CreateWidget1700000000000']);
  });

  it('ensureSchema is idempotent and concurrent-safe', async () => {
    await Promise.all([ensureSchema(db.url, 'twice'), ensureSchema(db.url, 'twice'), ensureSchema(db.url, 'twice')]);
    await ensureSchema(db.url, 'twice');
    const ds = await dataSource('public', []);
    const rows: unknown[] = await ds.query("SELECT 1 FROM information_schema.schemata WHERE schema_name = 'twice'");
    expect(rows).toHaveLength(1);
  });

  it('assertEntitiesMatchMigrations passes when in sync and lists the SQL when an entity column has no migration', async () => {
    const inSync = await dataSource('sync', [WidgetEntity]);
    await runPendingMigrations(inSync);
    await expect(assertEntitiesMatchMigrations(inSync)).resolves.toBeUndefined();

    const drifted = await dataSource('sync', [DriftedWidgetEntity]);
    await expect(assertEntitiesMatchMigrations(drifted)).rejects.toThrow(/ADD "colour" text/);
  });

  it('PersistenceModule migrates at start-up and serves repositories in the schema', async () => {
    @Injectable()
    class WidgetService {
      constructor(@InjectRepository(WidgetEntity) readonly repo: Repository<WidgetEntity>) {}
    }
    @Module({ imports: [TypeOrmModule.forFeature([WidgetEntity])], providers: [WidgetService], exports: [WidgetService] })
    class WidgetModule {}

    const moduleRef = await Test.createTestingModule({
      imports: [
        PersistenceModule.forRoot({ url: db.url, schema: 'shop', entities: [WidgetEntity], migrations: [widgetMigration('shop')] }),
        WidgetModule,
      ],
    }).compile();
    const app = await moduleRef.init();
    try {
      const svc = app.get(WidgetService);
      const saved = await svc.repo.save(svc.repo.create({ name: 'valve', priceCents: 250 }));
      expect(saved.id).toMatch(/^[0-9a-f-]{36}$/);
      const ds = app.get(DataSource);
      const rows: Array<{ name: string }> = await ds.query('SELECT name FROM "shop"."widget"');
      expect(rows).toEqual([{ name: 'valve' }]);
      await expect(assertEntitiesMatchMigrations(ds)).resolves.toBeUndefined();
    } finally {
      await app.close();
    }
  });
});

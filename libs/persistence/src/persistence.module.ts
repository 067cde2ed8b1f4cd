import { type DynamicModule, type FactoryProvider, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { type DatabaseConfig, databaseOptions, directOptions } from './data-source-options';
import { runMigrations, runPendingMigrations } from './migrations';

export type PersistenceConfig = Omit<DatabaseConfig, 'migrationsRun'>;

export interface PersistenceAsyncConfig {
  imports?: DynamicModule['imports'];
  inject?: FactoryProvider['inject'];
  useFactory: (...args: never[]) => PersistenceConfig | Promise<PersistenceConfig>;
}

/**
 * Migrates (under the advisory lock), then opens the service's pool. With a direct URL (the pool goes through
 * PgBouncer in transaction mode) the migrations run first on a short-lived direct connection: a session lock
 * taken through a transaction pooler could be released on another server connection, or never.
 */
export async function openAndMigrate(options?: DataSourceOptions): Promise<DataSource> {
  if (!options) throw new Error('PersistenceModule: no data source options');
  const direct = directOptions(options);
  if (direct) {
    await runMigrations(direct);
    return new DataSource(options).initialize();
  }
  const dataSource = await new DataSource(options).initialize();
  try {
    await runPendingMigrations(dataSource);
  } catch (err) {
    await dataSource.destroy();
    throw err;
  }
  return dataSource;
}

/**
 * The service's TypeORM connection: its own schema, migrations run (under an advisory lock) at start-up.
 * Re-exports TypeOrmModule, so feature modules use `TypeOrmModule.forFeature([...])`, `@InjectRepository`
 * and `DataSource`.
 */
@Module({})
export class PersistenceModule {
  static forRoot(cfg: PersistenceConfig): DynamicModule {
    return PersistenceModule.forRootAsync({ useFactory: () => cfg });
  }

  static forRootAsync(cfg: PersistenceAsyncConfig): DynamicModule {
    return {
      module: PersistenceModule,
      imports: [
        TypeOrmModule.forRootAsync({
          imports: cfg.imports,
          inject: cfg.inject,
          useFactory: async (...args: unknown[]) => databaseOptions(await cfg.useFactory(...(args as never[]))),
          dataSourceFactory: openAndMigrate,
        }),
      ],
      exports: [TypeOrmModule],
    };
  }
}

import { type DynamicModule, type FactoryProvider, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { type DatabaseConfig, databaseOptions } from './data-source-options';
import { runPendingMigrations } from './migrations';

export type PersistenceConfig = Omit<DatabaseConfig, 'migrationsRun'>;

export interface PersistenceAsyncConfig {
  imports?: DynamicModule['imports'];
  inject?: FactoryProvider['inject'];
  useFactory: (...args: never[]) => PersistenceConfig | Promise<PersistenceConfig>;
}

async function openAndMigrate(options?: DataSourceOptions): Promise<DataSource> {
  if (!options) throw new Error('PersistenceModule: no data source options');
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

import { Module, type DynamicModule, type INestMicroservice, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { PersistenceModule } from '@tiredash/persistence';
import { MessagingModule, createMicroserviceOptions } from '@tiredash/messaging';
import { DispatchConfigModule } from './common/dispatch-config.module';
import { RedisModule } from './common/redis.module';
import { SERVICE_NAME } from './common/service-name';
import type { DispatchConfig } from './config';
import { DISPATCH_ENTITIES, DISPATCH_MIGRATIONS, DISPATCH_SCHEMA } from './database/database';
import { GeoModule } from './geo/geo.module';
import { HealthController } from './health/health.controller';
import { JobsModule } from './jobs/jobs.module';
import { LocationModule } from './location/location.module';

export { SERVICE_NAME };

@Module({})
export class AppModule {
  /** The whole service: schema migrated at start-up, DISPATCH stream ensured, requests consumers, the location stream. */
  static forRoot(config: DispatchConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        DispatchConfigModule.forRoot(config),
        RedisModule,
        PersistenceModule.forRoot({
          url: config.databaseUrl,
          schema: DISPATCH_SCHEMA,
          entities: DISPATCH_ENTITIES,
          migrations: DISPATCH_MIGRATIONS,
        }),
        MessagingModule.forRoot({
          serviceName: SERVICE_NAME,
          natsUrl: config.natsUrl,
          credentials: config.natsCredentials,
          namespace: config.natsNamespace,
          streams: ['DISPATCH'],
        }),
        GeoModule,
        LocationModule,
        JobsModule,
      ],
      controllers: [HealthController],
    };
  }
}

export interface BootstrapOptions {
  /** Nest log levels; `false` silences Nest's logger (tests). Default: log, warn, error. */
  logger?: LogLevel[] | false;
}

/** Starts dispatch as a NATS microservice (no HTTP) and resolves once it listens. `await app.close()` stops it. */
export async function bootstrapDispatch(config: DispatchConfig, opts: BootstrapOptions = {}): Promise<INestMicroservice> {
  const app = await NestFactory.createMicroservice(AppModule.forRoot(config), {
    ...createMicroserviceOptions({ serviceName: SERVICE_NAME, natsUrl: config.natsUrl, credentials: config.natsCredentials, namespace: config.natsNamespace }),
    logger: opts.logger ?? ['log', 'warn', 'error'],
  });
  await app.listen();
  return app;
}

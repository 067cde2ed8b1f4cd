import { Module, type DynamicModule, type INestMicroservice, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { PersistenceModule } from '@tiredash/persistence';
import { MessagingModule, createMicroserviceOptions } from '@tiredash/messaging';
import { IdentityConfigModule } from './common/identity-config.module';
import type { IdentityConfig } from './config';
import { CustomersModule } from './customers/customers.module';
import { IDENTITY_ENTITIES, IDENTITY_MIGRATIONS, IDENTITY_SCHEMA } from './database/database';
import { HealthController } from './health/health.controller';
import { ProvidersModule } from './providers/providers.module';
import { UsersModule } from './users/users.module';

export const SERVICE_NAME = 'identity';

@Module({})
export class AppModule {
  /** The whole service: its schema migrated at start-up, the IDENTITY stream ensured, every command handler. */
  static forRoot(config: IdentityConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        IdentityConfigModule.forRoot(config),
        PersistenceModule.forRoot({
          url: config.databaseUrl,
          schema: IDENTITY_SCHEMA,
          entities: IDENTITY_ENTITIES,
          migrations: IDENTITY_MIGRATIONS,
        }),
        MessagingModule.forRoot({
          serviceName: SERVICE_NAME,
          natsUrl: config.natsUrl,
          credentials: config.natsCredentials,
          namespace: config.natsNamespace,
          streams: ['IDENTITY'],
        }),
        UsersModule,
        CustomersModule,
        ProvidersModule,
      ],
      controllers: [HealthController],
    };
  }
}

export interface BootstrapOptions {
  /** Nest log levels; `false` silences Nest's logger (tests). Default: log, warn, error. */
  logger?: LogLevel[] | false;
}

/**
 * Starts identity as a NATS microservice (no HTTP) and resolves once it listens. The gateway's tests call
 * it in-process; `await app.close()` stops it (relay, NATS connections, database).
 */
export async function bootstrapIdentity(
  config: IdentityConfig,
  opts: BootstrapOptions = {},
): Promise<INestMicroservice> {
  const app = await NestFactory.createMicroservice(AppModule.forRoot(config), {
    ...createMicroserviceOptions({
      serviceName: SERVICE_NAME,
      natsUrl: config.natsUrl,
      credentials: config.natsCredentials,
      namespace: config.natsNamespace,
    }),
    logger: opts.logger ?? ['log', 'warn', 'error'],
  });
  await app.listen();
  return app;
}

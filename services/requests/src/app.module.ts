import { Module, type DynamicModule, type INestMicroservice, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { PersistenceModule } from '@tiredash/persistence';
import { MessagingModule, createMicroserviceOptions } from '@tiredash/messaging';
import { BidsModule } from './bids/bids.module';
import { RequestsConfigModule } from './common/requests-config.module';
import type { RequestsConfig } from './config';
import { REQUESTS_ENTITIES, REQUESTS_MIGRATIONS, REQUESTS_SCHEMA } from './database/database';
import { HealthController } from './health/health.controller';
import { JobChatModule } from './job-chat/job-chat.module';
import { ExtrasModule } from './extras/extras.module';
import { DisputesModule } from './disputes/disputes.module';
import { JobProgressModule } from './job-progress/job-progress.module';
import { MatchingModule } from './matching/matching.module';
import { PhotosModule } from './photos/photos.module';
import { RatingsModule } from './ratings/ratings.module';
import { ReadModelsModule } from './read-models/read-models.module';
import { ServiceRequestsModule } from './service-requests/service-requests.module';

export const SERVICE_NAME = 'requests';

@Module({})
export class AppModule {
  /** The whole service: schema migrated at start-up, REQUESTS stream ensured, identity consumers, every handler. */
  static forRoot(config: RequestsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        RequestsConfigModule.forRoot(config),
        PersistenceModule.forRoot({
          url: config.databaseUrl,
          schema: REQUESTS_SCHEMA,
          entities: REQUESTS_ENTITIES,
          migrations: REQUESTS_MIGRATIONS,
        }),
        MessagingModule.forRoot({
          serviceName: SERVICE_NAME,
          natsUrl: config.natsUrl,
          credentials: config.natsCredentials,
          namespace: config.natsNamespace,
          streams: ['REQUESTS'],
        }),
        ReadModelsModule,
        MatchingModule,
        ServiceRequestsModule,
        BidsModule,
        JobProgressModule,
        RatingsModule,
        PhotosModule,
        JobChatModule,
        ExtrasModule,
        DisputesModule,
      ],
      controllers: [HealthController],
    };
  }
}

export interface BootstrapOptions {
  /** Nest log levels; `false` silences Nest's logger (tests). Default: log, warn, error. */
  logger?: LogLevel[] | false;
}

/** Starts requests as a NATS microservice (no HTTP) and resolves once it listens. `await app.close()` stops it. */
export async function bootstrapRequests(config: RequestsConfig, opts: BootstrapOptions = {}): Promise<INestMicroservice> {
  const app = await NestFactory.createMicroservice(AppModule.forRoot(config), {
    ...createMicroserviceOptions({ serviceName: SERVICE_NAME, natsUrl: config.natsUrl, credentials: config.natsCredentials, namespace: config.natsNamespace }),
    logger: opts.logger ?? ['log', 'warn', 'error'],
  });
  await app.listen();
  return app;
}

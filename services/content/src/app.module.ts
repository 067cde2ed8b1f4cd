import { Module, type DynamicModule, type INestMicroservice, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { PersistenceModule } from '@tiredash/persistence';
import { MessagingModule, createMicroserviceOptions } from '@tiredash/messaging';
import { AuditController } from './audit/audit.controller';
import { AuditService } from './audit/audit.service';
import { IdentityAuditEvents } from './audit/identity-audit.events';
import { ContentConfigModule } from './common/content-config.module';
import type { ContentConfig } from './config';
import { CONTENT_ENTITIES, CONTENT_MIGRATIONS, CONTENT_SCHEMA } from './database/database';
import { HealthController } from './health/health.controller';
import { MediaController } from './media/media.controller';
import { MediaService } from './media/media.service';
import { PagesController } from './pages/pages.controller';
import { PagesService } from './pages/pages.service';
import { ReportsController } from './reports/reports.controller';
import { ReportsEvents } from './reports/reports.events';
import { ReportsService } from './reports/reports.service';
import { SettingsController } from './settings/settings.controller';
import { SettingsService } from './settings/settings.service';
import { StatsController } from './stats/stats.controller';
import { StatsEvents } from './stats/stats.events';
import { DisputeStatsEvents } from './stats/dispute-stats.events';
import { StatsService } from './stats/stats.service';

export const SERVICE_NAME = 'content';

@Module({})
export class AppModule {
  /** The whole service: its schema migrated at start-up, the CONTENT stream ensured, every handler and consumer. */
  static forRoot(config: ContentConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ContentConfigModule.forRoot(config),
        PersistenceModule.forRoot({
          url: config.databaseUrl,
          schema: CONTENT_SCHEMA,
          entities: CONTENT_ENTITIES,
          migrations: CONTENT_MIGRATIONS,
        }),
        MessagingModule.forRoot({
          serviceName: SERVICE_NAME,
          natsUrl: config.natsUrl,
          credentials: config.natsCredentials,
          namespace: config.natsNamespace,
          streams: ['CONTENT'],
        }),
      ],
      controllers: [
        PagesController,
        SettingsController,
        MediaController,
        StatsController,
        ReportsController,
        AuditController,
        HealthController,
      ],
      providers: [AuditService, SettingsService, PagesService, MediaService, StatsService, StatsEvents, DisputeStatsEvents, ReportsService, ReportsEvents, IdentityAuditEvents],
    };
  }
}

export interface BootstrapOptions {
  /** Nest log levels; `false` silences Nest's logger (tests). Default: log, warn, error. */
  logger?: LogLevel[] | false;
}

/** Starts content as a NATS microservice (no HTTP); `await app.close()` stops it. */
export async function bootstrapContent(config: ContentConfig, opts: BootstrapOptions = {}): Promise<INestMicroservice> {
  const app = await NestFactory.createMicroservice(AppModule.forRoot(config), {
    ...createMicroserviceOptions({ serviceName: SERVICE_NAME, natsUrl: config.natsUrl, credentials: config.natsCredentials, namespace: config.natsNamespace }),
    logger: opts.logger ?? ['log', 'warn', 'error'],
  });
  await app.listen();
  return app;
}

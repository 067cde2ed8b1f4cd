import { Module, type DynamicModule, type INestMicroservice, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { PersistenceModule } from '@tiredash/persistence';
import { MessagingModule, createMicroserviceOptions } from '@tiredash/messaging';
import { AccountsService } from './accounts/accounts.service';
import { AuthorizationsService } from './authorizations/authorizations.service';
import { UnclaimedAuthorizationsSweeper } from './authorizations/unclaimed.sweeper';
import { WithdrawalReconciler } from './wallet/withdrawal-reconciler';
import { CardsService } from './cards/cards.service';
import { PAYMENTS_CONFIG, STRIPE } from './common/payments-config.token';
import { createStripeClient } from './common/stripe-client';
import type { PaymentsConfig } from './config';
import { PAYMENTS_ENTITIES, PAYMENTS_MIGRATIONS, PAYMENTS_SCHEMA } from './database/database';
import { HealthController } from './health/health.controller';
import { PaymentsController } from './payments.controller';
import { ProviderAccess } from './read-model/provider-access.service';
import { ReadModelEvents } from './read-model/read-model.events';
import { WalletEvents } from './wallet/wallet.events';
import { WalletService } from './wallet/wallet.service';
import { PlatformFeesService } from './settings/platform-fees.service';
import { TipsService } from './tips/tips.service';
import { ExtraHoldsController } from './extras/extra-holds.controller';
import { ExtraHoldsService } from './extras/extra-holds.service';
import { RefundsController } from './refunds/refunds.controller';
import { RefundsService } from './refunds/refunds.service';
import { WebhooksService } from './webhooks/webhooks.service';
import { PAYMENTS_CLOCK, clockOf } from './scheduled-holds/clock';
import { ScheduledHoldsController } from './scheduled-holds/scheduled-holds.controller';
import { ScheduledHoldsEvents } from './scheduled-holds/scheduled-holds.events';
import { ScheduledHoldsService } from './scheduled-holds/scheduled-holds.service';
import { ScheduledHoldsSweeper } from './scheduled-holds/scheduled-holds.sweeper';

export const SERVICE_NAME = 'payments';

@Module({})
export class AppModule {
  /** The whole service: its schema migrated at start-up, the PAYMENTS stream ensured, handlers and consumers. */
  static forRoot(config: PaymentsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PersistenceModule.forRoot({
          url: config.databaseUrl,
          schema: PAYMENTS_SCHEMA,
          entities: PAYMENTS_ENTITIES,
          migrations: PAYMENTS_MIGRATIONS,
        }),
        MessagingModule.forRoot({
          serviceName: SERVICE_NAME,
          natsUrl: config.natsUrl,
          credentials: config.natsCredentials,
          namespace: config.natsNamespace,
          streams: ['PAYMENTS'],
        }),
      ],
      controllers: [PaymentsController, RefundsController, ExtraHoldsController, ScheduledHoldsController, HealthController],
      providers: [
        { provide: PAYMENTS_CONFIG, useValue: config },
        { provide: STRIPE, useFactory: () => createStripeClient(config.stripe) },
        { provide: PAYMENTS_CLOCK, useFactory: () => clockOf(config) },
        ProviderAccess,
        PlatformFeesService,
        CardsService,
        AuthorizationsService,
        UnclaimedAuthorizationsSweeper,
        AccountsService,
        WalletService,
        WebhooksService,
        TipsService,
        ScheduledHoldsService,
        ScheduledHoldsSweeper,
        ScheduledHoldsEvents,
        ExtraHoldsService,
        RefundsService,
        ReadModelEvents,
        WalletEvents,
        WithdrawalReconciler,
      ],
    };
  }
}

export interface BootstrapOptions {
  /** Nest log levels; `false` silences Nest's logger (tests). Default: log, warn, error. */
  logger?: LogLevel[] | false;
}

/** Starts payments as a NATS microservice (no HTTP) and resolves once it listens. */
export async function bootstrapPayments(config: PaymentsConfig, opts: BootstrapOptions = {}): Promise<INestMicroservice> {
  const app = await NestFactory.createMicroservice(AppModule.forRoot(config), {
    ...createMicroserviceOptions({ serviceName: SERVICE_NAME, natsUrl: config.natsUrl, credentials: config.natsCredentials, namespace: config.natsNamespace }),
    logger: opts.logger ?? ['log', 'warn', 'error'],
  });
  await app.listen();
  return app;
}

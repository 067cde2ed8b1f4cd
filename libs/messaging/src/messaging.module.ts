import { type DynamicModule, Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { EventConsumers } from './events/event-consumers';
import { EventPublisher } from './events/event-publisher';
import { MessagingConnection } from './messaging-connection';
import { MESSAGING_OPTIONS, type MessagingOptions } from './messaging.options';
import { MessagingMetrics } from './metrics/messaging-metrics';
import { OutboxInboxPruner } from './outbox/outbox-inbox-pruner';
import { OutboxRelay } from './outbox/outbox-relay';
import { OutboxService } from './outbox/outbox.service';
import { MessagingClient } from './rpc/messaging-client';

/**
 * Global messaging for a service: MessagingClient (request-reply), OutboxService + OutboxRelay (when
 * OutboxEntity is registered in the DataSource), EventConsumers (@OnEvent) and EventPublisher; the scrape-time
 * metrics of the outbox, the JetStream consumers, the dead letters and the pool (MessagingMetrics) and the
 * retention pruning of outbox and inbox rows (OutboxInboxPruner).
 */
@Global()
@Module({})
export class MessagingModule {
  static forRoot(options: MessagingOptions): DynamicModule {
    const providers = [
      { provide: MESSAGING_OPTIONS, useValue: options },
      MessagingConnection,
      MessagingClient,
      EventPublisher,
      OutboxService,
      OutboxRelay,
      EventConsumers,
      MessagingMetrics,
      OutboxInboxPruner,
    ];
    return {
      module: MessagingModule,
      imports: [DiscoveryModule],
      providers,
      exports: [MESSAGING_OPTIONS, MessagingConnection, MessagingClient, EventPublisher, OutboxService, OutboxRelay, EventConsumers],
    };
  }
}

import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { LOCATION_POINT_SUBJECT, locationPointSchema } from '@tiredash/contracts';
import { MessagingConnection, namespacedSubject } from '@tiredash/messaging';
import type { Subscription } from 'nats';
import { SERVICE_QUEUE } from '../common/service-name';
import { LocationStore } from './location-store';

/**
 * Consumes the live location stream on core NATS (queue group `dispatch`: replicas share it). Loss tolerant:
 * a point that fails is logged and dropped, never retried (the next one supersedes it).
 */
@Injectable()
export class LocationConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(LocationConsumer.name);
  private sub: Subscription | null = null;
  private readonly decoder = new TextDecoder();

  constructor(
    private readonly messaging: MessagingConnection,
    private readonly store: LocationStore,
  ) {}

  onApplicationBootstrap(): void {
    const subject = namespacedSubject(this.messaging.namespace, LOCATION_POINT_SUBJECT);
    this.sub = this.messaging.connection.subscribe(subject, {
      queue: SERVICE_QUEUE,
      callback: (err, msg) => {
        if (err) {
          this.logger.error(`location subscription: ${err.message}`);
          return;
        }
        let point;
        try {
          point = locationPointSchema.parse(JSON.parse(this.decoder.decode(msg.data)));
        } catch {
          this.store.stats.invalid += 1;
          return;
        }
        this.store.record(point).catch((e: unknown) => {
          this.logger.warn(`location point of ${point.requestId} dropped: ${e instanceof Error ? e.message : String(e)}`);
        });
      },
    });
    this.logger.log(`Live locations on ${subject} (core NATS, queue ${SERVICE_QUEUE})`);
  }

  async onModuleDestroy(): Promise<void> {
    if (this.sub && !this.sub.isClosed()) await this.sub.drain().catch(() => undefined);
    await this.store.flush();
  }
}

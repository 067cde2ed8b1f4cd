import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import type { RealtimeConfig } from '../config';
import { REALTIME_CONFIG } from './realtime-config.token';

/**
 * The two Redis connections of a realtime node: `pub` (the Socket.IO adapter publishes emits on it; the
 * delivery ledger uses the same connection, so a ledger write that answered proves the emit before it was
 * processed by Redis) and `sub` (the adapter's subscriber, in subscribed mode).
 */
@Injectable()
export class RedisClients implements OnApplicationShutdown {
  private readonly logger = new Logger(RedisClients.name);
  readonly pub: Redis;
  readonly sub: Redis;

  constructor(@Inject(REALTIME_CONFIG) config: RealtimeConfig) {
    const opts = { maxRetriesPerRequest: 3, enableOfflineQueue: true, lazyConnect: false };
    this.pub = new Redis(config.redisUrl, { ...opts, connectionName: 'realtime-pub' });
    this.sub = new Redis(config.redisUrl, { ...opts, connectionName: 'realtime-sub' });
    for (const [name, client] of [['pub', this.pub], ['sub', this.sub]] as const) {
      client.on('error', (err: Error) => this.logger.warn(`redis ${name}: ${err.message}`));
    }
  }

  get ready(): boolean {
    return this.pub.status === 'ready' && this.sub.status === 'ready';
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(
      [this.pub, this.sub].map(async (c) => {
        if (c.status !== 'end') await c.quit().catch(() => c.disconnect());
      }),
    );
  }
}

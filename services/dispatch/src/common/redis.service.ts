import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import type { DispatchConfig } from '../config';
import { DISPATCH_CONFIG } from './dispatch-config.module';

/** The service's Redis connection; every key is prefixed per NATS namespace so test stacks never collide. */
@Injectable()
export class RedisService implements OnApplicationShutdown {
  private readonly logger = new Logger(RedisService.name);
  readonly client: Redis;
  private readonly prefix: string;

  constructor(@Inject(DISPATCH_CONFIG) config: DispatchConfig) {
    this.client = new Redis(config.redisUrl, { maxRetriesPerRequest: 2, connectionName: 'dispatch', lazyConnect: false });
    this.client.on('error', (err: Error) => this.logger.warn(`redis: ${err.message}`));
    this.prefix = `${config.natsNamespace || 'tiredash'}:dispatch:`;
  }

  key(...parts: string[]): string {
    return this.prefix + parts.join(':');
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.client.status !== 'end') await this.client.quit().catch(() => this.client.disconnect());
  }
}

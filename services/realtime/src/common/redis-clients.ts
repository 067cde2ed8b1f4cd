import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import type { RealtimeConfig } from '../config';
import { REALTIME_CONFIG } from './realtime-config.token';

/**
 * The Redis connections of a realtime node:
 * - `pub`: the Socket.IO adapter's (Redis Streams: every broadcast is an XADD on it; the adapter reads the stream on
 *   connections of its own, duplicated from this one) and the delivery ledger's. One connection for both, so a ledger
 *   write that answered proves the XADD of the emit before it was processed by Redis. Its commands wait through a Redis
 *   outage (no retry limit) instead of failing: a rejected XADD would lose the emit for the other replicas' sockets.
 * - `commands`: everything that should fail fast while Redis is away (the handshake's session lookup, which then
 *   admits the token as the gateway does; the location dedupe; the readiness ping).
 */
@Injectable()
export class RedisClients implements OnApplicationShutdown {
  private readonly logger = new Logger(RedisClients.name);
  readonly pub: Redis;
  readonly commands: Redis;
  private readonly duplicates = new Set<Redis>();

  constructor(@Inject(REALTIME_CONFIG) config: RealtimeConfig) {
    const opts = { enableOfflineQueue: true, lazyConnect: false };
    this.pub = new Redis(config.redisUrl, { ...opts, maxRetriesPerRequest: null, connectionName: 'realtime-pub' });
    this.commands = new Redis(config.redisUrl, { ...opts, maxRetriesPerRequest: 3, connectionName: 'realtime-commands' });
    for (const [name, client] of [['pub', this.pub], ['commands', this.commands]] as const) {
      client.on('error', (err: Error) => this.logger.warn(`redis ${name}: ${err.message}`));
    }
    // The adapter opens its stream readers and subscriber with pub.duplicate() (same options: they wait through an
    // outage too): kept here so that shutdown ends them, even while Redis is unreachable (a reader blocked in XREAD
    // or waiting to reconnect would otherwise keep the process alive).
    const duplicate = this.pub.duplicate.bind(this.pub);
    this.pub.duplicate = (override?: Parameters<Redis['duplicate']>[0]): Redis => {
      const d = duplicate(override);
      this.duplicates.add(d);
      d.once('end', () => this.duplicates.delete(d));
      return d;
    };
  }

  get ready(): boolean {
    return this.pub.status === 'ready' && this.commands.status === 'ready';
  }

  /** For health reports: each connection's ioredis status. */
  get statusText(): string {
    return `pub ${this.pub.status}, commands ${this.commands.status}`;
  }

  async onApplicationShutdown(): Promise<void> {
    for (const d of this.duplicates) d.disconnect();
    this.duplicates.clear();
    await Promise.all(
      [this.pub, this.commands].map(async (c) => {
        if (c.status !== 'end') await c.quit().catch(() => c.disconnect());
      }),
    );
  }
}

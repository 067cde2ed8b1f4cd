import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { sessionEndedChannel } from '@tiredash/auth';
import Redis from 'ioredis';
import { REALTIME_CONFIG } from '../common/realtime-config.token';
import type { RealtimeConfig } from '../config';
import { SocketServer, tokenRoom } from './socket-server.service';

/**
 * Listens for the gateway's logouts (a revoked token id on a Redis channel) and disconnects this node's sockets
 * opened with that token; every node hears the message, so every socket of the session ends.
 */
@Injectable()
export class SessionEndListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SessionEndListener.name);
  private subscriber: Redis | null = null;

  constructor(
    private readonly sockets: SocketServer,
    @Inject(REALTIME_CONFIG) private readonly config: RealtimeConfig,
  ) {}

  onApplicationBootstrap(): void {
    const channel = sessionEndedChannel(this.config.natsNamespace);
    this.subscriber = new Redis(this.config.redisUrl, { maxRetriesPerRequest: 3, connectionName: 'realtime-session-end' });
    this.subscriber.on('error', (err: Error) => this.logger.warn(`redis session-end: ${err.message}`));
    this.subscriber.on('message', (ch: string, jti: string) => {
      if (ch === channel && jti) this.sockets.io.local.in(tokenRoom(jti)).disconnectSockets(true);
    });
    // Not awaited: a slow Redis must not hold the node's start; until subscribed, a logout's sockets end at expiry.
    this.subscriber.subscribe(channel).catch((err: unknown) => this.logger.warn(`session-end subscribe: ${err instanceof Error ? err.message : String(err)}`));
  }

  async onApplicationShutdown(): Promise<void> {
    const s = this.subscriber;
    this.subscriber = null;
    if (s && s.status !== 'end') await s.quit().catch(() => s.disconnect());
  }
}

import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { parseSessionEnded, sessionEndedChannel } from '@tiredash/auth';
import { socketRooms } from '@tiredash/contracts';
import Redis from 'ioredis';
import { REALTIME_CONFIG } from '../common/realtime-config.token';
import type { RealtimeConfig } from '../config';
import { SocketServer, tokenRoom } from './socket-server.service';

/**
 * Listens for ended sessions on a Redis channel and disconnects this node's sockets of them: a logout (a revoked
 * token id: the sockets opened with that token) or a role, approval or password change (`user:<id>:<version>`: the
 * user's sockets opened with an older token). Every node hears the message, so every such socket ends.
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
    this.subscriber.on('message', (ch: string, message: string) => {
      if (ch !== channel) return;
      const ended = parseSessionEnded(message);
      if (ended?.kind === 'token') this.sockets.io.local.in(tokenRoom(ended.jti)).disconnectSockets(true);
      else if (ended?.kind === 'user') void this.endUserSocketsBefore(ended.userId, ended.version);
    });
    // Not awaited: a slow Redis must not hold the node's start; until subscribed, a logout's sockets end at expiry.
    this.subscriber.subscribe(channel).catch((err: unknown) => this.logger.warn(`session-end subscribe: ${err instanceof Error ? err.message : String(err)}`));
  }

  /** Disconnects this node's sockets of the user opened with a token older than `version` (newer ones stay). */
  private async endUserSocketsBefore(userId: string, version: number): Promise<void> {
    try {
      const sockets = await this.sockets.io.local.in(socketRooms.user(userId)).fetchSockets();
      for (const socket of sockets) if (socket.data.sessionVersion < version) socket.disconnect(true);
    } catch (err) {
      this.logger.warn(`session-end of user ${userId}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    const s = this.subscriber;
    this.subscriber = null;
    if (s && s.status !== 'end') await s.quit().catch(() => s.disconnect());
  }
}

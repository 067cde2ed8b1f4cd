import type { Server as HttpServer } from 'node:http';
import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import {
  SOCKET_IO_PATH,
  SOCKET_UNAUTHORIZED,
  socketRooms,
  type Actor,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@tiredash/contracts';
import { Server, type Socket } from 'socket.io';
import { RedisClients } from '../common/redis-clients';
import { REALTIME_CONFIG } from '../common/realtime-config.token';
import type { RealtimeConfig } from '../config';
import { verifyHandshake } from './socket-auth';
import { refusedBySessionState, revokedTokenKey, sessionVersionKey } from '@tiredash/auth';
import { ClientEventsHandler } from './client-events.handler';
import { BidReplay } from '../fanout/bid-replay.service';
import { ProfileDirectory } from './profile-directory.service';

export interface SocketData {
  actor: NonNullable<Actor>;
  /** The provider's business documentId, when it has one (room `provider:<id>`). */
  businessId: string | null;
  /** The handshake token's id and expiry (seconds): the socket ends with the session. */
  tokenId: string | null;
  tokenExp: number | null;
  /** The token's session version: a role, approval or password change raising the user's ends the socket. */
  sessionVersion: number;
}

/** The room of the sockets opened with one token: a logout disconnects them. */
export const tokenRoom = (jti: string): string => `token:${jti}`;

/** Replicas exchange no events of their own (the Redis adapter carries the broadcasts). */
export type InterServerEvents = Record<string, never>;

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

const LOCAL_DEV_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/** Entries kept in the adapter's stream (trimmed approximately): minutes of emits at the bid path's peak rate. */
const ADAPTER_STREAM_MAX_LEN = 100_000;

/** The Redis stream and channel prefix of the Socket.IO adapter: per NATS namespace, so test stacks never see each other. */
export function adapterKey(namespace: string): string {
  return namespace ? `${namespace}#socket.io` : 'socket.io';
}

/**
 * Socket.IO 4 on the service's HTTP server at /socket.io, scaled out with the Redis adapter. A handshake
 * without a valid JWT is refused with `connect_error` 'unauthorized'; an accepted socket is put in
 * `user:<userId>` and, for a provider with a business, `provider:<businessId>`.
 */
@Injectable()
export class SocketServer implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger(SocketServer.name);
  private server?: RealtimeServer;
  private closing = false;
  private draining = false;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly redis: RedisClients,
    private readonly profiles: ProfileDirectory,
    private readonly clientEvents: ClientEventsHandler,
    private readonly bidReplay: BidReplay,
    @Inject(REALTIME_CONFIG) private readonly config: RealtimeConfig,
  ) {}

  get io(): RealtimeServer {
    if (!this.server) throw new Error('SocketServer used before module init');
    return this.server;
  }

  /** From SIGTERM (startDraining) or the start of the shutdown on: /readyz answers 503, new sockets are refused. */
  get isDraining(): boolean {
    return this.draining || this.closing;
  }

  /**
   * The signal came: /readyz answers 503 and handshakes are refused (403, which socket.io clients retry, through the
   * load balancer, on another pod); the sockets already here are served until the shutdown closes them.
   */
  startDraining(): void {
    this.draining = true;
  }

  onModuleInit(): void {
    const httpServer = this.adapterHost.httpAdapter.getHttpServer() as HttpServer;
    const cors = this.config.corsOrigins;
    const io: RealtimeServer = new Server(httpServer, {
      path: SOCKET_IO_PATH,
      serveClient: false,
      pingInterval: this.config.pingIntervalMs,
      pingTimeout: this.config.pingTimeoutMs,
      maxHttpBufferSize: 64 * 1024,
      // A draining pod takes no new session (the client's retry lands on another pod); open ones are not affected.
      allowRequest: (_req, cb) => cb(this.isDraining ? 'shutting down' : null, !this.isDraining),
      cors: {
        origin: (origin, cb) => cb(null, origin === undefined || cors === '*' || (cors === null ? LOCAL_DEV_ORIGIN.test(origin) : cors.includes(origin))),
        credentials: true,
      },
      // Redis Streams, not pub/sub: a replica whose Redis connection dropped (Redis restarted) reads on from its offset
      // when it is back, so an emit published meanwhile by another replica still reaches its sockets (with pub/sub it
      // was lost if it was published before this replica subscribed again).
      adapter: createAdapter(this.redis.pub, {
        streamName: adapterKey(this.config.natsNamespace),
        channelPrefix: adapterKey(this.config.natsNamespace),
        maxLen: ADAPTER_STREAM_MAX_LEN,
      }),
    });

    io.use((socket, next) => {
      const claims = verifyHandshake(socket.handshake, this.config.jwt);
      if (!claims) {
        next(new Error(SOCKET_UNAUTHORIZED));
        return;
      }
      socket.data.tokenId = claims.jti;
      socket.data.tokenExp = claims.exp;
      socket.data.sessionVersion = claims.sv;
      const actor = { userId: claims.sub, role: claims.role };
      // A logged-out token (revoked at the gateway, kept in Redis until it expires), or one issued before the user's
      // session version (a role, approval or password change), opens no socket: both read in one round trip.
      const ns = this.config.natsNamespace;
      const versionKey = sessionVersionKey(ns, claims.sub);
      const keys = claims.jti ? [revokedTokenKey(ns, claims.jti), versionKey] : [versionKey];
      this.redis.commands.mget(...keys).then(
        (values) => {
          const [revoked, version] = claims.jti ? values : [null, values[0]];
          if (refusedBySessionState(claims, revoked ?? null, version ?? null)) next(new Error(SOCKET_UNAUTHORIZED));
          else this.admit(socket, actor, next);
        },
        // Redis unreachable: as at the gateway, the token is taken as valid.
        () => this.admit(socket, actor, next),
      );
    });

    io.on('connection', (socket: RealtimeSocket) => {
      const { actor, businessId, tokenId, tokenExp } = socket.data;
      const rooms = [socketRooms.user(actor.userId)];
      if (businessId) rooms.push(socketRooms.provider(businessId));
      if (actor.role === 'admin') rooms.push(socketRooms.admins());
      if (tokenId) rooms.push(tokenRoom(tokenId));
      void socket.join(rooms);
      this.clientEvents.register(socket);
      // A reconnection: the bids emitted while this socket was away, to it alone (BidReplay).
      const resume = BidReplay.resumeOf(socket.handshake.auth);
      if (resume) {
        const target = { userId: actor.userId, emitNewBid: (p: unknown) => socket.emit('new_bid', p as Parameters<ServerToClientEvents['new_bid']>[0]) };
        this.bidReplay.replay(target, resume, Date.now()).catch((err: unknown) => {
          this.logger.warn(`replay to user ${actor.userId} failed: ${err instanceof Error ? err.message : String(err)}`);
        });
      }
      // The session ends when its token expires: so does the socket.
      if (tokenExp !== null) {
        const left = Math.min(tokenExp * 1000 - Date.now(), 2_147_000_000);
        const timer = setTimeout(() => socket.disconnect(true), Math.max(0, left));
        socket.once('disconnect', () => clearTimeout(timer));
      }
    });

    this.server = io;
    this.logger.log(`Socket.IO at ${SOCKET_IO_PATH} (Redis Streams adapter ${adapterKey(this.config.natsNamespace)})`);
  }

  /** The rest of the handshake of a verified caller: its actor, and a provider's business id. */
  private admit(socket: RealtimeSocket, actor: NonNullable<Actor>, next: (err?: Error) => void): void {
    socket.data.actor = actor;
    socket.data.businessId = null;
    if (actor.role !== 'provider') {
      next();
      return;
    }
    this.profiles.lookup(actor).then(
      (p) => {
        socket.data.businessId = p.businessId;
        next();
      },
      (err: unknown) => {
        // The user room still works; `join` retries the business lookup.
        this.logger.warn(`business of provider ${actor.userId} unknown at connect: ${err instanceof Error ? err.message : String(err)}`);
        next();
      },
    );
  }

  /**
   * Runs after the fan-out consumers stopped (onModuleDestroy), so every emit they had in hand reached Redis: leaves
   * the adapter, then closes this node's connections as a lost transport ('transport close'), which socket.io clients
   * take as "reconnect" (unlike a server disconnect, which tells them not to come back): they reconnect through the
   * load balancer to a ready pod and join again, and the bids they missed are replayed there (BidReplay).
   */
  async beforeApplicationShutdown(): Promise<void> {
    const io = this.server;
    if (this.closing || !io) return;
    this.closing = true;
    try {
      await Promise.resolve(io.of('/').adapter.close());
    } catch (err) {
      this.logger.warn(`Redis adapter close: ${err instanceof Error ? err.message : String(err)}`);
    }
    // Every engine client closed with its transport ('transport close' at the client): the reconnect hint.
    io.engine.close();
  }
}

import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import {
  LOCATION_POINT_SUBJECT,
  SERVER_EVENTS,
  driverLocationUpdatePayloadSchema,
  plausibleCoordinates,
  socketRooms,
  type SocketAck,
  type SocketErrorCode,
} from '@tiredash/contracts';
import { MessagingConnection, namespacedSubject } from '@tiredash/messaging';
import { RedisClients } from '../common/redis-clients';
import { REALTIME_CONFIG } from '../common/realtime-config.token';
import type { RealtimeConfig } from '../config';
import { JobDirectory } from './job-directory.service';
import type { RealtimeSocket } from './socket-server.service';

export type DropReason = 'invalid' | 'notProvider' | 'unknownJob' | 'wrongProvider' | 'inactive' | 'rateLimited' | 'unavailable';

export interface LocationStats {
  forwarded: number;
  /** Points whose key was forwarded before (sent again by the app): acknowledged, not forwarded. */
  replayed: number;
  dropped: Record<DropReason, number>;
}

const DROP_CODES: Record<DropReason, SocketErrorCode> = {
  invalid: 'VALIDATION_FAILED',
  notProvider: 'FORBIDDEN',
  unknownJob: 'NOT_FOUND',
  wrongProvider: 'FORBIDDEN',
  inactive: 'CONFLICT',
  rateLimited: 'RATE_LIMITED',
  unavailable: 'UNAVAILABLE',
};

const DROP_MESSAGES: Record<DropReason, string> = {
  invalid: 'Impossible coordinates or malformed point',
  notProvider: 'Only a provider streams its location',
  unknownJob: 'No job for this request',
  wrongProvider: "Only the job's provider streams its location",
  inactive: 'The job is not active',
  rateLimited: 'Too many points: at most the configured rate per job',
  unavailable: 'Service temporarily unavailable',
};

interface Bucket {
  tokens: number;
  last: number;
}

const SUMMARY_EVERY_MS = 30_000;
/**
 * How long a replayed point's key is remembered, and the oldest point taken offline that is still accepted (a
 * point older than the memory of its key could otherwise be forwarded twice).
 */
export const REPLAY_WINDOW_MS = 24 * 60 * 60 * 1000;
const BUCKET_IDLE_MS = 60_000;

/**
 * `driver_location_update` from the provider's socket: checked (the socket's business is the job's provider,
 * the job is active, coordinates plausible, at most REALTIME_LOCATION_MAX_PER_SECOND per job on this node),
 * then emitted as `driver_location {lat, lng, requestId}` to the customer's user room only, and published on
 * core NATS for dispatch (latest point, sampled track). With the job's access cached the whole path is
 * synchronous, so points leave in the order they came. Drops are counted (GET /health, a periodic log line)
 * and answered through the ack only; nothing dropped is forwarded.
 *
 * A point the provider app took offline and sends later carries `pointId` (its idempotency key) and `at` (when it
 * was taken): its key is claimed in Redis (SET NX, shared by every replica, kept REPLAY_WINDOW_MS) after the
 * checks, so a second delivery of the key (the app resending after a lost ack or a reload) is acknowledged with
 * `relayed: false` and forwarded to nobody; dispatch records it at `at` (never later than now).
 */
@Injectable()
export class LocationStream implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(LocationStream.name);
  private readonly buckets = new Map<string, Bucket>();
  private readonly subject: string;
  private readonly keyPrefix: string;
  private timer: NodeJS.Timeout | null = null;
  private lastLogged = '';
  readonly stats: LocationStats = {
    forwarded: 0,
    replayed: 0,
    dropped: { invalid: 0, notProvider: 0, unknownJob: 0, wrongProvider: 0, inactive: 0, rateLimited: 0, unavailable: 0 },
  };

  constructor(
    private readonly messaging: MessagingConnection,
    private readonly jobs: JobDirectory,
    @Inject(REALTIME_CONFIG) private readonly config: RealtimeConfig,
    private readonly redis: RedisClients,
  ) {
    this.keyPrefix = `${config.natsNamespace || 'tiredash'}:rt:point`;
    this.subject = namespacedSubject(config.natsNamespace, LOCATION_POINT_SUBJECT);
  }

  onModuleInit(): void {
    this.timer = setInterval(() => this.summarise(), SUMMARY_EVERY_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
    this.summarise();
  }

  async handle(socket: RealtimeSocket, raw: unknown): Promise<SocketAck> {
    const parsed = driverLocationUpdatePayloadSchema.safeParse(raw);
    if (!parsed.success || !plausibleCoordinates(parsed.data.lat, parsed.data.lng)) return this.drop('invalid');
    const { lat, lng, requestId, pointId } = parsed.data;
    const now = Date.now();
    const at = parsed.data.at === undefined ? now : Math.min(parsed.data.at, now);
    if (now - at > REPLAY_WINDOW_MS) return this.drop('invalid');
    if (socket.data.actor.role !== 'provider') return this.drop('notProvider');
    let job = this.jobs.peek(requestId);
    if (job === undefined) {
      try {
        job = await this.jobs.lookup(requestId);
      } catch (err) {
        this.logger.warn(`job ${requestId} lookup failed: ${err instanceof Error ? err.message : String(err)}`);
        return this.drop('unavailable');
      }
    }
    if (job === null) return this.drop('unknownJob');
    if (socket.data.businessId === null || job.providerId !== socket.data.businessId) return this.drop('wrongProvider');
    if (!job.active) return this.drop('inactive');
    if (!this.take(requestId)) return this.drop('rateLimited');
    if (pointId !== undefined) {
      let first: boolean;
      try {
        first = (await this.redis.commands.set(`${this.keyPrefix}:${requestId}:${pointId}`, '1', 'PX', REPLAY_WINDOW_MS, 'NX')) === 'OK';
      } catch (err) {
        this.logger.warn(`point key of ${requestId} not claimed: ${err instanceof Error ? err.message : String(err)}`);
        return this.drop('unavailable');
      }
      if (!first) {
        this.stats.replayed += 1;
        return { ok: true, relayed: false };
      }
    }
    socket.nsp.to(socketRooms.user(job.customerUserId)).emit(SERVER_EVENTS.driverLocation, { lat, lng, requestId });
    this.messaging.connection.publish(this.subject, JSON.stringify({ requestId, providerId: job.providerId, lat, lng, at }));
    this.stats.forwarded += 1;
    return { ok: true, relayed: true };
  }

  /** Token bucket per job: capacity and refill both REALTIME_LOCATION_MAX_PER_SECOND. */
  private take(requestId: string): boolean {
    const rate = this.config.locationMaxPerSecond;
    const now = Date.now();
    const b = this.buckets.get(requestId) ?? { tokens: rate, last: now };
    b.tokens = Math.min(rate, b.tokens + ((now - b.last) / 1000) * rate);
    b.last = now;
    this.buckets.set(requestId, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  private drop(reason: DropReason): SocketAck {
    this.stats.dropped[reason] += 1;
    return { ok: false, error: { code: DROP_CODES[reason], message: DROP_MESSAGES[reason] } };
  }

  private summarise(): void {
    const now = Date.now();
    for (const [id, b] of this.buckets) if (now - b.last > BUCKET_IDLE_MS) this.buckets.delete(id);
    const line = JSON.stringify(this.stats);
    if (line === this.lastLogged) return;
    this.lastLogged = line;
    const dropped = Object.values(this.stats.dropped).reduce((a, b) => a + b, 0);
    const text = `live locations: ${this.stats.forwarded} forwarded, ${dropped} dropped ${JSON.stringify(this.stats.dropped)}`;
    if (dropped > 0) this.logger.warn(text);
    else this.logger.log(text);
  }
}

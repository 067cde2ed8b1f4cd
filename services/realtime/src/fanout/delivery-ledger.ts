import { Inject, Injectable } from '@nestjs/common';
import { RedisClients } from '../common/redis-clients';
import { REALTIME_CONFIG } from '../common/realtime-config.token';
import type { RealtimeConfig } from '../config';

/**
 * Which events were already emitted, shared by every replica: `<prefix>:rt:sent:<durable>:<eventId>` in Redis,
 * kept a little longer than the oldest event still emitted (maxEventAgeMs). A redelivered event (ack lost,
 * node killed after the emit) is then acknowledged without a second emit.
 *
 * It writes on the adapter's publishing connection: Redis answers commands of one connection in order, so
 * once `markSent` resolved, the PUBLISH of the emit before it has been processed (handed to every replica).
 */
@Injectable()
export class DeliveryLedger {
  private readonly prefix: string;
  private readonly ttlMs: number;

  constructor(
    private readonly redis: RedisClients,
    @Inject(REALTIME_CONFIG) config: RealtimeConfig,
  ) {
    this.prefix = `${config.natsNamespace || 'tiredash'}:rt:sent`;
    this.ttlMs = config.maxEventAgeMs + 5 * 60 * 1000;
  }

  private key(durable: string, eventId: string): string {
    return `${this.prefix}:${durable}:${eventId}`;
  }

  async wasSent(durable: string, eventId: string): Promise<boolean> {
    return (await this.redis.pub.exists(this.key(durable, eventId))) === 1;
  }

  /** Records the emit with its time (ms): a reconnecting socket is owed the events emitted before it joined. */
  async markSent(durable: string, eventId: string, at = Date.now()): Promise<void> {
    await this.redis.pub.set(this.key(durable, eventId), String(at), 'PX', this.ttlMs);
  }

  /** When the event was emitted (ms), 0 for an entry without a time, null when it was not (yet). */
  async sentAt(durable: string, eventId: string): Promise<number | null> {
    const value = await this.redis.pub.get(this.key(durable, eventId));
    if (value === null) return null;
    const at = Number(value);
    return Number.isFinite(at) && at > 1 ? at : 0;
  }
}

import { Inject, Injectable, Logger } from '@nestjs/common';
import { BidPlaced, socketResumeSchema, type EventPayload, type SocketResume } from '@tiredash/contracts';
import { MessagingConnection, namespacedStream, namespacedSubject } from '@tiredash/messaging';
import { DeliverPolicy, type JsMsg } from 'nats';
import { REALTIME_CONFIG } from '../common/realtime-config.token';
import type { RealtimeConfig } from '../config';
import { DeliveryLedger } from './delivery-ledger';
import { REQUESTS_ROUTES } from './requests.routes';

/** What replay() needs of a socket: its user and a way to emit to it alone. */
export interface ReplayTarget {
  userId: string;
  emitNewBid(payload: unknown): void;
}

/** Messages fetched per pull while reading the window. */
const BATCH = 256;

/**
 * Missed `new_bid` events replayed to a reconnecting customer. A socket that was away (its realtime replica was
 * killed, the network dropped) says in its handshake since when it may have missed events and which bids of that
 * window it holds (`auth.resume`, socketResumeSchema). The service reads the window of the REQUESTS stream's
 * bid-placed events (an ordered consumer from that time, bounded by REALTIME_MAX_EVENT_AGE_MS, as live emits are)
 * and sends this socket alone, flagged `replayed`, each of the customer's bids that it does not hold and that the
 * fan-out emitted before the socket joined its rooms (the delivery ledger's time). An event not emitted yet, or
 * emitted after the join, reaches the socket live: it is not replayed, so nothing arrives twice.
 */
@Injectable()
export class BidReplay {
  private readonly logger = new Logger(BidReplay.name);
  private readonly route = REQUESTS_ROUTES.find((r) => r.def === BidPlaced);

  constructor(
    private readonly messaging: MessagingConnection,
    private readonly ledger: DeliveryLedger,
    @Inject(REALTIME_CONFIG) private readonly config: RealtimeConfig,
  ) {}

  /** The handshake's `auth.resume`, or null when there is none or it is malformed (then nothing is replayed). */
  static resumeOf(auth: unknown): SocketResume | null {
    const raw = (auth as { resume?: unknown } | null | undefined)?.resume;
    if (raw === undefined || raw === null) return null;
    const parsed = socketResumeSchema.safeParse(raw);
    return parsed.success ? parsed.data : null;
  }

  /** Replays what `target` missed between `resume.since` and `joinedAt` (ms); resolves with the count sent. */
  async replay(target: ReplayTarget, resume: SocketResume, joinedAt: number): Promise<number> {
    const route = this.route;
    if (!route) return 0;
    const from = Math.max(Date.parse(resume.since), joinedAt - this.config.maxEventAgeMs);
    if (!(from < joinedAt)) return 0;
    const held = new Set(resume.bidIds);
    const ns = this.messaging.namespace;
    const consumer = await this.messaging.js.consumers.get(namespacedStream(ns, BidPlaced.stream), {
      filterSubjects: namespacedSubject(ns, BidPlaced.subject),
      deliver_policy: DeliverPolicy.StartTime,
      opt_start_time: new Date(from).toISOString(),
    });
    let sent = 0;
    try {
      let pending = (await consumer.info()).num_pending;
      while (pending > 0) {
        let got = 0;
        const batch = await consumer.fetch({ max_messages: Math.min(BATCH, pending), expires: 2000 });
        for await (const m of batch) {
          got += 1;
          pending = m.info.pending;
          // Published after the socket joined: the fan-out emits it to the socket live.
          if (m.info.timestampNanos / 1e6 > joinedAt) {
            pending = 0;
            break;
          }
          const payload = this.payloadFor(m, target.userId);
          if (!payload || held.has(payload.bid.bidId)) continue;
          const at = await this.ledger.sentAt(route.durable, payload.eventId);
          // Not emitted yet (the socket will get it live), or emitted once the socket was in its rooms.
          if (at === null || at >= joinedAt) continue;
          const [emission] = route.toEmissions(payload.event);
          if (!emission) continue;
          target.emitNewBid({ ...(emission.payload as object), replayed: true });
          held.add(payload.bid.bidId);
          sent += 1;
        }
        if (got === 0) break;
      }
    } finally {
      await consumer.delete().catch(() => undefined);
    }
    if (sent) this.logger.log(`replayed ${sent} missed new_bid to user ${target.userId}`);
    return sent;
  }

  /** The bid-placed event of `m` when it is addressed to `userId`'s customer, else null. */
  private payloadFor(
    m: JsMsg,
    userId: string,
  ): { eventId: string; event: EventPayload<typeof BidPlaced>; bid: EventPayload<typeof BidPlaced>['bid'] } | null {
    try {
      const envelope = JSON.parse(new TextDecoder().decode(m.data)) as { id?: unknown; payload?: unknown };
      if (typeof envelope.id !== 'string') return null;
      const parsed = BidPlaced.schema.safeParse(envelope.payload);
      if (!parsed.success || parsed.data.customerUserId !== userId) return null;
      return { eventId: envelope.id, event: parsed.data, bid: parsed.data.bid };
    } catch {
      return null;
    }
  }
}

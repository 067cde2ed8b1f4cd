import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { deadLetterSubject, STREAMS, type EventEnvelope, type StreamName } from '@tiredash/contracts';
import { CONSUME_EXPIRES_MS, type ConsumerResume, MessagingConnection, type SupervisedConsumer, fromNatsHeaders, isNotFound, namespacedStream, namespacedSubject, superviseConsumer } from '@tiredash/messaging';
import { SpanKind, inMessageContext, inSpanSync } from '@tiredash/runtime';
import { AckPolicy, DeliverPolicy, headers as natsHeaders, nanos, type ConsumerMessages, type JsMsg } from 'nats';
import { REALTIME_CONFIG } from '../common/realtime-config.token';
import type { RealtimeConfig } from '../config';
import { SocketServer } from '../sockets/socket-server.service';
import { DeliveryLedger } from './delivery-ledger';
import type { Emission, FanoutRoute } from './emission';
import { JOB_CHAT_ROUTES } from './job-chat.routes';
import { DISPUTE_ROUTES } from './dispute.routes';
import { EXTRAS_ROUTES } from './extras.routes';
import { JOB_ROUTES } from './job.routes';
import { REQUESTS_ROUTES } from './requests.routes';
import { SCHEDULED_HOLD_ROUTES } from './scheduled-holds.routes';

/** Every route this node serves; later issues append theirs (dispatch, payments). */
export const FANOUT_ROUTES = Symbol('FANOUT_ROUTES');
export const DEFAULT_FANOUT_ROUTES: FanoutRoute[] = [...REQUESTS_ROUTES, ...JOB_ROUTES, ...JOB_CHAT_ROUTES, ...EXTRAS_ROUTES, ...DISPUTE_ROUTES, ...SCHEDULED_HOLD_ROUTES];

const MAX_BACKOFF_MS = 30_000;
/** Events of one consumer handled concurrently (see start()). */
const MAX_IN_FLIGHT = 128;

/**
 * Turns JetStream domain events into socket emits. One durable pull consumer per event type, shared by every
 * realtime replica, so each event is handled by exactly one replica, which emits through the Redis adapter to
 * the sockets of all replicas. A message is acknowledged only after its emit reached Redis (see DeliveryLedger),
 * so a node that stops mid-stream leaves the rest to be redelivered: nothing owed is lost, nothing is emitted twice.
 */
@Injectable()
export class JetStreamFanout implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(JetStreamFanout.name);
  private readonly running: SupervisedConsumer[] = [];
  /** Events emitted by this node since start (for /health and tests). */
  emitted = 0;

  constructor(
    private readonly messaging: MessagingConnection,
    private readonly sockets: SocketServer,
    private readonly ledger: DeliveryLedger,
    @Inject(REALTIME_CONFIG) private readonly config: RealtimeConfig,
    @Inject(FANOUT_ROUTES) private readonly routes: FanoutRoute[],
  ) {}

  get consumers(): string[] {
    return this.running.map((c) => c.durable);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.fanoutEnabled) {
      this.logger.log('Fan-out disabled on this node (REALTIME_FANOUT=false): sockets only');
      return;
    }
    const streams = [...new Set(this.routes.map((r) => r.def.stream))].filter((s): s is StreamName => s in STREAMS);
    await this.messaging.ensureStreams(streams);
    for (const r of this.routes) await this.start(r);
    this.logger.log(`Fan-out consumers: ${this.consumers.join(', ')}`);
  }

  private async start(r: FanoutRoute): Promise<void> {
    const ns = this.messaging.namespace;
    const stream = namespacedStream(ns, r.def.stream);
    const filter = namespacedSubject(ns, r.def.subject);
    const ackWait = nanos(this.config.ackWaitMs);
    const open = async (resume?: ConsumerResume): Promise<ConsumerMessages> => {
      const jsm = this.messaging.jsm;
      // On a restart: the stream may have been lost with the server's store (onApplicationBootstrap ensured it first).
      if (resume && r.def.stream in STREAMS) await this.messaging.ensureStreams([r.def.stream as StreamName]);
      try {
        const info = await jsm.consumers.info(stream, r.durable);
        if (info.config.filter_subject !== filter || info.config.ack_wait !== ackWait) {
          await jsm.consumers.update(stream, r.durable, { filter_subject: filter, ack_wait: ackWait });
        }
      } catch (err) {
        if (!isNotFound(err)) throw err;
        try {
          await jsm.consumers.add(stream, {
            durable_name: r.durable,
            ack_policy: AckPolicy.Explicit,
            // A brand-new consumer starts at the present: replaying a week of offers to sockets helps nobody.
            // An existing one resumes where the last replica stopped; one deleted under this node, after the last
            // event its pull received.
            ...(resume?.lastStreamSeq
              ? { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: resume.lastStreamSeq + 1 }
              : { deliver_policy: DeliverPolicy.New }),
            filter_subject: filter,
            ack_wait: ackWait,
            max_deliver: -1,
            max_ack_pending: 10_000,
          });
        } catch (addErr) {
          // Another replica created it in between.
          await jsm.consumers.info(stream, r.durable).catch(() => Promise.reject(addErr));
        }
      }
      const consumer = await this.messaging.js.consumers.get(stream, r.durable);
      // A deleted consumer or lost stream ends the pull (nats.js would otherwise wait forever): it is opened again.
      return consumer.consume({ max_messages: 256, abort_on_missing_resource: true, expires: CONSUME_EXPIRES_MS });
    };
    // Pipelined: up to MAX_IN_FLIGHT events of this consumer are handled at once instead of one Redis round trip
    // pair after another (which capped a consumer at a few hundred events/s: bench/bidding-burst.mjs). Order is
    // kept: each handle() issues its ledger read on the one `pub` connection synchronously in arrival order, Redis
    // answers in order, so the emits (and their PUBLISHes) happen in arrival order.
    const consumer = await superviseConsumer({
      durable: r.durable,
      open,
      handle: (m) => this.handle(m, r),
      concurrency: MAX_IN_FLIGHT,
      logger: this.logger,
    });
    this.running.push(consumer);
  }

  /**
   * Each event is handled in the context it carried (NATS headers from the publishing service's outbox): the request
   * id that started the work is current (logs) and a CONSUMER span continues its trace, with one span per emit.
   */
  private handle(m: JsMsg, r: FanoutRoute): Promise<void> {
    return inMessageContext(
      fromNatsHeaders(m.headers),
      {
        name: `${r.def.subject} process`,
        kind: SpanKind.CONSUMER,
        service: this.messaging.serviceName,
        attributes: { 'messaging.system': 'nats', 'messaging.destination.name': r.def.subject, 'messaging.consumer.group.name': r.durable },
      },
      () => this.handleInContext(m, r),
    );
  }

  private async handleInContext(m: JsMsg, r: FanoutRoute): Promise<void> {
    const deliveries = m.info.deliveryCount;
    let envelope: EventEnvelope;
    let emissions: Emission[];
    try {
      envelope = parseEnvelope(m);
      const parsed = r.def.schema.safeParse(envelope.payload);
      if (!parsed.success) throw new Error(`invalid payload for ${r.def.subject}: ${parsed.error.message}`);
      emissions = r.toEmissions(parsed.data);
    } catch (err) {
      // Retrying cannot fix a malformed message.
      await this.deadLetter(m, r, errorText(err), undefined);
      return;
    }
    const tag = `${r.durable} event ${envelope.id}`;
    const age = Date.now() - Date.parse(envelope.occurredAt);
    if (age > this.config.maxEventAgeMs) {
      this.logger.warn(`${tag}: ${Math.round(age / 1000)} s old, acknowledged without emit`);
      m.ack();
      return;
    }
    try {
      if (await this.ledger.wasSent(r.durable, envelope.id)) {
        this.logger.debug(`${tag}: already emitted, acknowledged`);
        m.ack();
        return;
      }
      const io = this.sockets.io;
      for (const e of emissions) {
        if (e.rooms.length === 0) continue;
        // Synchronous (no await between emits): arrival order is kept across the events handled at once.
        inSpanSync(
          { name: `emit ${e.event}`, kind: SpanKind.PRODUCER, service: this.messaging.serviceName, attributes: { 'socket.io.event': e.event, 'socket.io.rooms': e.rooms.length } },
          () => (io.to(e.rooms).emit as (ev: string, payload: unknown) => boolean)(e.event, e.payload),
        );
      }
      // Same Redis connection as the adapter's PUBLISH: resolves only after Redis processed the emit.
      await this.ledger.markSent(r.durable, envelope.id);
      m.ack();
      this.emitted += 1;
      this.logger.debug(`${tag}: emitted ${emissions.map((e) => e.event).join(', ') || 'nothing'}`);
    } catch (err) {
      this.logger.error(`${tag}: emit failed on delivery ${deliveries}/${this.config.maxDeliver}: ${errorText(err)}`);
      if (deliveries >= this.config.maxDeliver) await this.deadLetter(m, r, errorText(err), envelope.id);
      else m.nak(Math.min(MAX_BACKOFF_MS, 500 * 2 ** Math.max(0, deliveries - 1)));
    }
  }

  private async deadLetter(m: JsMsg, r: FanoutRoute, reason: string, eventId: string | undefined): Promise<void> {
    const subject = namespacedSubject(this.messaging.namespace, deadLetterSubject(r.durable));
    const h = natsHeaders();
    h.set('Tiredash-Error', reason.replace(/[\r\n]+/g, ' ').slice(0, 1000));
    h.set('Tiredash-Subject', m.subject);
    h.set('Tiredash-Deliveries', String(m.info.deliveryCount));
    try {
      await this.messaging.js.publish(subject, m.data, { headers: h, msgID: `dlq:${r.durable}:${eventId ?? `seq-${m.seq}`}` });
      m.term();
      this.logger.error(`${r.durable}: dead-lettered ${eventId ?? `stream seq ${m.seq}`} to ${subject}: ${reason}`);
    } catch (err) {
      this.logger.error(`${r.durable}: dead-letter publish failed (${errorText(err)}); will retry`);
      m.nak(1000);
    }
  }

  /** Stops pulling and waits for the messages in hand to be emitted and acknowledged (before sockets close). */
  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.running.splice(0).map((c) => c.stop()));
  }
}

function parseEnvelope(m: JsMsg): EventEnvelope {
  const raw = JSON.parse(new TextDecoder().decode(m.data)) as Partial<EventEnvelope>;
  if (typeof raw?.id !== 'string' || !/^[0-9a-f-]{36}$/i.test(raw.id)) throw new Error('envelope without a uuid id');
  if (typeof raw.subject !== 'string' || typeof raw.occurredAt !== 'string') throw new Error('malformed envelope');
  return { id: raw.id, subject: raw.subject, occurredAt: raw.occurredAt, payload: raw.payload };
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { UserSessionsRevoked } from '@tiredash/contracts';
import { CONSUME_EXPIRES_MS, type ConsumerResume, MessagingConnection, type SupervisedConsumer, isNotFound, namespacedStream, namespacedSubject, superviseConsumer } from '@tiredash/messaging';
import { AckPolicy, DeliverPolicy, nanos, type ConsumerMessages, type JsMsg } from 'nats';
import { GATEWAY_CONFIG } from '../common/gateway-config.token';
import type { GatewayConfig } from '../config';
import { RedisTokenRevocations } from './token-revocations';

/** One durable consumer shared by every gateway replica: each event is applied once (and applying twice is harmless). */
export const SESSIONS_REVOKED_DURABLE = 'gateway-user-sessions-revoked';
const MAX_BACKOFF_MS = 30_000;

/**
 * Applies identity's UserSessionsRevoked (a role, approval or password change) to the session state every replica
 * and realtime read: the user's session version in Redis, then a message on which realtime disconnects the older
 * sockets. Identity owns the version (bumped in the change's transaction, published through its outbox); Redis holds
 * a copy for as long as an older access token could live.
 */
@Injectable()
export class SessionRevocationsConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(SessionRevocationsConsumer.name);
  private consumer: SupervisedConsumer | null = null;

  constructor(
    private readonly messaging: MessagingConnection,
    private readonly revocations: RedisTokenRevocations,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const ns = this.messaging.namespace;
    const def = UserSessionsRevoked;
    await this.messaging.ensureStreams(['IDENTITY']);
    const stream = namespacedStream(ns, def.stream);
    const filter = namespacedSubject(ns, def.subject);
    // A consumer created again (deleted, stream lost) replays the same window as a new one: applying twice is harmless.
    const open = async (resume?: ConsumerResume): Promise<ConsumerMessages> => {
      const jsm = this.messaging.jsm;
      // On a restart: the stream may have been lost with the server's store.
      if (resume) await this.messaging.ensureStreams(['IDENTITY']);
      try {
        await jsm.consumers.info(stream, SESSIONS_REVOKED_DURABLE);
      } catch (err) {
        if (!isNotFound(err)) throw err;
        try {
          await jsm.consumers.add(stream, {
            durable_name: SESSIONS_REVOKED_DURABLE,
            ack_policy: AckPolicy.Explicit,
            // A new consumer replays what an access token alive now could have been issued before.
            deliver_policy: DeliverPolicy.StartTime,
            opt_start_time: new Date(Date.now() - this.config.jwt.expiresInSeconds * 1000).toISOString(),
            filter_subject: filter,
            ack_wait: nanos(30_000),
            max_deliver: -1,
          });
        } catch (addErr) {
          // Another replica created it in between.
          await jsm.consumers.info(stream, SESSIONS_REVOKED_DURABLE).catch(() => Promise.reject(addErr));
        }
      }
      const consumer = await this.messaging.js.consumers.get(stream, SESSIONS_REVOKED_DURABLE);
      // A deleted consumer or lost stream ends the pull (nats.js would otherwise wait forever): it is opened again.
      return consumer.consume({ max_messages: 64, abort_on_missing_resource: true, expires: CONSUME_EXPIRES_MS });
    };
    this.consumer = await superviseConsumer({ durable: SESSIONS_REVOKED_DURABLE, open, handle: (m) => this.handle(m), logger: this.logger });
  }

  /** Times the consumer was opened again after it stopped (tests). */
  get restarts(): number {
    return this.consumer?.restarts ?? 0;
  }

  private async handle(m: JsMsg): Promise<void> {
    let payload: { userId: string; sessionVersion: number };
    try {
      const envelope = JSON.parse(new TextDecoder().decode(m.data)) as { payload?: unknown };
      payload = UserSessionsRevoked.schema.parse(envelope.payload);
    } catch (err) {
      // Retrying cannot fix a malformed message.
      this.logger.error(`${SESSIONS_REVOKED_DURABLE}: malformed event at stream seq ${m.seq} dropped: ${errorText(err)}`);
      m.term();
      return;
    }
    try {
      await this.revocations.endSessionsBefore(payload.userId, payload.sessionVersion);
      m.ack();
    } catch (err) {
      const n = m.info.deliveryCount;
      this.logger.error(`${SESSIONS_REVOKED_DURABLE}: user ${payload.userId} v${payload.sessionVersion} not applied (delivery ${n}): ${errorText(err)}`);
      m.nak(Math.min(MAX_BACKOFF_MS, 500 * 2 ** Math.max(0, n - 1)));
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.consumer?.stop();
  }
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

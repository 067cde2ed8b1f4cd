import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@tiredash/contracts';
import type { TraceCarrier } from '@tiredash/runtime';
import type { PubAck } from 'nats';
import { MessagingConnection } from '../messaging-connection';
import { namespacedSubject } from '../messaging.options';
import { toNatsHeaders } from '../trace/trace-headers';

/** Publishes envelopes on JetStream (namespace applied). Services publish through the outbox; this is for the relay, tests and tools. */
@Injectable()
export class EventPublisher {
  constructor(private readonly messaging: MessagingConnection) {}

  /**
   * Publishes `envelope` on `subject` with Nats-Msg-Id = envelope.id unless `opts.msgID` says otherwise, and
   * `opts.headers` (the trace context and request id) as NATS headers.
   */
  async publishRaw(subject: string, envelope: EventEnvelope, opts: { msgID?: string; headers?: TraceCarrier } = {}): Promise<PubAck> {
    return this.messaging.js.publish(namespacedSubject(this.messaging.namespace, subject), JSON.stringify(envelope), {
      msgID: opts.msgID ?? envelope.id,
      headers: toNatsHeaders(opts.headers),
    });
  }
}

import { SetMetadata } from '@nestjs/common';
import type { AnyEventDef } from '@tiredash/contracts';

export interface ConsumerOptions {
  /** Durable consumer name (letters, digits, -, _), unique per stream; also the inbox key and `dlq.<durable>`. */
  durable: string;
  /** Handler attempts before the envelope is dead-lettered. Default 5. */
  maxDeliver?: number;
  /** Time the server waits for an ack before redelivering. Default 30000. */
  ackWaitMs?: number;
  /** First retry delay; doubles per attempt, capped at 60 s. Default 1000. */
  backoffMs?: number;
}

export const ON_EVENT_METADATA = 'tiredash:on-event';

export interface OnEventMetadata {
  def: AnyEventDef;
  options: ConsumerOptions;
}

/**
 * Subscribes the method (of any provider) to a JetStream event through a durable consumer. It is called as
 * `(payload, ctx)` inside a DB transaction that recorded the event in the inbox first (exactly-once effect).
 */
export function OnEvent(def: AnyEventDef, options: ConsumerOptions): MethodDecorator {
  return SetMetadata<string, OnEventMetadata>(ON_EVENT_METADATA, { def, options });
}

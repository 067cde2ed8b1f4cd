import { z } from 'zod';

/**
 * A command or query: one NATS request-reply subject, the schema its request is validated
 * against before a handler sees it, and (as a type only) the shape of its reply.
 */
export interface CommandDef<S extends string, Req extends z.ZodTypeAny, Res> {
  readonly kind: 'command';
  readonly subject: S;
  readonly request: Req;
  /** Phantom: carries the reply type. Never set at run time. */
  readonly __response?: Res;
}

/** A domain event: a JetStream subject `<domain>.evt.<entity>.<verb>.v1`, its stream and payload schema. */
export interface EventDef<S extends string, P extends z.ZodTypeAny> {
  readonly kind: 'event';
  readonly subject: S;
  readonly stream: string;
  readonly schema: P;
}

export function defineCommand<Res>() {
  return <S extends string, Req extends z.ZodTypeAny>(subject: S, request: Req): CommandDef<S, Req, Res> => ({
    kind: 'command',
    subject,
    request,
  });
}

export function defineEvent<S extends string, P extends z.ZodTypeAny>(
  stream: string,
  subject: S,
  schema: P,
): EventDef<S, P> {
  return { kind: 'event', subject, stream, schema };
}

export type AnyCommandDef = CommandDef<string, z.ZodTypeAny, unknown>;
export type AnyEventDef = EventDef<string, z.ZodTypeAny>;
export type CommandRequest<C> = C extends CommandDef<string, infer Req, unknown> ? z.input<Req> : never;
export type CommandParsed<C> = C extends CommandDef<string, infer Req, unknown> ? z.output<Req> : never;
export type CommandResponse<C> = C extends CommandDef<string, z.ZodTypeAny, infer Res> ? Res : never;
export type EventPayload<E> = E extends EventDef<string, infer P> ? z.output<P> : never;

/** Every event crosses JetStream wrapped in this envelope; `id` is also the Nats-Msg-Id. */
export interface EventEnvelope<P = unknown> {
  id: string;
  subject: string;
  occurredAt: string;
  payload: P;
}

/** One JetStream stream per domain. */
export const STREAMS = {
  IDENTITY: { name: 'IDENTITY', subjects: ['identity.evt.>'] },
  REQUESTS: { name: 'REQUESTS', subjects: ['requests.evt.>'] },
  DISPATCH: { name: 'DISPATCH', subjects: ['dispatch.evt.>'] },
  PAYMENTS: { name: 'PAYMENTS', subjects: ['payments.evt.>'] },
  CONTENT: { name: 'CONTENT', subjects: ['content.evt.>'] },
} as const;
export type StreamName = keyof typeof STREAMS;

/** Subject on which a consumer dead-letters a message it gave up on: `dlq.<consumer>`. */
export function deadLetterSubject(consumer: string): string {
  return `dlq.${consumer}`;
}

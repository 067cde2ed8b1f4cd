import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import {
  type AnyCommandDef,
  type CommandRequest,
  type CommandResponse,
  DomainError,
  isRpcErrorBody,
} from '@tiredash/contracts';
import { NatsRecordBuilder } from '@nestjs/microservices';
import { SpanKind, failSpan, spanContext, startSpan, traceHeaders } from '@tiredash/runtime';
import { lastValueFrom, throwError, timeout } from 'rxjs';
import { MESSAGING_OPTIONS, type MessagingOptions, natsAuthOptions, natsReconnectOptions, natsServerOptions } from '../messaging.options';
import { toNatsHeaders } from '../trace/trace-headers';
import { NamespacedClientNats, NoRespondersError } from './namespaced-client-nats';

export const DEFAULT_RPC_TIMEOUT_MS = 5000;

class RpcTimeout extends Error {}

/** Sends commands/queries over NATS request-reply (Nest's NATS client) and turns failures into DomainErrors. */
@Injectable()
export class MessagingClient implements OnApplicationShutdown {
  private readonly client: NamespacedClientNats;
  private readonly serviceName: string;

  constructor(@Inject(MESSAGING_OPTIONS) options: MessagingOptions) {
    this.serviceName = options.serviceName;
    this.client = new NamespacedClientNats({
      ...natsServerOptions(options.natsUrl),
      name: `${options.serviceName}-client`,
      namespace: options.namespace ?? '',
      ...natsReconnectOptions(options.reconnect),
      ...natsAuthOptions(options.credentials),
    });
  }

  /**
   * Resolves with the handler's reply; rejects with a DomainError carrying the remote code/message/details,
   * `UNAVAILABLE` when nobody answers the subject (or NATS is unreachable), `TIMEOUT` after timeoutMs.
   */
  async send<C extends AnyCommandDef>(
    def: C,
    payload: CommandRequest<C>,
    opts: { timeoutMs?: number } = {},
  ): Promise<CommandResponse<C>> {
    const timeoutMs = Math.max(1, opts.timeoutMs ?? DEFAULT_RPC_TIMEOUT_MS);
    try {
      await this.client.connect();
    } catch (err) {
      throw new DomainError('UNAVAILABLE', `Messaging unavailable: ${err instanceof Error ? err.message : String(err)}`);
    }
    // A CLIENT span; its traceparent and the current request id travel as NATS headers (NamespacedServerNats reads them).
    const span = startSpan({
      name: `${def.subject} send`,
      kind: SpanKind.CLIENT,
      service: this.serviceName,
      attributes: { 'messaging.system': 'nats', 'messaging.destination.name': def.subject },
    });
    const record = new NatsRecordBuilder(payload).setHeaders(toNatsHeaders(traceHeaders(spanContext(span)))).build();
    const reply$ = this.client
      .send<CommandResponse<C>, unknown>(def.subject, record)
      .pipe(timeout({ first: timeoutMs, with: () => throwError(() => new RpcTimeout()) }));
    try {
      return await lastValueFrom(reply$, { defaultValue: undefined as CommandResponse<C> });
    } catch (err) {
      const error = toDomainError(err, def.subject, timeoutMs);
      // A refusal (NOT_FOUND, CONFLICT, ...) is an answer; the span fails when nothing usable came back.
      if (error.code === 'INTERNAL' || error.code === 'TIMEOUT' || error.code === 'UNAVAILABLE') failSpan(span, error);
      span.setAttribute('rpc.error_code', error.code);
      throw error;
    } finally {
      span.end();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}

export function toDomainError(err: unknown, subject: string, timeoutMs: number): DomainError {
  if (err instanceof DomainError) return err;
  if (err instanceof RpcTimeout) return new DomainError('TIMEOUT', `No reply from ${subject} within ${timeoutMs} ms`);
  if (err instanceof NoRespondersError) return new DomainError('UNAVAILABLE', `No service answers ${subject}`);
  if (isRpcErrorBody(err)) return new DomainError(err.code, err.message, err.details);
  const message = typeof err === 'string' ? err : err instanceof Error ? err.message : JSON.stringify(err);
  return new DomainError('INTERNAL', `${subject} failed: ${message}`);
}

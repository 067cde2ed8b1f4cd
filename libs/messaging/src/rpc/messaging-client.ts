import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import {
  type AnyCommandDef,
  type CommandRequest,
  type CommandResponse,
  DomainError,
  isRpcErrorBody,
} from '@tiredash/contracts';
import { lastValueFrom, throwError, timeout } from 'rxjs';
import { MESSAGING_OPTIONS, type MessagingOptions, natsAuthOptions, natsReconnectOptions } from '../messaging.options';
import { NamespacedClientNats, NoRespondersError } from './namespaced-client-nats';

export const DEFAULT_RPC_TIMEOUT_MS = 5000;

class RpcTimeout extends Error {}

/** Sends commands/queries over NATS request-reply (Nest's NATS client) and turns failures into DomainErrors. */
@Injectable()
export class MessagingClient implements OnApplicationShutdown {
  private readonly client: NamespacedClientNats;

  constructor(@Inject(MESSAGING_OPTIONS) options: MessagingOptions) {
    this.client = new NamespacedClientNats({
      servers: options.natsUrl,
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
    const reply$ = this.client
      .send<CommandResponse<C>, CommandRequest<C>>(def.subject, payload)
      .pipe(timeout({ first: timeoutMs, with: () => throwError(() => new RpcTimeout()) }));
    try {
      return await lastValueFrom(reply$, { defaultValue: undefined as CommandResponse<C> });
    } catch (err) {
      throw toDomainError(err, def.subject, timeoutMs);
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

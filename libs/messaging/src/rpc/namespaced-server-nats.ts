import { type NatsOptions, ServerNats } from '@nestjs/microservices';
import { SpanKind, inMessageContext } from '@tiredash/runtime';
import type { MsgHdrs, NatsConnection, Subscription } from 'nats';
import { namespacedSubject } from '../messaging.options';
import { fromNatsHeaders } from '../trace/trace-headers';
import { markRpcOutcome, observeRpc } from './rpc-metrics';

type NestNatsMsg = Parameters<ServerNats['handleMessage']>[1];

export type NamespacedNatsServerOptions = Required<NatsOptions>['options'] & {
  namespace?: string;
  /** On close: how long handlers already running may take to finish and reply. Default 20000. */
  drainTimeoutMs?: number;
};

/**
 * Nest's NATS server whose subscriptions live under the namespace (`<ns>.<pattern>`) while handlers are
 * still looked up by the plain pattern; every subscription uses the queue group from the options.
 * close() drains: it unsubscribes (the queue group's other members take new commands), lets the handlers already
 * running finish and flushes their replies, then closes the connection.
 */
export class NamespacedServerNats extends ServerNats {
  private readonly namespace: string;
  private readonly drainTimeoutMs: number;
  private readonly nsSubscriptions: Subscription[] = [];
  private inFlight = 0;
  private readonly idleWaiters: Array<() => void> = [];

  constructor(options: NamespacedNatsServerOptions) {
    const { namespace, drainTimeoutMs, ...natsOptions } = options;
    super(natsOptions);
    this.namespace = namespace ?? '';
    this.drainTimeoutMs = drainTimeoutMs ?? 20_000;
  }

  override bindEvents(client: NatsConnection): void {
    const defaultQueue = this.getOptionsProp(this.natsOptions, 'queue') as string | undefined;
    for (const [pattern, handler] of this.messageHandlers) {
      const queue = (handler.extras?.queue as string | undefined) ?? defaultQueue;
      const handle = this.getMessageHandler(pattern).bind(this) as (err: Error | null, msg: unknown) => Promise<unknown>;
      const service = defaultQueue ?? 'unknown';
      const callback = (err: Error | null, msg: unknown): Promise<unknown> => inCommandContext(service, pattern, msg, () => handle(err, msg));
      this.nsSubscriptions.push(client.subscribe(namespacedSubject(this.namespace, pattern), { queue, callback }));
    }
  }

  /** Counts the handlers running, so that close() can wait for them. */
  override async handleMessage(channel: string, natsMsg: NestNatsMsg): Promise<unknown> {
    this.inFlight += 1;
    const startedAt = process.hrtime.bigint();
    try {
      return (await super.handleMessage(channel, natsMsg)) as unknown;
    } catch (err) {
      markRpcOutcome(natsMsg, { err });
      throw err;
    } finally {
      observeRpc(channel, natsMsg, startedAt);
      this.inFlight -= 1;
      if (this.inFlight === 0) for (const wake of this.idleWaiters.splice(0)) wake();
    }
  }

  /** Notes which replies carry an error, for the handler latency histogram's outcome. */
  override getPublisher(natsMsg: NestNatsMsg, id: string, ctx: Parameters<ServerNats['getPublisher']>[2]): (response: unknown) => unknown {
    const publish = super.getPublisher(natsMsg, id, ctx) as (response: unknown) => unknown;
    return (response) => {
      markRpcOutcome(natsMsg, response);
      return publish(response);
    };
  }

  /** Handlers still running (shutdown logs). */
  get handlersInFlight(): number {
    return this.inFlight;
  }

  override async close(): Promise<void> {
    for (const sub of this.nsSubscriptions.splice(0)) sub.unsubscribe();
    if (this.inFlight > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve) => this.idleWaiters.push(resolve)),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, this.drainTimeoutMs);
        }),
      ]);
      clearTimeout(timer);
    }
    // The replies just written reach the server before the connection closes.
    const nc = (this as unknown as { natsClient?: NatsConnection | null }).natsClient;
    if (nc && !nc.isClosed()) await nc.flush().catch(() => undefined);
    await super.close();
  }

  private get natsOptions(): Record<string, unknown> {
    return (this as unknown as { options: Record<string, unknown> }).options;
  }
}

/**
 * Runs a command's handling in the context it carried (NATS headers set by MessagingClient): its request id current
 * and a SERVER span continuing the caller's trace, so the handler's logs, RPCs and outbox rows carry them on.
 */
function inCommandContext(service: string, subject: string, msg: unknown, handle: () => Promise<unknown>): Promise<unknown> {
  const headers = fromNatsHeaders((msg as { headers?: MsgHdrs } | null)?.headers);
  return inMessageContext(
    headers,
    { name: `${subject} receive`, kind: SpanKind.SERVER, service, attributes: { 'messaging.system': 'nats', 'messaging.destination.name': subject } },
    handle,
  );
}

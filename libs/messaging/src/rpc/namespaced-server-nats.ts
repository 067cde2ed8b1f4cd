import { type NatsOptions, ServerNats } from '@nestjs/microservices';
import type { NatsConnection, Subscription } from 'nats';
import { namespacedSubject } from '../messaging.options';

export type NamespacedNatsServerOptions = Required<NatsOptions>['options'] & { namespace?: string };

/**
 * Nest's NATS server whose subscriptions live under the namespace (`<ns>.<pattern>`) while handlers are
 * still looked up by the plain pattern; every subscription uses the queue group from the options.
 */
export class NamespacedServerNats extends ServerNats {
  private readonly namespace: string;
  private readonly nsSubscriptions: Subscription[] = [];

  constructor(options: NamespacedNatsServerOptions) {
    const { namespace, ...natsOptions } = options;
    super(natsOptions);
    this.namespace = namespace ?? '';
  }

  override bindEvents(client: NatsConnection): void {
    const defaultQueue = this.getOptionsProp(this.natsOptions, 'queue') as string | undefined;
    for (const [pattern, handler] of this.messageHandlers) {
      const queue = (handler.extras?.queue as string | undefined) ?? defaultQueue;
      const callback = this.getMessageHandler(pattern).bind(this) as (err: Error | null, msg: unknown) => void;
      this.nsSubscriptions.push(client.subscribe(namespacedSubject(this.namespace, pattern), { queue, callback }));
    }
  }

  override async close(): Promise<void> {
    for (const sub of this.nsSubscriptions.splice(0)) sub.unsubscribe();
    await super.close();
  }

  private get natsOptions(): Record<string, unknown> {
    return (this as unknown as { options: Record<string, unknown> }).options;
  }
}

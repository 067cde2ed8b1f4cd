import { ClientNats, type NatsOptions, type ReadPacket, type PacketId, type WritePacket } from '@nestjs/microservices';
import type { Msg } from 'nats';
import { namespacedSubject } from '../messaging.options';

type NestNatsMsg = Parameters<ReturnType<ClientNats['createSubscriptionHandler']>>[1];

export type NamespacedNatsClientOptions = Required<NatsOptions>['options'] & { namespace?: string };

/** Marker error: the request reached no subscriber (NATS "no responders", status 503). */
export class NoRespondersError extends Error {
  constructor(readonly subject: string) {
    super(`No responder for ${subject}`);
    this.name = 'NoRespondersError';
  }
}

/** Nest's NATS client publishing under the namespace (`<ns>.<pattern>`), reporting "no responders". */
export class NamespacedClientNats extends ClientNats {
  private readonly namespace: string;

  constructor(options: NamespacedNatsClientOptions) {
    const { namespace, ...natsOptions } = options;
    super(natsOptions);
    this.namespace = namespace ?? '';
  }

  protected override normalizePattern(pattern: Parameters<ClientNats['send']>[0]): string {
    return namespacedSubject(this.namespace, super.normalizePattern(pattern));
  }

  override createSubscriptionHandler(
    packet: ReadPacket & PacketId,
    callback: (packet: WritePacket) => void,
  ): (error: string | Error | undefined, natsMsg: NestNatsMsg) => Promise<void> {
    const inner = super.createSubscriptionHandler(packet, callback);
    return async (error, natsMsg) => {
      const msg = natsMsg as unknown as Msg | undefined;
      if (!error && msg?.data?.length === 0 && msg.headers?.code === 503) {
        callback({ err: new NoRespondersError(this.normalizePattern(packet.pattern)), isDisposed: true });
        return;
      }
      await inner(error, natsMsg);
    };
  }
}

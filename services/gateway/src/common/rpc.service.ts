import { Inject, Injectable } from '@nestjs/common';
import type { AnyCommandDef, CommandRequest, CommandResponse } from '@tiredash/contracts';
import { MessagingClient } from '@tiredash/messaging';
import type { GatewayConfig } from '../config';
import { GATEWAY_CONFIG } from './gateway-config.token';

/** Forwards a command to the domain service over NATS request-reply with the configured timeout. */
@Injectable()
export class RpcService {
  constructor(
    private readonly client: MessagingClient,
    @Inject(GATEWAY_CONFIG) private readonly cfg: GatewayConfig,
  ) {}

  send<C extends AnyCommandDef>(def: C, payload: CommandRequest<C>, timeoutMs?: number): Promise<CommandResponse<C>> {
    return this.client.send(def, payload, { timeoutMs: timeoutMs ?? this.cfg.rpcTimeoutMs });
  }
}

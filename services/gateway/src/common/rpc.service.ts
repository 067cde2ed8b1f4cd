import { Inject, Injectable } from '@nestjs/common';
import type { AnyCommandDef, CommandRequest, CommandResponse } from '@tiredash/contracts';
import { MessagingClient } from '@tiredash/messaging';
import type { GatewayConfig } from '../config';
import { GATEWAY_CONFIG } from './gateway-config.token';
import { ServiceBreaker } from './service-breaker';

/**
 * Forwards a command to the domain service over NATS request-reply with the configured timeout, through the
 * per-service breaker: a service that is down answers its routes 503 SERVICE_UNAVAILABLE with Retry-After at once,
 * and every other route keeps working.
 */
@Injectable()
export class RpcService {
  readonly breaker = new ServiceBreaker();

  constructor(
    private readonly client: MessagingClient,
    @Inject(GATEWAY_CONFIG) private readonly cfg: GatewayConfig,
  ) {}

  send<C extends AnyCommandDef>(def: C, payload: CommandRequest<C>, timeoutMs?: number): Promise<CommandResponse<C>> {
    return this.breaker.run(ServiceBreaker.serviceOf(def.subject), () =>
      this.client.send(def, payload, { timeoutMs: timeoutMs ?? this.cfg.rpcTimeoutMs }),
    );
  }
}

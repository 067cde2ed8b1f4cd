import type { CustomStrategy } from '@nestjs/microservices';
import { type NatsCredentials, type NatsReconnectTuning, assertNamespace, natsAuthOptions, natsReconnectOptions, natsServerOptions } from '../messaging.options';
import { NamespacedServerNats } from './namespaced-server-nats';

export interface MicroserviceConfig {
  serviceName: string;
  natsUrl: string;
  namespace?: string;
  /** The service's NATS user and password (deployments); none in local runs and tests. */
  credentials?: NatsCredentials;
  /** Reconnect waits (it reconnects forever either way). */
  reconnect?: NatsReconnectTuning;
  /** On close, how long running handlers may take to finish and reply. Default 20000. */
  drainTimeoutMs?: number;
}

/**
 * Options for `app.connectMicroservice(...)` / `NestFactory.createMicroservice(...)`: Nest's NATS transport,
 * queue group = serviceName (replicas share the work), subjects under the namespace.
 */
export function createMicroserviceOptions(cfg: MicroserviceConfig): CustomStrategy {
  assertNamespace(cfg.namespace ?? '');
  return {
    strategy: new NamespacedServerNats({
      ...natsServerOptions(cfg.natsUrl),
      name: `${cfg.serviceName}-rpc`,
      queue: cfg.serviceName,
      namespace: cfg.namespace ?? '',
      // NamespacedServerNats.close() drains itself: it waits for the running handlers, not a fixed grace period.
      gracefulShutdown: false,
      drainTimeoutMs: cfg.drainTimeoutMs,
      ...natsReconnectOptions(cfg.reconnect),
      ...natsAuthOptions(cfg.credentials),
    }),
  };
}

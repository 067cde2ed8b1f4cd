import { Module, type DynamicModule, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { MessagingModule } from '@tiredash/messaging';
import { RedisClients } from './common/redis-clients';
import { REALTIME_CONFIG } from './common/realtime-config.token';
import type { RealtimeConfig } from './config';
import { BidReplay } from './fanout/bid-replay.service';
import { DeliveryLedger } from './fanout/delivery-ledger';
import { DEFAULT_FANOUT_ROUTES, FANOUT_ROUTES, JetStreamFanout } from './fanout/jetstream-fanout.service';
import { HealthController } from './health/health.controller';
import { RealtimeMetrics } from './health/realtime-metrics';
import { ClientEventsHandler } from './sockets/client-events.handler';
import { JobDirectory } from './sockets/job-directory.service';
import { LocationStream } from './sockets/location-stream.service';
import { ProfileDirectory } from './sockets/profile-directory.service';
import { RequestMembership } from './sockets/request-membership.service';
import { SocketServer } from './sockets/socket-server.service';
import { SessionEndListener } from './sockets/session-end.listener';

export const SERVICE_NAME = 'realtime';

@Module({})
export class AppModule {
  /** Socket.IO + /health on one HTTP port, the NATS connection (queries, JetStream fan-out) and Redis. */
  static forRoot(config: RealtimeConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        MessagingModule.forRoot({ serviceName: SERVICE_NAME, natsUrl: config.natsUrl, credentials: config.natsCredentials, namespace: config.natsNamespace }),
      ],
      controllers: [HealthController],
      providers: [
        { provide: REALTIME_CONFIG, useValue: config },
        { provide: FANOUT_ROUTES, useValue: DEFAULT_FANOUT_ROUTES },
        RedisClients,
        ProfileDirectory,
        RequestMembership,
        JobDirectory,
        LocationStream,
        ClientEventsHandler,
        SocketServer,
        SessionEndListener,
        DeliveryLedger,
        BidReplay,
        JetStreamFanout,
        RealtimeMetrics,
      ],
    };
  }
}

export interface BootstrapOptions {
  /** Nest log levels; `false` silences Nest's logger (tests). Default: log, warn, error. */
  logger?: LogLevel[] | false;
}

/**
 * Starts realtime and resolves once it listens on config.port (0: a free port; read it from
 * `app.getHttpServer().address()`). `await app.close()` stops it gracefully: the fan-out stops pulling and
 * finishes the events in hand, then the sockets are disconnected, then NATS and Redis are closed.
 */
export async function bootstrapRealtime(config: RealtimeConfig, opts: BootstrapOptions = {}): Promise<NestFastifyApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), new FastifyAdapter(), {
    logger: opts.logger ?? ['log', 'warn', 'error'],
  });
  await app.listen(config.port, config.host);
  return app;
}

/**
 * The SIGTERM drain: /readyz answers 503 and handshakes are refused from now on; then app.close() stops the fan-out
 * (the events in hand are emitted and acknowledged), closes the sockets with a reconnect hint, and NATS and Redis.
 */
export async function drainRealtime(app: NestFastifyApplication): Promise<void> {
  app.get(SocketServer).startDraining();
  await app.close();
}

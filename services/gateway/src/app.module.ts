import { Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { AuthModule } from '@tiredash/auth';
import { RedisTokenRevocations } from './auth/token-revocations';
import { SessionRevocationsConsumer } from './auth/session-revocations.consumer';
import { MessagingModule } from '@tiredash/messaging';
import Redis from 'ioredis';
import { AuthController, SessionsController } from './auth/auth.controller';
import { GATEWAY_CONFIG } from './common/gateway-config.token';
import { HttpMetrics } from './common/http-metrics';
import { RpcService } from './common/rpc.service';
import type { GatewayConfig } from './config';
import { CONTENT_CONTROLLERS, contentProviders } from './content';
import { CustomersController } from './customers/customers.controller';
import { DISPATCH_CONTROLLERS } from './dispatch';
import { GatewayDrain } from './health/drain';
import { HealthController } from './health/health.controller';
import { ReadinessService } from './health/readiness.service';
import { REDIS } from './health/redis.token';
import { PAYMENTS_CONTROLLERS, PAYMENTS_PROVIDERS } from './payments';
import { ProvidersController } from './providers/providers.controller';
import { RatingsController } from './ratings/ratings.controller';
import { BidsController } from './requests/bids.controller';
import { JobChatController } from './requests/job-chat.controller';
import { DisputesController } from './requests/disputes.controller';
import { ExtrasController } from './requests/extras.controller';
import { ServiceRequestsController } from './requests/service-requests.controller';
import { UsersController } from './users/users.controller';

/** Quits the Redis client when the application shuts down. */
class RedisLifecycle implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.redis.status !== 'end') await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** The gateway: the public HTTP edge. It holds no domain data; every route forwards a command over NATS. */
@Module({})
export class AppModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    const redis = new Redis(config.redisUrl, {
      // Fail fast: the rate limiter skips an unreachable Redis instead of hanging logins, /ready reports it.
      maxRetriesPerRequest: 1,
      connectTimeout: config.readyTimeoutMs,
      lazyConnect: false,
      // Commands issued in the same tick (every call's rate-limit count and session check) go out in one write.
      enableAutoPipelining: true,
    });
    const revocations = new RedisTokenRevocations(redis, config.natsNamespace, config.jwt.expiresInSeconds);
    return {
      module: AppModule,
      imports: [
        AuthModule.forRoot({ jwt: config.jwt, revocations }),
        MessagingModule.forRoot({ serviceName: 'gateway', natsUrl: config.natsUrl, credentials: config.natsCredentials, namespace: config.natsNamespace }),
      ],
      controllers: [AuthController, SessionsController, UsersController, CustomersController, ProvidersController, ServiceRequestsController, JobChatController, DisputesController, ExtrasController, BidsController, HealthController, ...CONTENT_CONTROLLERS, ...PAYMENTS_CONTROLLERS, ...DISPATCH_CONTROLLERS, RatingsController],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: REDIS, useValue: redis },
        { provide: RedisTokenRevocations, useValue: revocations },
        SessionRevocationsConsumer,
        RedisLifecycle,
        RpcService,
        ReadinessService,
        GatewayDrain,
        HttpMetrics,
        ...contentProviders(config),
        ...PAYMENTS_PROVIDERS,
      ],
    };
  }
}

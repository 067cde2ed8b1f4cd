import { Controller, Get, HttpException, HttpStatus, Res } from '@nestjs/common';
import { MessagingConnection } from '@tiredash/messaging';
import { type HealthReport, runHealthChecks } from '@tiredash/runtime';
import type { FastifyReply } from 'fastify';
import { RedisClients } from '../common/redis-clients';
import { JetStreamFanout } from '../fanout/jetstream-fanout.service';
import { LocationStream, type LocationStats } from '../sockets/location-stream.service';
import { SocketServer } from '../sockets/socket-server.service';

export interface RealtimeHealth {
  status: 'ok';
  service: 'realtime';
  sockets: number;
  consumers: string[];
  /** Live location points forwarded and dropped (by reason) on this node since start. */
  locations: LocationStats;
}

/** Per check of /livez and /readyz (below the probes' timeoutSeconds). */
const CHECK_TIMEOUT_MS = 2000;

/**
 * This pod's health, on its HTTP port: `/livez` (the Kubernetes liveness probe) and `/readyz` (readiness), never
 * about other services; and `/health` (the gateway's /ready asks it through REALTIME_URL): 200 when NATS and Redis
 * are usable, else 503.
 */
@Controller()
export class HealthController {
  constructor(
    private readonly sockets: SocketServer,
    private readonly redis: RedisClients,
    private readonly messaging: MessagingConnection,
    private readonly fanout: JetStreamFanout,
    private readonly locations: LocationStream,
  ) {}

  /** Liveness: the process answers and its NATS connection is not closed for good (it reconnects forever otherwise). */
  @Get('livez')
  async livez(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthReport> {
    const report = await runHealthChecks(
      {
        nats: () => {
          if (this.messaging.natsState === 'closed' && !this.sockets.isDraining) throw new Error('NATS connection closed');
        },
      },
      CHECK_TIMEOUT_MS,
    );
    if (report.failed.length > 0) void reply.status(503);
    return report;
  }

  /**
   * Readiness: this pod's own dependencies, its NATS connection (queries, the fan-out) connected and both Redis
   * connections of the Socket.IO adapter ready; 503 from SIGTERM on, so the load balancer sends new sockets elsewhere.
   */
  @Get('readyz')
  async readyz(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthReport> {
    const report = await runHealthChecks(
      {
        nats: () => {
          const state = this.messaging.natsState;
          if (state !== 'connected') throw new Error(`NATS ${state}`);
        },
        redis: async () => {
          if (!this.redis.ready) throw new Error(`Redis ${this.redis.statusText}`);
          await this.redis.commands.ping();
        },
        shutdown: () => {
          if (this.sockets.isDraining) throw new Error('shutting down');
        },
      },
      CHECK_TIMEOUT_MS,
    );
    if (report.failed.length > 0) void reply.status(503);
    return report;
  }

  @Get('health')
  health(): RealtimeHealth {
    const problems: string[] = [];
    if (this.sockets.isDraining) problems.push('shutting down');
    if (!this.redis.ready) problems.push('redis not connected');
    if (this.messaging.connection.isClosed()) problems.push('nats closed');
    if (problems.length > 0) {
      throw new HttpException({ status: 'unavailable', service: 'realtime', problems }, HttpStatus.SERVICE_UNAVAILABLE);
    }
    return { status: 'ok', service: 'realtime', sockets: this.sockets.io.engine.clientsCount, consumers: this.fanout.consumers, locations: this.locations.stats };
  }
}

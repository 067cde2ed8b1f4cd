import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '@tiredash/auth';
import type { FastifyReply } from 'fastify';
import { GatewayDrain } from './drain';
import { type PodReport, ReadinessService, type ReadinessReport } from './readiness.service';

@ApiTags('health')
@Public()
@Controller()
export class HealthController {
  constructor(
    private readonly readiness: ReadinessService,
    private readonly drain: GatewayDrain,
  ) {}

  /** Liveness: the process serves HTTP; touches no dependency. */
  @Get('health')
  @ApiOperation({ summary: 'Liveness (no dependencies)' })
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Liveness of this pod for Kubernetes: 503 only when its NATS connection is closed for good. */
  @Get('livez')
  @ApiOperation({ summary: 'Liveness: the process, and its NATS connection not closed for good' })
  livez(@Res({ passthrough: true }) reply: FastifyReply): PodReport {
    const report = this.readiness.checkLive();
    if (report.failed.length > 0) void reply.status(503);
    return report;
  }

  /**
   * Readiness of this pod for Kubernetes: its own NATS connection and Redis, not the services behind it (a service
   * that is down answers its own routes 503: RpcService's breaker); 503 from SIGTERM on.
   */
  @Get('readyz')
  @ApiOperation({ summary: "Readiness of this pod: its own NATS and Redis (not the domain services); 503 once shutting down" })
  async readyz(@Res({ passthrough: true }) reply: FastifyReply): Promise<PodReport> {
    const report = await this.readiness.checkPod(this.drain.active);
    if (report.failed.length > 0) void reply.status(503);
    return report;
  }

  /** Readiness: 200 when every dependency answers, else 503 naming the ones that failed. */
  @Get('ready')
  @ApiOperation({ summary: 'Readiness: PostgreSQL, NATS, Redis and identity' })
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<ReadinessReport> {
    const report = await this.readiness.check();
    if (report.failed.length > 0) void reply.status(503);
    return report;
  }
}

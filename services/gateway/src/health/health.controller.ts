import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '@tiredash/auth';
import type { FastifyReply } from 'fastify';
import { ReadinessService, type ReadinessReport } from './readiness.service';

@ApiTags('health')
@Public()
@Controller()
export class HealthController {
  constructor(private readonly readiness: ReadinessService) {}

  /** Liveness: the process serves HTTP; touches no dependency. */
  @Get('health')
  @ApiOperation({ summary: 'Liveness (no dependencies)' })
  health(): { status: 'ok' } {
    return { status: 'ok' };
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

import { Controller } from '@nestjs/common';
import { InjectDataSource } from '@tiredash/persistence';
import { Command } from '@tiredash/messaging';
import { DispatchPing, DomainError } from '@tiredash/contracts';
import { DataSource } from 'typeorm';
import { RedisService } from '../common/redis.service';

/** Answers the gateway's readiness probe: dispatch is up, its database and Redis answer. */
@Controller()
export class HealthController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly redis: RedisService,
  ) {}

  @Command(DispatchPing)
  async ping(): Promise<{ ok: true }> {
    try {
      await this.dataSource.query('SELECT 1');
    } catch {
      throw new DomainError('UNAVAILABLE', 'dispatch database unreachable');
    }
    try {
      await this.redis.client.ping();
    } catch {
      throw new DomainError('UNAVAILABLE', 'dispatch Redis unreachable');
    }
    return { ok: true };
  }
}

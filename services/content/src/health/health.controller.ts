import { Controller } from '@nestjs/common';
import { InjectDataSource } from '@tiredash/persistence';
import { Command } from '@tiredash/messaging';
import { ContentPing, DomainError } from '@tiredash/contracts';
import { DataSource } from 'typeorm';

/** Answers the gateway's readiness probe: content is up and its database answers. */
@Controller()
export class HealthController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Command(ContentPing)
  async ping(): Promise<{ ok: true }> {
    try {
      await this.dataSource.query('SELECT 1');
    } catch {
      throw new DomainError('UNAVAILABLE', 'content database unreachable');
    }
    return { ok: true };
  }
}

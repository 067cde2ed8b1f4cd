import { Controller } from '@nestjs/common';
import { InjectDataSource } from '@tiredash/persistence';
import { Command } from '@tiredash/messaging';
import { DomainError, IdentityPing } from '@tiredash/contracts';
import { DataSource } from 'typeorm';

/** Answers the gateway's readiness probe: identity is up and its database answers. */
@Controller()
export class HealthController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Command(IdentityPing)
  async ping(): Promise<{ ok: true }> {
    try {
      await this.dataSource.query('SELECT 1');
    } catch {
      throw new DomainError('UNAVAILABLE', 'identity database unreachable');
    }
    return { ok: true };
  }
}

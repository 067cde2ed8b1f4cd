import { Controller } from '@nestjs/common';
import { InjectDataSource } from '@tiredash/persistence';
import { Command } from '@tiredash/messaging';
import { DomainError, PaymentsPing } from '@tiredash/contracts';
import { DataSource } from 'typeorm';

/** Answers the gateway's readiness probe: payments is up and its database answers. */
@Controller()
export class HealthController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Command(PaymentsPing)
  async ping(): Promise<{ ok: true }> {
    try {
      await this.dataSource.query('SELECT 1');
    } catch {
      throw new DomainError('UNAVAILABLE', 'payments database unreachable');
    }
    return { ok: true };
  }
}

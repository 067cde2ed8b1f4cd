import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { PAYMENTS_CONFIG } from '../common/payments-config.token';
import type { PaymentsConfig } from '../config';
import { AuthorizationsService } from './authorizations.service';

/** Every AUTHORIZATION_SWEEP_INTERVAL_MS, voids the holds no card request claimed in time. */
@Injectable()
export class UnclaimedAuthorizationsSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(UnclaimedAuthorizationsSweeper.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly authorizations: AuthorizationsService,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.authorizationSweepIntervalMs <= 0) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.authorizations
        .voidUnclaimed()
        .then((n) => {
          if (n > 0) this.logger.log(`${n} unclaimed authorisation(s) voided`);
        })
        .catch((err: unknown) => this.logger.error(`unclaimed sweep failed: ${err instanceof Error ? err.message : String(err)}`))
        .finally(() => {
          this.running = null;
        });
    }, this.config.authorizationSweepIntervalMs);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}

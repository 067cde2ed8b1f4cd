import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { PAYMENTS_CONFIG } from '../common/payments-config.token';
import type { PaymentsConfig } from '../config';
import { ScheduledHoldsService } from './scheduled-holds.service';

/**
 * Every SCHEDULED_HOLD_SWEEP_INTERVAL_MS: places the off-session holds of scheduled card jobs that are due, renews the
 * ones about to lapse. Replica-safe: each plan row is locked (SKIP LOCKED) and every Stripe call idempotency-keyed.
 */
@Injectable()
export class ScheduledHoldsSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ScheduledHoldsSweeper.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly holds: ScheduledHoldsService,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.scheduledHoldSweepIntervalMs <= 0) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.holds
        .sweep()
        .then((r) => {
          if (r.placed + r.renewed + r.failed > 0) this.logger.log(`scheduled holds: ${r.placed} placed, ${r.renewed} renewed, ${r.failed} failed, ${r.ended} ended`);
        })
        .catch((err: unknown) => this.logger.error(`scheduled hold sweep failed: ${err instanceof Error ? err.message : String(err)}`))
        .finally(() => {
          this.running = null;
        });
    }, this.config.scheduledHoldSweepIntervalMs);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}

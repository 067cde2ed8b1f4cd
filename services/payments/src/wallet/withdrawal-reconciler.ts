import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { PAYMENTS_CONFIG } from '../common/payments-config.token';
import type { PaymentsConfig } from '../config';
import { WalletService } from './wallet.service';

/** Every WITHDRAWAL_RECONCILE_INTERVAL_MS, finishes the withdrawals Stripe gave no definite answer about. */
@Injectable()
export class WithdrawalReconciler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(WithdrawalReconciler.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly wallet: WalletService,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.withdrawalReconcileIntervalMs <= 0) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.wallet
        .reconcileWithdrawals(this.config.withdrawalReconcileAfterSeconds)
        .then((n) => {
          if (n > 0) this.logger.log(`${n} unconfirmed withdrawal(s) settled`);
        })
        .catch((err: unknown) => this.logger.error(`withdrawal reconciliation failed: ${err instanceof Error ? err.message : String(err)}`))
        .finally(() => {
          this.running = null;
        });
    }, this.config.withdrawalReconcileIntervalMs);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}

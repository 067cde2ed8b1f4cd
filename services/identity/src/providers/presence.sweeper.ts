import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { IDENTITY_CONFIG } from '../common/identity-config.token';
import type { IdentityConfig } from '../config';
import { ProvidersService } from './providers.service';

/**
 * Every PRESENCE_SWEEP_INTERVAL_MS, sets offline the online providers whose app has been silent for longer than
 * PROVIDER_PRESENCE_TIMEOUT_SECONDS (a closed app stops its heartbeat), so nobody is offered work it cannot see.
 */
@Injectable()
export class PresenceSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(PresenceSweeper.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly providers: ProvidersService,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.presenceSweepIntervalMs <= 0) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.providers
        .expireSilentProviders()
        .then((n) => {
          if (n > 0) this.logger.log(`${n} silent provider(s) set offline`);
        })
        .catch((err: unknown) => this.logger.error(`presence sweep failed: ${err instanceof Error ? err.message : String(err)}`))
        .finally(() => {
          this.running = null;
        });
    }, this.config.presenceSweepIntervalMs);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}

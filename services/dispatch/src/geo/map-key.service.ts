import { Inject, Injectable, Logger } from '@nestjs/common';
import { GetSettings } from '@tiredash/contracts';
import { MessagingClient } from '@tiredash/messaging';
import { DISPATCH_CONFIG } from '../common/dispatch-config.module';
import type { DispatchConfig } from '../config';

const CACHE_MS = 60_000;

/** The Mapbox key: MAPBOX_TOKEN, else the map key of content's platform settings (cached for a minute). */
@Injectable()
export class MapKeyService {
  private readonly logger = new Logger(MapKeyService.name);
  private cached: { value: string | null; until: number } | null = null;

  constructor(
    private readonly messaging: MessagingClient,
    @Inject(DISPATCH_CONFIG) private readonly config: DispatchConfig,
  ) {}

  async mapboxKey(): Promise<string | null> {
    if (this.config.mapboxToken) return this.config.mapboxToken;
    if (this.cached && this.cached.until > Date.now()) return this.cached.value;
    try {
      const settings = await this.messaging.send(GetSettings, { actor: null }, { timeoutMs: 2000 });
      this.cached = { value: settings.mapboxKey, until: Date.now() + CACHE_MS };
      return settings.mapboxKey;
    } catch (err) {
      this.logger.warn(`map key unavailable from content: ${err instanceof Error ? err.message : String(err)}`);
      return null;
    }
  }
}

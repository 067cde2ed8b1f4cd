import type { Provider } from '@nestjs/common';
import type { GatewayConfig } from '../config';
import { ContentCache } from './content-cache.service';
import { ContentController } from './content.controller';
import { createMediaStorage } from './storage/storage.factory';
import { MEDIA_STORAGE } from './storage/media-storage';
import { UploadsController } from './uploads.controller';

/** The gateway's content routes; AppModule lists these controllers and providers. */
export const CONTENT_CONTROLLERS = [ContentController, UploadsController];

export function contentProviders(config: GatewayConfig): Provider[] {
  return [ContentCache, { provide: MEDIA_STORAGE, useValue: createMediaStorage(config.uploads) }];
}

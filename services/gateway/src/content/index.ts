import { UploadBytesBudget } from './upload-bytes-budget';
import type { Provider } from '@nestjs/common';
import type { GatewayConfig } from '../config';
import { ContentCache } from './content-cache.service';
import { ContentController } from './content.controller';
import { createMediaStorage } from './storage/storage.factory';
import { MEDIA_STORAGE } from './storage/media-storage';
import { UploadAccess } from './upload-access.service';
import { UploadsController } from './uploads.controller';

/** The gateway's content routes; AppModule lists these controllers and providers. */
export const CONTENT_CONTROLLERS = [ContentController, UploadsController];

export { UploadAccess } from './upload-access.service';

export function contentProviders(config: GatewayConfig): Provider[] {
  return [ContentCache, UploadAccess, UploadBytesBudget, { provide: MEDIA_STORAGE, useValue: createMediaStorage(config.uploads) }];
}

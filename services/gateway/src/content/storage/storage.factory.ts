import type { UploadsConfig } from '../uploads-config';
import { LocalDiskStorage } from './local-disk.storage';
import type { MediaStorage } from './media-storage';
import { S3Storage } from './s3.storage';

export function createMediaStorage(cfg: UploadsConfig): MediaStorage {
  switch (cfg.driver) {
    case 'local':
      return new LocalDiskStorage(cfg.dir);
    case 's3':
      return new S3Storage(cfg);
  }
}

import { resolve } from 'node:path';
import { z } from 'zod';

/** <repo>/.data, from src/ (jest) and from dist/ (built) alike. */
const REPO_ROOT = resolve(__dirname, '..', '..', '..', '..');
export const DEFAULT_DATA_DIR = resolve(REPO_ROOT, '.data');

export type UploadsConfig =
  | { driver: 'local'; dir: string }
  | {
      driver: 's3';
      endpoint: string;
      region: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
      /** `<endpoint>/<bucket>/<key>` (MinIO, most S3-compatible servers) instead of `<bucket>.<host>/<key>`. */
      forcePathStyle: boolean;
    };

const envSchema = z.object({
  DATA_DIR: z.string().min(1).optional(),
  UPLOAD_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

/**
 * Where uploaded files go: `UPLOAD_STORAGE=local` (default) writes under `DATA_DIR/uploads` (default
 * <repo>/.data/uploads); `UPLOAD_STORAGE=s3` needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and
 * S3_SECRET_ACCESS_KEY (S3_REGION default us-east-1, S3_FORCE_PATH_STYLE default true). Throws one line.
 */
export function loadUploadsConfig(env: Record<string, string | undefined>): UploadsConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  }
  const e = parsed.data;
  if (e.UPLOAD_STORAGE === 'local') return { driver: 'local', dir: resolve(e.DATA_DIR ?? DEFAULT_DATA_DIR, 'uploads') };
  const { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = e;
  if (!endpoint || !bucket || !accessKeyId || !secretAccessKey) {
    const missing = (['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !e[k]);
    throw new Error(`${missing.join(', ')} required when UPLOAD_STORAGE=s3`);
  }
  return {
    driver: 's3',
    endpoint: endpoint.replace(/\/+$/, ''),
    region: e.S3_REGION,
    bucket,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}

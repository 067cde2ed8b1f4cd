import type { INestMicroservice } from '@nestjs/common';
import { bootstrapContent } from '../app.module';
import { loadConfig, type ContentConfig } from '../config';

/** A fixed test key (64 hex characters), so tests can also open sealed values. */
export const TEST_ENCRYPTION_KEY_HEX = '7f'.repeat(32);

/** Content's config on a test database and NATS namespace (both owned by the caller). */
export function contentTestConfig(opts: { databaseUrl: string; natsUrl: string; namespace: string }): ContentConfig {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: opts.databaseUrl,
    NATS_URL: opts.natsUrl,
    NATS_NAMESPACE: opts.namespace,
    CONTENT_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY_HEX,
  });
}

/** The running microservice, as the gateway's tests start it. */
export function startContent(config: ContentConfig): Promise<INestMicroservice> {
  return bootstrapContent(config, { logger: false });
}

import type { INestMicroservice } from '@nestjs/common';
import { cleanupNamespace, createTestDatabase, getTestInfra, testNamespace, type TestDatabase } from '@tiredash/testing';
import { bootstrapDispatch } from '../app.module';
import { loadConfig, type DispatchConfig } from '../config';

/** One test file's dispatch environment: its own database and NATS namespace (Redis keys follow it). */
export interface DispatchTestEnv {
  config: DispatchConfig;
  db: TestDatabase;
  namespace: string;
  natsUrl: string;
  redisUrl: string;
  close(): Promise<void>;
}

/**
 * `shared`: run on another service's database (own schema) and namespace. Geocoder and directions default to a
 * closed local port (no internet here): pass GEOCODER_URL / DIRECTIONS_URL of a fake upstream to exercise them.
 */
export async function createDispatchTestEnv(
  label: string,
  overrides: Record<string, string> = {},
  shared?: { db: TestDatabase; namespace: string },
): Promise<DispatchTestEnv> {
  const infra = await getTestInfra();
  const db = shared?.db ?? (await createTestDatabase(label));
  const namespace = shared?.namespace ?? testNamespace(label);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    NATS_URL: infra.natsUrl,
    NATS_NAMESPACE: namespace,
    REDIS_URL: infra.redisUrl,
    GEOCODER_URL: 'http://127.0.0.1:9',
    DIRECTIONS_URL: 'http://127.0.0.1:9',
    GEO_UPSTREAM_TIMEOUT_MS: '1500',
    ...overrides,
  });
  return {
    config,
    db,
    namespace,
    natsUrl: infra.natsUrl,
    redisUrl: infra.redisUrl,
    close: async () => {
      if (shared) return;
      await cleanupNamespace(infra.natsUrl, namespace);
      await db.drop();
    },
  };
}

export function startDispatch(config: DispatchConfig): Promise<INestMicroservice> {
  return bootstrapDispatch(config, { logger: false });
}

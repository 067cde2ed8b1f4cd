import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ConfigError, parseEnv, requireSettings, natsCredentialsEnv, natsCredentialsOf, type Env, type NatsCredentials, natsUrlEnv } from '@tiredash/runtime';

/** Everything content reads from the environment, validated once at boot into one typed object. */
export interface ContentConfig {
  nodeEnv: string;
  databaseUrl: string;
  natsUrl: string;
  /** Isolates subjects and streams (tests); empty in normal runs. */
  natsNamespace: string;
  /** NATS user and password (NATS_USER, NATS_PASSWORD); none in local runs and tests (unauthenticated loopback NATS). */
  natsCredentials?: NatsCredentials;
  /** 32-byte AES-256-GCM key protecting the payment secret key at rest. */
  encryptionKey: Buffer;
}

const DEV_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/tiredash';
const DEV_NATS_URL = 'nats://127.0.0.1:4222';
/** Used outside production only; production must set CONTENT_ENCRYPTION_KEY. */
const DEV_ENCRYPTION_SECRET = 'tiredash-dev-content-encryption-key';

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  DATABASE_URL: z.string().url('must be a postgres:// URL').optional(),
  NATS_URL: natsUrlEnv.optional(),
  ...natsCredentialsEnv,
  NATS_NAMESPACE: z
    .string()
    .regex(/^[A-Za-z0-9_]*$/, 'only letters, digits and "_"')
    .default(''),
  /** 64 hex characters or base64 of 32 bytes. */
  CONTENT_ENCRYPTION_KEY: z.string().optional(),
});

export { ConfigError };

/** A 32-byte key from 64 hex characters or base64 of 32 bytes; anything else is refused. */
export function parseEncryptionKey(raw: string): Buffer {
  const value = raw.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  const b64 = Buffer.from(value, 'base64');
  if (b64.length === 32 && /^[A-Za-z0-9+/]+={0,2}$/.test(value)) return b64;
  throw new ConfigError('content: invalid environment: CONTENT_ENCRYPTION_KEY must be 32 bytes (64 hex characters or base64)');
}

/** Throws a ConfigError whose message is one line naming every bad variable. */
export function loadConfig(env: Env = process.env): ContentConfig {
  const e = parseEnv('content', envSchema, env);
  requireSettings('content', env, {
    production: { DATABASE_URL: e.DATABASE_URL, NATS_URL: e.NATS_URL },
    secrets: { CONTENT_ENCRYPTION_KEY: e.CONTENT_ENCRYPTION_KEY, NATS_PASSWORD: e.NATS_PASSWORD },
  });
  return {
    nodeEnv: e.NODE_ENV,
    databaseUrl: e.DATABASE_URL ?? DEV_DATABASE_URL,
    natsUrl: e.NATS_URL ?? DEV_NATS_URL,
    natsNamespace: e.NATS_NAMESPACE,
    natsCredentials: natsCredentialsOf('content', e),
    encryptionKey: e.CONTENT_ENCRYPTION_KEY
      ? parseEncryptionKey(e.CONTENT_ENCRYPTION_KEY)
      : createHash('sha256').update(DEV_ENCRYPTION_SECRET).digest(),
  };
}

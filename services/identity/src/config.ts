import { z } from 'zod';
import { jwtConfigFromEnv, type JwtConfig } from '@tiredash/auth';
import { ConfigError, configStep, parseEnv, requireSettings, withoutEmpty, natsCredentialsEnv, natsCredentialsOf, type Env, type NatsCredentials, natsUrlEnv } from '@tiredash/runtime';

/** Everything identity reads from the environment, validated once at boot into one typed object. */
export interface IdentityConfig {
  nodeEnv: string;
  databaseUrl: string;
  natsUrl: string;
  /** Isolates subjects and streams (tests); empty in normal runs. */
  natsNamespace: string;
  /** NATS user and password (NATS_USER, NATS_PASSWORD); none in local runs and tests (unauthenticated loopback NATS). */
  natsCredentials?: NatsCredentials;
  jwt: JwtConfig;
  /** How long a refresh family (a login and its rotations) lives at most, in seconds (REFRESH_TOKEN_TTL_SECONDS). */
  refreshTokenTtlSeconds: number;
  /** A refresh token rotated less than this ago is a concurrent renewal (another tab), not a reuse (REFRESH_REUSE_GRACE_SECONDS). */
  refreshReuseGraceSeconds: number;
  argon2: { memoryCost: number; timeCost: number; parallelism: number };
  /** An online provider whose app has been silent this long goes offline. */
  presenceTimeoutSeconds: number;
  /** How often silent providers are looked for (0: never; tests call the sweeper themselves). */
  presenceSweepIntervalMs: number;
  /** A live position closer than this to the last one announced is not announced again. */
  presenceMinMoveMeters: number;
}

const DEV_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/tiredash';
const DEV_NATS_URL = 'nats://127.0.0.1:4222';

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  DATABASE_URL: z.string().url('must be a postgres:// URL').optional(),
  NATS_URL: natsUrlEnv.optional(),
  ...natsCredentialsEnv,
  NATS_NAMESPACE: z
    .string()
    .regex(/^[A-Za-z0-9_]*$/, 'only letters, digits and "_"')
    .default(''),
  /** A sign-in lasts at most this long (30 days), however often its refresh token is rotated. */
  REFRESH_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(365 * 86400).default(30 * 86400),
  /** Two tabs renewing at the same moment send the same cookie: the second within this many seconds is no theft. */
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
  /** KiB; OWASP's argon2id baseline is 19 MiB with 2 passes. */
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(1024).max(1048576).default(19456),
  ARGON2_TIME_COST: z.coerce.number().int().min(1).max(10).default(2),
  ARGON2_PARALLELISM: z.coerce.number().int().min(1).max(16).default(1),
  PROVIDER_PRESENCE_TIMEOUT_SECONDS: z.coerce.number().int().min(10).max(86400).default(300),
  PRESENCE_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).max(3600000).default(15000),
  PRESENCE_MIN_MOVE_METERS: z.coerce.number().min(0).max(100000).default(100),
});

export { ConfigError };

/** Throws a ConfigError whose message is one line naming every bad variable. */
export function loadConfig(env: Env = process.env): IdentityConfig {
  const e = parseEnv('identity', envSchema, env);
  requireSettings('identity', env, {
    production: { DATABASE_URL: e.DATABASE_URL, NATS_URL: e.NATS_URL },
    secrets: { JWT_SECRET: withoutEmpty(env).JWT_SECRET, NATS_PASSWORD: e.NATS_PASSWORD },
  });
  const jwt: JwtConfig = configStep('identity', () => jwtConfigFromEnv(env));
  return {
    nodeEnv: e.NODE_ENV,
    databaseUrl: e.DATABASE_URL ?? DEV_DATABASE_URL,
    natsUrl: e.NATS_URL ?? DEV_NATS_URL,
    natsNamespace: e.NATS_NAMESPACE,
    natsCredentials: natsCredentialsOf('identity', e),
    jwt,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
    refreshReuseGraceSeconds: e.REFRESH_REUSE_GRACE_SECONDS,
    argon2: {
      memoryCost: e.ARGON2_MEMORY_KIB,
      timeCost: e.ARGON2_TIME_COST,
      parallelism: e.ARGON2_PARALLELISM,
    },
    presenceTimeoutSeconds: e.PROVIDER_PRESENCE_TIMEOUT_SECONDS,
    presenceSweepIntervalMs: e.PRESENCE_SWEEP_INTERVAL_MS,
    presenceMinMoveMeters: e.PRESENCE_MIN_MOVE_METERS,
  };
}

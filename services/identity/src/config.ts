import { z } from 'zod';
import { jwtConfigFromEnv, type JwtConfig } from '@tiredash/auth';

/** Everything identity reads from the environment, validated once at boot into one typed object. */
export interface IdentityConfig {
  nodeEnv: string;
  databaseUrl: string;
  natsUrl: string;
  /** Isolates subjects and streams (tests); empty in normal runs. */
  natsNamespace: string;
  jwt: JwtConfig;
  argon2: { memoryCost: number; timeCost: number; parallelism: number };
}

const DEV_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/tiredash';
const DEV_NATS_URL = 'nats://127.0.0.1:4222';

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  DATABASE_URL: z.string().url('must be a postgres:// URL').optional(),
  NATS_URL: z.string().min(1).optional(),
  NATS_NAMESPACE: z
    .string()
    .regex(/^[A-Za-z0-9_]*$/, 'only letters, digits and "_"')
    .default(''),
  /** KiB; OWASP's argon2id baseline is 19 MiB with 2 passes. */
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(1024).max(1048576).default(19456),
  ARGON2_TIME_COST: z.coerce.number().int().min(1).max(10).default(2),
  ARGON2_PARALLELISM: z.coerce.number().int().min(1).max(16).default(1),
});

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Throws a ConfigError whose message is one line naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`identity: invalid environment: ${problems}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const missing = [
    production && !e.DATABASE_URL ? 'DATABASE_URL' : null,
    production && !e.NATS_URL ? 'NATS_URL' : null,
  ].filter((v): v is string => v !== null);
  if (missing.length > 0) {
    throw new ConfigError(
      `identity: invalid environment: ${missing.join(', ')} required when NODE_ENV=production`,
    );
  }
  let jwt: JwtConfig;
  try {
    jwt = jwtConfigFromEnv(env);
  } catch (err) {
    throw new ConfigError(
      `identity: invalid environment: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  return {
    nodeEnv: e.NODE_ENV,
    databaseUrl: e.DATABASE_URL ?? DEV_DATABASE_URL,
    natsUrl: e.NATS_URL ?? DEV_NATS_URL,
    natsNamespace: e.NATS_NAMESPACE,
    jwt,
    argon2: {
      memoryCost: e.ARGON2_MEMORY_KIB,
      timeCost: e.ARGON2_TIME_COST,
      parallelism: e.ARGON2_PARALLELISM,
    },
  };
}

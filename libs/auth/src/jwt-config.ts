import { LOCAL_FLAG, localDefaultsAllowed } from '@tiredash/runtime';
import { z } from 'zod';

export interface JwtConfig {
  secret: string;
  issuer: string;
  audience: string;
  expiresInSeconds: number;
}

/** Lifetime of an access token unless JWT_EXPIRES_IN_SECONDS says otherwise: 15 minutes. */
export const DEFAULT_ACCESS_TOKEN_SECONDS = 900;

/** Minimum length of JWT_SECRET in production (HS256 wants at least 256 bits of key). */
export const MIN_JWT_SECRET_LENGTH = 32;

/** Public: used only in a local run (TIREDASH_LOCAL=1, set by npm start) and in tests, never otherwise. */
export const DEV_JWT_SECRET = 'tiredash-dev-only-secret-change-me-in-production-0123456789';

const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  JWT_SECRET: z.string().optional(),
  JWT_ISSUER: z.string().min(1).default('tiredash-identity'),
  JWT_AUDIENCE: z.string().min(1).default('tiredash-api'),
  /** Access tokens are short-lived (15 minutes); the SPA renews them with the refresh cookie. */
  JWT_EXPIRES_IN_SECONDS: z.coerce.number().int().positive().default(DEFAULT_ACCESS_TOKEN_SECONDS),
});

type EnvLike = Record<string, string | undefined>;

/**
 * JWT settings from the environment. Throws an Error with one clear line when the settings are unusable:
 * in production JWT_SECRET is required and must have at least 32 characters.
 */
export function jwtConfigFromEnv(env: EnvLike = process.env): JwtConfig {
  const clean: EnvLike = {};
  for (const [k, v] of Object.entries(env)) clean[k] = v === '' ? undefined : v;
  const parsed = envSchema.safeParse(clean);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid JWT configuration: ${issue?.path.join('.') ?? '?'}: ${issue?.message ?? 'invalid'}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const local = localDefaultsAllowed(clean);
  let secret = e.JWT_SECRET;
  if (secret === undefined) {
    if (production) throw new Error('JWT_SECRET is required when NODE_ENV=production (at least 32 characters)');
    if (!local) throw new Error(`JWT_SECRET is required (the public development secret is used only in a local run: ${LOCAL_FLAG}=1, as npm start sets)`);
    secret = DEV_JWT_SECRET;
  }
  // The development secret is public: anyone could sign an admin token with it.
  if (secret === DEV_JWT_SECRET && !local) throw new Error(`JWT_SECRET is the public development secret: set a secret of your own (at least ${MIN_JWT_SECRET_LENGTH} characters)`);
  if (production && secret.length < MIN_JWT_SECRET_LENGTH) {
    throw new Error(
      `JWT_SECRET is too short: ${secret.length} characters, at least ${MIN_JWT_SECRET_LENGTH} are required when NODE_ENV=production`,
    );
  }
  return {
    secret,
    issuer: e.JWT_ISSUER,
    audience: e.JWT_AUDIENCE,
    expiresInSeconds: e.JWT_EXPIRES_IN_SECONDS,
  };
}

import type { z } from 'zod';

/** A bad or missing environment variable: main() prints the message as one line and exits 1. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export type Env = Record<string, string | undefined>;

/** The environment with empty variables taken as unset. */
export function withoutEmpty(env: Env): Env {
  const clean: Env = {};
  for (const [k, v] of Object.entries(env)) clean[k] = v === '' ? undefined : v;
  return clean;
}

/**
 * Validates the environment against a service's schema. An empty variable counts as unset, so `FOO=` falls
 * back to the default. Every problem is named in one line: `<service>: invalid environment: A: ...; B: ...`.
 */
export function parseEnv<S extends z.ZodTypeAny>(service: string, schema: S, env: Env): z.output<S> {
  const parsed = schema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`${service}: invalid environment: ${problems}`);
  }
  return parsed.data as z.output<S>;
}

/** The flag npm start and the test harnesses set: only then may a service fall back to its development secrets. */
export const LOCAL_FLAG = 'TIREDASH_LOCAL';

/**
 * Development secrets (the fixed JWT key, the emulator's Stripe keys, the dev encryption key) are public: a
 * service may use them only in a local run (TIREDASH_LOCAL=1, as npm start sets) or under NODE_ENV=test, never
 * in production.
 */
export function localDefaultsAllowed(env: Env): boolean {
  const clean = withoutEmpty(env);
  if (clean.NODE_ENV === 'production') return false;
  return clean.NODE_ENV === 'test' || clean[LOCAL_FLAG] === '1' || clean[LOCAL_FLAG] === 'true';
}

/**
 * Fails closed: outside a local run every named secret must be set, and in production the `production` settings
 * too. One line names everything missing, e.g. `identity: invalid environment: DATABASE_URL, NATS_URL, JWT_SECRET
 * required when NODE_ENV=production`.
 */
export function requireSettings(
  service: string,
  env: Env,
  opts: {
    secrets?: Record<string, unknown>;
    production?: Record<string, unknown>;
    /** What would do, for a missing name whose bare name says too little (e.g. a public default refused in production). */
    hints?: Record<string, string>;
  },
): void {
  const clean = withoutEmpty(env);
  const production = clean.NODE_ENV === 'production';
  const needed: Record<string, unknown> = { ...(production ? opts.production : {}), ...(localDefaultsAllowed(clean) ? {} : opts.secrets) };
  const missing = Object.entries(needed)
    .filter(([, v]) => v === undefined || v === null || v === '')
    .map(([name]) => name);
  if (missing.length === 0) return;
  const why = production
    ? 'required when NODE_ENV=production'
    : `required (the public development defaults are used only in a local run: ${LOCAL_FLAG}=1, as npm start sets)`;
  const hints = missing.flatMap((name) => (opts.hints?.[name] ? [`${name}: ${opts.hints[name]}`] : []));
  const more = hints.length ? ` (${hints.join('; ')})` : '';
  throw new ConfigError(`${service}: invalid environment: ${missing.join(', ')} ${why}${more}`);
}

/** In production nothing falls back to a local default: every named variable must be set. */
export function requireInProduction(service: string, nodeEnv: string, values: Record<string, unknown>): void {
  if (nodeEnv !== 'production') return;
  const missing = Object.entries(values)
    .filter(([, v]) => v === undefined || v === null || v === '')
    .map(([name]) => name);
  if (missing.length > 0) {
    throw new ConfigError(`${service}: invalid environment: ${missing.join(', ')} required when NODE_ENV=production`);
  }
}

/** Runs a config step that throws plain errors (e.g. the JWT settings) and reports it as this service's. */
export function configStep<T>(service: string, step: () => T): T {
  try {
    return step();
  } catch (err) {
    if (err instanceof ConfigError) throw err;
    throw new ConfigError(`${service}: invalid environment: ${err instanceof Error ? err.message : String(err)}`);
  }
}

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

import { z } from 'zod';

/** A service's NATS user and password (deploy/nats/auth.conf names one user per service). */
export interface NatsCredentials {
  user: string;
  pass: string;
}

/**
 * What a NATS password may be: nats-server reads it unquoted from its environment (`password: $NATS_<SVC>_PASSWORD`),
 * where a leading digit makes a number, and `#`, `;` or a space cut it short. `npm run nats:config -- --passwords`
 * prints fresh ones.
 */
export const NATS_PASSWORD_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{31,}$/;

/** The NATS credential variables, spread into a service's env schema. */
export const natsCredentialsEnv = {
  /** The service's NATS user; default: the service name. */
  NATS_USER: z
    .string()
    .regex(/^[a-z][a-z0-9-]*$/, 'a service name (lower-case letters, digits, -)')
    .optional(),
  /** Required outside a local run (requireSettings secrets): the NATS server refuses clients without credentials. */
  NATS_PASSWORD: z
    .string()
    .regex(
      NATS_PASSWORD_PATTERN,
      "must be 32+ letters, digits, '_' or '-' starting with a letter (npm run nats:config -- --passwords)",
    )
    .optional(),
};

/** The credentials the service connects with: none without NATS_PASSWORD (local runs, tests: the loopback NATS). */
export function natsCredentialsOf(
  service: string,
  e: { NATS_USER?: string; NATS_PASSWORD?: string },
): NatsCredentials | undefined {
  return e.NATS_PASSWORD ? { user: e.NATS_USER ?? service, pass: e.NATS_PASSWORD } : undefined;
}

const NATS_SERVER = /^(nats|tls|ws|wss):\/\/[^\s,/]+$/;

/**
 * NATS_URL: one server, or a comma-separated list of the cluster's servers (`nats://n1:4222,nats://n2:4222`): the
 * client connects to one of them and, when it fails, to another (nats.js also learns the other cluster members
 * from the server it reaches). Returns the list; throws with what is wrong with an entry.
 */
export function parseNatsServers(value: string): string[] {
  const servers = value.split(',').map((s) => s.trim());
  if (servers.some((s) => s === '')) throw new Error('an empty entry in the comma-separated list');
  const bad = servers.find((s) => !NATS_SERVER.test(s));
  if (bad !== undefined) throw new Error(`"${bad}" is not a nats://host:port URL`);
  return servers;
}

/** NATS_URL in a service's env schema: a nats:// URL or a comma-separated list of them, checked at start-up. */
export const natsUrlEnv = z
  .string()
  .min(1)
  .superRefine((value, ctx) => {
    try {
      parseNatsServers(value);
    } catch (err) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: `${err instanceof Error ? err.message : String(err)} (expected nats://host:port or a comma-separated list of them)`,
      });
    }
  });

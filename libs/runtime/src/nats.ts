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

// What global-setup.mjs learned about the stack it started, read back from the environment.

export interface DemoLogin {
  role: string;
  email: string;
  password: string;
  label?: string;
}

export type DemoRole = 'customer' | 'provider' | 'admin';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the e2e suite through its jest config (global-setup.mjs starts the stack)`);
  return value;
}

/** The stack's PostgreSQL database (to move a request's stored times back instead of sleeping). */
export function databaseUrl(): string {
  return required('E2E_DATABASE_URL');
}

export function baseUrl(): string {
  return required('E2E_BASE_URL');
}

/**
 * The seeded login for a role. The admin's credentials are the SEED_ADMIN_EMAIL/SEED_ADMIN_PASSWORD
 * global-setup gave the seed; the customer's and the approved provider's come from the seed's output.
 */
export function demoLogin(role: DemoRole): DemoLogin {
  if (role === 'admin') return { role, ...(JSON.parse(required('E2E_ADMIN')) as { email: string; password: string }) };
  const logins = JSON.parse(required('E2E_LOGINS')) as DemoLogin[];
  const found = logins.find((l) => l.role === role);
  if (!found) {
    throw new Error(
      `the seed printed no ${role} login; its output was:\n${process.env.E2E_SEED_OUTPUT ?? '(none)'}`,
    );
  }
  return found;
}

import { z } from 'zod';
import { ConfigError, parseEnv, type Env } from '@tiredash/runtime';

/** The emulator's environment. Defaults are the local stack's (payments uses the same keys by default). */
export const DEFAULT_STRIPE_KEYS = {
  secretKey: 'sk_test_tiredash_local_emulator',
  publishableKey: 'pk_test_tiredash_local_emulator',
  webhookSecret: 'whsec_tiredash_local_emulator',
} as const;

const envSchema = z.object({
  STRIPE_EMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(12111),
  STRIPE_EMULATOR_HOST: z.string().min(1).default('127.0.0.1'),
  /** Base URL browsers reach the emulator at (onboarding and dashboard links). Default http://<host>:<port>. */
  STRIPE_EMULATOR_PUBLIC_URL: z.string().url().optional(),
  STRIPE_SECRET_KEY: z.string().regex(/^sk_test_/, 'must be a test secret key (sk_test_...)').default(DEFAULT_STRIPE_KEYS.secretKey),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_test_/, 'must be a test publishable key (pk_test_...)').default(DEFAULT_STRIPE_KEYS.publishableKey),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_/, 'must start with whsec_').default(DEFAULT_STRIPE_KEYS.webhookSecret),
  /** Where webhooks go: the gateway's /pay/webhooks/stripe. `none` disables them. */
  STRIPE_EMULATOR_WEBHOOK_URL: z.string().default('http://127.0.0.1:3000/pay/webhooks/stripe'),
  STRIPE_EMULATOR_PAYOUT_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
});

export interface EmulatorConfig {
  port: number;
  host: string;
  publicUrl: string | undefined;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  webhookUrl: string | null;
  payoutDelayMs: number;
}

export { ConfigError };

/** Throws a ConfigError whose message is one line naming every bad variable. */
export function loadConfig(env: Env = process.env): EmulatorConfig {
  const e = parseEnv('stripe-emulator', envSchema, env);
  return {
    port: e.STRIPE_EMULATOR_PORT,
    host: e.STRIPE_EMULATOR_HOST,
    publicUrl: e.STRIPE_EMULATOR_PUBLIC_URL?.replace(/\/+$/, ''),
    secretKey: e.STRIPE_SECRET_KEY,
    publishableKey: e.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    webhookUrl: e.STRIPE_EMULATOR_WEBHOOK_URL === 'none' ? null : e.STRIPE_EMULATOR_WEBHOOK_URL,
    payoutDelayMs: e.STRIPE_EMULATOR_PAYOUT_DELAY_MS,
  };
}

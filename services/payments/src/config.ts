import { z } from 'zod';
import { ConfigError, parseEnv, requireSettings, natsCredentialsEnv, natsCredentialsOf, type Env, type NatsCredentials, natsUrlEnv } from '@tiredash/runtime';

/** Everything payments reads from the environment, validated once at boot into one typed object. */
export interface PaymentsConfig {
  nodeEnv: string;
  databaseUrl: string;
  natsUrl: string;
  natsNamespace: string;
  /** NATS user and password (NATS_USER, NATS_PASSWORD); none in local runs and tests (unauthenticated loopback NATS). */
  natsCredentials?: NatsCredentials;
  stripe: {
    /** Where the SDK sends its calls: the bundled emulator locally, https://api.stripe.com in production. */
    apiBase: string;
    host: string;
    port: number;
    protocol: 'http' | 'https';
    secretKey: string;
    publishableKey: string | null;
    webhookSecret: string;
    webhookToleranceSeconds: number;
    /**
     * Where browsers load Stripe.js from, handed to the SPA by GET /pay/config: null for Stripe's own
     * (https://js.stripe.com), the bundled emulator's stand-in (`<STRIPE_API_BASE>/v3/`, or STRIPE_JS_URL) when
     * the API is not Stripe's and the keys are test keys.
     */
    jsUrl: string | null;
  };
  /** Base URL of the SPA, for the default onboarding refresh/return URLs. */
  appPublicUrl: string;
  /** An authorisation no card request claims within this time is voided by payments itself. */
  unclaimedAuthorizationSeconds: number;
  /** How often unclaimed authorisations are looked for (0 = never). */
  authorizationSweepIntervalMs: number;
  /** How long a capture waits for requests' completion report to reach payments' read model. */
  readModelWaitMs: number;
  /** How often withdrawals without a definite answer from Stripe are retried (0 = never). */
  withdrawalReconcileIntervalMs: number;
  /** A withdrawal is reconciled once it is this old (it is no longer in flight). */
  withdrawalReconcileAfterSeconds: number;
  /** Scheduled holds: how often saved cards due for a hold and holds due for renewal are looked for (0 = never). */
  scheduledHoldSweepIntervalMs: number;
  /** Scheduled holds: the off-session hold is placed this many hours before the job's scheduled time. */
  scheduledHoldAuthorizeLeadHours: number;
  /**
   * Where 'now' comes from for scheduled holds: `system` (the machine's clock), or `stripe-emulator` (the emulator's
   * test clock, GET <STRIPE_API_BASE>/__emulator/clock, so tests move a week on without waiting; test keys only).
   */
  clock: 'system' | 'stripe-emulator';
}

const DEV_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/tiredash';
const DEV_NATS_URL = 'nats://127.0.0.1:4222';
/** The bundled emulator's defaults (services/stripe-emulator): used only outside production. */
const DEV_STRIPE = {
  apiBase: 'http://127.0.0.1:12111',
  secretKey: 'sk_test_tiredash_local_emulator',
  publishableKey: 'pk_test_tiredash_local_emulator',
  webhookSecret: 'whsec_tiredash_local_emulator',
};

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  DATABASE_URL: z.string().url('must be a postgres:// URL').optional(),
  NATS_URL: natsUrlEnv.optional(),
  ...natsCredentialsEnv,
  NATS_NAMESPACE: z
    .string()
    .regex(/^[A-Za-z0-9_]*$/, 'only letters, digits and "_"')
    .default(''),
  STRIPE_API_BASE: z.string().url('must be a URL like https://api.stripe.com').optional(),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_/, 'must be a Stripe secret key').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_(test|live)_/, 'must be a Stripe publishable key').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_/, 'must start with whsec_').optional(),
  STRIPE_JS_URL: z.union([z.literal('none'), z.string().url('must be a URL like http://localhost:12111/v3/, or none')]).optional(),
  STRIPE_WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  APP_PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  UNCLAIMED_AUTHORIZATION_SECONDS: z.coerce.number().int().min(60).max(7 * 86400).default(1800),
  AUTHORIZATION_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).max(3600000).default(60000),
  READ_MODEL_WAIT_MS: z.coerce.number().int().min(0).max(60000).default(3000),
  WITHDRAWAL_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(0).max(3600000).default(30000),
  WITHDRAWAL_RECONCILE_AFTER_SECONDS: z.coerce.number().int().min(0).max(86400).default(60),
  SCHEDULED_HOLD_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).max(3600000).default(60000),
  SCHEDULED_HOLD_AUTHORIZE_LEAD_HOURS: z.coerce.number().int().min(1).max(144).default(24),
  PAYMENTS_CLOCK: z.enum(['system', 'stripe-emulator']).default('system'),
});

export { ConfigError };

/** Throws a ConfigError whose message is one line naming every bad variable. */
export function loadConfig(env: Env = process.env): PaymentsConfig {
  const e = parseEnv('payments', envSchema, env);
  // The emulator's keys are public: outside a local run the real ones are required (fails closed).
  requireSettings('payments', env, {
    production: { DATABASE_URL: e.DATABASE_URL, NATS_URL: e.NATS_URL, STRIPE_API_BASE: e.STRIPE_API_BASE, STRIPE_PUBLISHABLE_KEY: e.STRIPE_PUBLISHABLE_KEY },
    secrets: { STRIPE_SECRET_KEY: e.STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: e.STRIPE_WEBHOOK_SECRET, NATS_PASSWORD: e.NATS_PASSWORD },
  });
  const apiBase = (e.STRIPE_API_BASE ?? DEV_STRIPE.apiBase).replace(/\/+$/, '');
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  const publishableKey = e.STRIPE_PUBLISHABLE_KEY ?? (e.NODE_ENV === 'production' ? null : DEV_STRIPE.publishableKey);
  const secretKey = e.STRIPE_SECRET_KEY ?? DEV_STRIPE.secretKey;
  if (e.PAYMENTS_CLOCK === 'stripe-emulator' && (!secretKey.startsWith('sk_test_') || url.hostname === 'stripe.com' || url.hostname.endsWith('.stripe.com'))) {
    throw new ConfigError('payments: PAYMENTS_CLOCK=stripe-emulator is for the bundled emulator with test keys only');
  }
  return {
    nodeEnv: e.NODE_ENV,
    databaseUrl: e.DATABASE_URL ?? DEV_DATABASE_URL,
    natsUrl: e.NATS_URL ?? DEV_NATS_URL,
    natsNamespace: e.NATS_NAMESPACE,
    natsCredentials: natsCredentialsOf('payments', e),
    stripe: {
      apiBase,
      host: url.hostname,
      port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
      protocol,
      secretKey,
      publishableKey,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? DEV_STRIPE.webhookSecret,
      webhookToleranceSeconds: e.STRIPE_WEBHOOK_TOLERANCE_SECONDS,
      jsUrl: stripeJsUrlOf(url, publishableKey, e.STRIPE_JS_URL),
    },
    appPublicUrl: e.APP_PUBLIC_URL.replace(/\/+$/, ''),
    unclaimedAuthorizationSeconds: e.UNCLAIMED_AUTHORIZATION_SECONDS,
    authorizationSweepIntervalMs: e.AUTHORIZATION_SWEEP_INTERVAL_MS,
    readModelWaitMs: e.READ_MODEL_WAIT_MS,
    withdrawalReconcileIntervalMs: e.WITHDRAWAL_RECONCILE_INTERVAL_MS,
    withdrawalReconcileAfterSeconds: e.WITHDRAWAL_RECONCILE_AFTER_SECONDS,
    scheduledHoldSweepIntervalMs: e.SCHEDULED_HOLD_SWEEP_INTERVAL_MS,
    scheduledHoldAuthorizeLeadHours: e.SCHEDULED_HOLD_AUTHORIZE_LEAD_HOURS,
    clock: e.PAYMENTS_CLOCK,
  };
}

/**
 * Stripe.js for the SPA. Real Stripe (api.stripe.com) or a live key: Stripe's own script, always. Any other API
 * base is the bundled emulator, which serves its Stripe.js stand-in at /v3/ (STRIPE_JS_URL when browsers reach
 * the emulator elsewhere than STRIPE_API_BASE, e.g. from outside Docker; `none`: Stripe's own script).
 */
function stripeJsUrlOf(apiBase: URL, publishableKey: string | null, configured: string | undefined): string | null {
  const stripeHost = apiBase.hostname === 'stripe.com' || apiBase.hostname.endsWith('.stripe.com');
  if (stripeHost || !publishableKey?.startsWith('pk_test_') || configured === 'none') return null;
  return configured ?? new URL('/v3/', apiBase).toString();
}

import { z } from 'zod';
import { ConfigError, parseEnv, requireSettings, natsCredentialsEnv, natsCredentialsOf, type Env, type NatsCredentials, natsUrlEnv } from '@tiredash/runtime';
import { LIMITS } from '@tiredash/contracts';

/** Everything the requests service reads from the environment, validated once at boot into one typed object. */
export interface RequestsConfig {
  nodeEnv: string;
  databaseUrl: string;
  natsUrl: string;
  /** Isolates subjects and streams (tests); empty in normal runs. */
  natsNamespace: string;
  /** NATS user and password (NATS_USER, NATS_PASSWORD); none in local runs and tests (unauthenticated loopback NATS). */
  natsCredentials?: NatsCredentials;
  /** Seconds a bid stays open after it is placed (spec: 240). */
  biddingWindowSeconds: number;
  /** How often the expiry sweeper looks for bids past their window. */
  bidSweepIntervalMs: number;
  /** How long a command waits for identity's profile events to reach the local read model. */
  readModelWaitMs: number;
  /** Timeout of the payments capture asked at a card job's confirmation. */
  captureTimeoutMs: number;
  /** Bids placed at once (each holds a database connection); the rest of the pool stays for other commands. */
  bidConcurrency: number;
  /** Bids waiting for a place; beyond that a bid is refused at once (503, try again). */
  bidQueueLimit: number;
  /** Seconds a request stays open for bids; with no bid accepted by then it expires (docs/request-lifecycle.md). */
  requestOpenSeconds: number;
  /** 'I AM HERE' is accepted within this distance (metres) of the job's address (ARRIVAL_MAX_DISTANCE_METERS, default 300). */
  arrivalMaxDistanceMeters: number;
  /** Minutes after arrival before the provider may mark the customer absent (NO_SHOW_WAIT_MINUTES, default 10). */
  noShowWaitMinutes: number;
  /** Minutes after acceptance + the bid's ETA before the customer may cancel free (PROVIDER_LATE_GRACE_MINUTES, default 15). */
  providerLateGraceMinutes: number;
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
  BIDDING_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86400).default(LIMITS.biddingWindowSeconds),
  BID_SWEEP_INTERVAL_MS: z.coerce.number().int().min(50).max(60000).default(1000),
  READ_MODEL_WAIT_MS: z.coerce.number().int().min(0).max(30000).default(3000),
  CAPTURE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120000).default(20000),
  BID_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(7),
  BID_QUEUE_LIMIT: z.coerce.number().int().min(0).max(100000).default(300),
  REQUEST_OPEN_SECONDS: z.coerce.number().int().min(1).max(30 * 86400).default(1800),
  ARRIVAL_MAX_DISTANCE_METERS: z.coerce.number().int().min(10).max(100000).default(300),
  NO_SHOW_WAIT_MINUTES: z.coerce.number().int().min(0).max(240).default(10),
  PROVIDER_LATE_GRACE_MINUTES: z.coerce.number().int().min(0).max(240).default(15),
});

export { ConfigError };

/** Throws a ConfigError whose message is one line naming every bad variable. */
export function loadConfig(env: Env = process.env): RequestsConfig {
  const e = parseEnv('requests', envSchema, env);
  requireSettings('requests', env, {
    production: { DATABASE_URL: e.DATABASE_URL, NATS_URL: e.NATS_URL },
    secrets: { NATS_PASSWORD: e.NATS_PASSWORD },
  });
  return {
    nodeEnv: e.NODE_ENV,
    databaseUrl: e.DATABASE_URL ?? DEV_DATABASE_URL,
    natsUrl: e.NATS_URL ?? DEV_NATS_URL,
    natsNamespace: e.NATS_NAMESPACE,
    natsCredentials: natsCredentialsOf('requests', e),
    biddingWindowSeconds: e.BIDDING_WINDOW_SECONDS,
    bidSweepIntervalMs: e.BID_SWEEP_INTERVAL_MS,
    readModelWaitMs: e.READ_MODEL_WAIT_MS,
    captureTimeoutMs: e.CAPTURE_TIMEOUT_MS,
    bidConcurrency: e.BID_CONCURRENCY,
    bidQueueLimit: e.BID_QUEUE_LIMIT,
    requestOpenSeconds: e.REQUEST_OPEN_SECONDS,
    arrivalMaxDistanceMeters: e.ARRIVAL_MAX_DISTANCE_METERS,
    noShowWaitMinutes: e.NO_SHOW_WAIT_MINUTES,
    providerLateGraceMinutes: e.PROVIDER_LATE_GRACE_MINUTES,
  };
}

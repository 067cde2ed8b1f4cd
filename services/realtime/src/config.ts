import { jwtConfigFromEnv, type JwtConfig } from '@tiredash/auth';
import { z } from 'zod';
import { ConfigError, configStep, parseEnv, requireSettings, withoutEmpty, natsCredentialsEnv, natsCredentialsOf, type Env, type NatsCredentials, natsUrlEnv } from '@tiredash/runtime';

/** Everything realtime reads from the environment, validated once at boot into one typed object. */
export interface RealtimeConfig {
  nodeEnv: string;
  /** HTTP port of Socket.IO (/socket.io) and /health. */
  port: number;
  host: string;
  natsUrl: string;
  /** Isolates subjects, streams and the Socket.IO Redis channels (tests); empty in normal runs. */
  natsNamespace: string;
  /** NATS user and password (NATS_USER, NATS_PASSWORD); none in local runs and tests (unauthenticated loopback NATS). */
  natsCredentials?: NatsCredentials;
  redisUrl: string;
  jwt: JwtConfig;
  /** Timeout of the NATS queries made while a socket connects or joins (identity, requests). */
  rpcTimeoutMs: number;
  /** Events older than this are acknowledged without an emit (the client's 10 s poll covers them). */
  maxEventAgeMs: number;
  /** JetStream redelivers an event not acknowledged within this time. */
  ackWaitMs: number;
  /** Emit attempts of one event before it is dead-lettered to `dlq.<durable>`. */
  maxDeliver: number;
  /** How long a user's business/customer ids are cached (they change only when a profile is created). */
  profileCacheMs: number;
  /** Seconds between Engine.IO pings (a dead connection is dropped after pingInterval + pingTimeout). */
  pingIntervalMs: number;
  pingTimeoutMs: number;
  /** Allowed browser origins for direct (not proxied) connections; null: any localhost origin. */
  corsOrigins: string[] | '*' | null;
  /** false: this node only holds sockets (an edge replica); the JetStream fan-out runs on the other replicas. */
  fanoutEnabled: boolean;
  /** Live location points accepted per job per second (spec/issue: 2); faster points are dropped and counted. */
  locationMaxPerSecond: number;
  /** How long a job's access answer (provider, customer, active) from dispatch is reused by this node. */
  jobCacheMs: number;
}

const DEV_NATS_URL = 'nats://127.0.0.1:4222';
const DEV_REDIS_URL = 'redis://127.0.0.1:6379';

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  REALTIME_PORT: int(0, 65535).default(3001),
  REALTIME_HOST: z.string().min(1).default('0.0.0.0'),
  NATS_URL: natsUrlEnv.optional(),
  ...natsCredentialsEnv,
  NATS_NAMESPACE: z
    .string()
    .regex(/^[A-Za-z0-9_]*$/, 'only letters, digits and "_"')
    .default(''),
  REDIS_URL: z.string().url('must be a redis:// URL').optional(),
  REALTIME_RPC_TIMEOUT_MS: int(100, 60_000).default(3000),
  REALTIME_MAX_EVENT_AGE_MS: int(1000, 7 * 24 * 3600 * 1000).default(10 * 60 * 1000),
  REALTIME_ACK_WAIT_MS: int(1000, 600_000).default(30_000),
  REALTIME_MAX_DELIVER: int(1, 100).default(10),
  REALTIME_PROFILE_CACHE_MS: int(0, 3_600_000).default(60_000),
  REALTIME_PING_INTERVAL_MS: int(1000, 300_000).default(25_000),
  REALTIME_PING_TIMEOUT_MS: int(1000, 300_000).default(20_000),
  /** Comma-separated origins, or `*`. Empty: http(s)://localhost|127.0.0.1 on any port (the gateway proxy is same-origin). */
  CORS_ORIGINS: z.string().default(''),
  REALTIME_LOCATION_MAX_PER_SECOND: int(1, 1000).default(2),
  REALTIME_JOB_CACHE_MS: int(0, 600_000).default(5000),
  REALTIME_FANOUT: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

export { ConfigError };

/** Throws a ConfigError whose message is one line naming every bad variable. */
export function loadConfig(env: Env = process.env): RealtimeConfig {
  const e = parseEnv('realtime', envSchema, env);
  requireSettings('realtime', env, { production: { NATS_URL: e.NATS_URL, REDIS_URL: e.REDIS_URL }, secrets: { JWT_SECRET: withoutEmpty(env).JWT_SECRET, NATS_PASSWORD: e.NATS_PASSWORD } });
  const jwt: JwtConfig = configStep('realtime', () => jwtConfigFromEnv(withoutEmpty(env)));
  const rawOrigins = e.CORS_ORIGINS.trim();
  const corsOrigins =
    rawOrigins === ''
      ? null
      : rawOrigins === '*'
        ? '*'
        : rawOrigins
            .split(',')
            .map((o) => o.trim().replace(/\/+$/, ''))
            .filter((o) => o.length > 0);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.REALTIME_PORT,
    host: e.REALTIME_HOST,
    natsUrl: e.NATS_URL ?? DEV_NATS_URL,
    natsNamespace: e.NATS_NAMESPACE,
    natsCredentials: natsCredentialsOf('realtime', e),
    redisUrl: e.REDIS_URL ?? DEV_REDIS_URL,
    jwt,
    rpcTimeoutMs: e.REALTIME_RPC_TIMEOUT_MS,
    maxEventAgeMs: e.REALTIME_MAX_EVENT_AGE_MS,
    ackWaitMs: e.REALTIME_ACK_WAIT_MS,
    maxDeliver: e.REALTIME_MAX_DELIVER,
    profileCacheMs: e.REALTIME_PROFILE_CACHE_MS,
    pingIntervalMs: e.REALTIME_PING_INTERVAL_MS,
    pingTimeoutMs: e.REALTIME_PING_TIMEOUT_MS,
    corsOrigins,
    fanoutEnabled: e.REALTIME_FANOUT,
    locationMaxPerSecond: e.REALTIME_LOCATION_MAX_PER_SECOND,
    jobCacheMs: e.REALTIME_JOB_CACHE_MS,
  };
}

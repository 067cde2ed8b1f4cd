import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { jwtConfigFromEnv, type JwtConfig } from '@tiredash/auth';
import { DEFAULT_ABUSE_LIMITS, DEFAULT_UPLOAD_BYTES_LIMIT, type AbuseLimit, type AbuseLimits } from './common/abuse-limits';
import { DEFAULT_ADMISSION_LIMITS, type AdmissionLimits } from './common/admission';
import { z } from 'zod';
import { ConfigError, configStep, parseEnv, requireSettings, withoutEmpty, natsCredentialsEnv, natsCredentialsOf, type Env, type NatsCredentials, natsUrlEnv } from '@tiredash/runtime';
import { loadUploadsConfig, type UploadsConfig } from './content/uploads-config';
import { DEFAULT_UPLOAD_URL_TTL_SECONDS } from './content/upload-urls';

/** <repo>/frontend/dist, from src/ (ts-node, jest) and from dist/ (built) alike. */
const REPO_ROOT = resolve(__dirname, '..', '..', '..');
export const DEFAULT_STATIC_DIR = resolve(REPO_ROOT, 'frontend', 'dist');

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/tiredash'),
  NATS_URL: natsUrlEnv.default('nats://127.0.0.1:4222'),
  ...natsCredentialsEnv,
  NATS_NAMESPACE: z
    .string()
    .regex(/^[A-Za-z0-9_]*$/, 'letters, digits and _ only')
    .default(''),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  STATIC_DIR: z.string().min(1).default(DEFAULT_STATIC_DIR),
  /** Comma-separated allowed origins, or `*`. Empty: same origin plus http(s)://localhost|127.0.0.1 on any port. */
  CORS_ORIGINS: z.string().default(''),
  /** Attempts per IP and identifier (email) per window on login and register. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  LOGIN_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  REGISTER_RATE_LIMIT: z.coerce.number().int().positive().default(DEFAULT_ABUSE_LIMITS.register.max),
  REGISTER_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(DEFAULT_ABUSE_LIMITS.register.windowMs),
  PAYMENT_RATE_LIMIT: z.coerce.number().int().positive().default(DEFAULT_ABUSE_LIMITS.payment.max),
  PAYMENT_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(DEFAULT_ABUSE_LIMITS.payment.windowMs),
  UPLOAD_RATE_LIMIT: z.coerce.number().int().positive().default(DEFAULT_ABUSE_LIMITS.upload.max),
  UPLOAD_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(DEFAULT_ABUSE_LIMITS.upload.windowMs),
  /** Bytes an account may upload per window (all its files together), beside the count of calls above. */
  UPLOAD_BYTES_LIMIT: z.coerce.number().int().positive().default(DEFAULT_UPLOAD_BYTES_LIMIT.max),
  UPLOAD_BYTES_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(DEFAULT_UPLOAD_BYTES_LIMIT.windowMs),
  REQUEST_RATE_LIMIT: z.coerce.number().int().positive().default(DEFAULT_ABUSE_LIMITS.requestCreate.max),
  REQUEST_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(DEFAULT_ABUSE_LIMITS.requestCreate.windowMs),
  BID_RATE_LIMIT: z.coerce.number().int().positive().default(DEFAULT_ABUSE_LIMITS.bid.max),
  BID_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(DEFAULT_ABUSE_LIMITS.bid.windowMs),
  CHAT_RATE_LIMIT: z.coerce.number().int().positive().default(DEFAULT_ABUSE_LIMITS.chat.max),
  CHAT_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(DEFAULT_ABUSE_LIMITS.chat.windowMs),
  /** Bids in flight at once in this gateway instance; more are answered 503 with Retry-After at once. */
  BID_MAX_IN_FLIGHT: z.coerce.number().int().positive().default(DEFAULT_ADMISSION_LIMITS.bid),
  /** Lifetime of the signed URLs of private uploads (documents, request photos); at most a day. */
  UPLOAD_URL_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(DEFAULT_UPLOAD_URL_TTL_SECONDS),
  /** Timeout of one command forwarded over NATS. */
  RPC_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  /** Timeout of each dependency check of /ready. */
  READY_TIMEOUT_MS: z.coerce.number().int().positive().default(2000),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /** Trust X-Forwarded-* (behind a load balancer / ingress). */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** The realtime service, to which /socket.io is proxied (long-polling and websocket). */
  REALTIME_URL: z.string().url().default('http://127.0.0.1:3001'),
});

export interface GatewayConfig {
  nodeEnv: string;
  port: number;
  host: string;
  databaseUrl: string;
  natsUrl: string;
  natsNamespace: string;
  /** NATS user and password (NATS_USER, NATS_PASSWORD); none in local runs and tests (unauthenticated loopback NATS). */
  natsCredentials?: NatsCredentials;
  redisUrl: string;
  staticDir: string;
  /** null: same origin and localhost only; '*': any origin; else the listed origins. */
  corsOrigins: string[] | '*' | null;
  loginRateLimit: { max: number; windowMs: number };
  /** Registration per address; card holds, uploads, request creation and bids per account (Redis, shared). */
  abuseLimits: AbuseLimits;
  /** Bytes an account may upload per window (UPLOAD_BYTES_LIMIT, UPLOAD_BYTES_LIMIT_WINDOW_MS; Redis, shared). */
  uploadBytesLimit: AbuseLimit;
  /** Calls of a kind in flight at once in this instance before the excess is refused with 503 (BID_MAX_IN_FLIGHT). */
  admissionLimits: AdmissionLimits;
  rpcTimeoutMs: number;
  readyTimeoutMs: number;
  logLevel: (typeof LOG_LEVELS)[number];
  trustProxy: boolean;
  realtimeUrl: string;
  jwt: JwtConfig;
  /** Where uploaded files are stored (services/gateway/src/content/uploads-config.ts). */
  uploads: UploadsConfig;
  /** Seconds a signed URL of a private upload stays valid (UPLOAD_URL_TTL_SECONDS). */
  uploadUrlTtlSeconds: number;
}

export { ConfigError };

/** Throws a ConfigError whose message is one line naming every bad variable. */
export function loadConfig(env: Env = process.env): GatewayConfig {
  const e = parseEnv('gateway', envSchema, env);
  const clean = withoutEmpty(env);
  requireSettings('gateway', env, { secrets: { JWT_SECRET: clean.JWT_SECRET, NATS_PASSWORD: e.NATS_PASSWORD } });
  const jwt: JwtConfig = configStep('gateway', () => jwtConfigFromEnv(clean));
  const uploads: UploadsConfig = configStep('gateway', () => loadUploadsConfig(clean));
  const rawOrigins = (e.CORS_ORIGINS ?? '').trim();
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
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    natsUrl: e.NATS_URL,
    natsNamespace: e.NATS_NAMESPACE,
    natsCredentials: natsCredentialsOf('gateway', e),
    redisUrl: e.REDIS_URL,
    staticDir: resolve(e.STATIC_DIR),
    corsOrigins,
    loginRateLimit: { max: e.LOGIN_RATE_LIMIT, windowMs: e.LOGIN_RATE_LIMIT_WINDOW_MS },
    abuseLimits: {
      register: { max: e.REGISTER_RATE_LIMIT, windowMs: e.REGISTER_RATE_LIMIT_WINDOW_MS },
      payment: { max: e.PAYMENT_RATE_LIMIT, windowMs: e.PAYMENT_RATE_LIMIT_WINDOW_MS },
      upload: { max: e.UPLOAD_RATE_LIMIT, windowMs: e.UPLOAD_RATE_LIMIT_WINDOW_MS },
      requestCreate: { max: e.REQUEST_RATE_LIMIT, windowMs: e.REQUEST_RATE_LIMIT_WINDOW_MS },
      bid: { max: e.BID_RATE_LIMIT, windowMs: e.BID_RATE_LIMIT_WINDOW_MS },
      chat: { max: e.CHAT_RATE_LIMIT, windowMs: e.CHAT_RATE_LIMIT_WINDOW_MS },
    },
    uploadBytesLimit: { max: e.UPLOAD_BYTES_LIMIT, windowMs: e.UPLOAD_BYTES_LIMIT_WINDOW_MS },
    admissionLimits: { bid: e.BID_MAX_IN_FLIGHT },
    rpcTimeoutMs: e.RPC_TIMEOUT_MS,
    readyTimeoutMs: e.READY_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    realtimeUrl: e.REALTIME_URL.replace(/\/+$/, ''),
    jwt,
    uploads,
    uploadUrlTtlSeconds: e.UPLOAD_URL_TTL_SECONDS,
  };
}

export function staticDirExists(cfg: GatewayConfig): boolean {
  return existsSync(resolve(cfg.staticDir, 'index.html'));
}

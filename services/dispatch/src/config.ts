import { z } from 'zod';
import { ConfigError, parseEnv, requireSettings, natsCredentialsEnv, natsCredentialsOf, type Env, type NatsCredentials } from '@tiredash/runtime';

/** Everything the dispatch service reads from the environment, validated once at boot into one typed object. */
export interface DispatchConfig {
  nodeEnv: string;
  databaseUrl: string;
  natsUrl: string;
  /** Isolates subjects, streams and Redis keys (tests); empty in normal runs. */
  natsNamespace: string;
  /** NATS user and password (NATS_USER, NATS_PASSWORD); none in local runs and tests (unauthenticated loopback NATS). */
  natsCredentials?: NatsCredentials;
  redisUrl: string;
  /** Nominatim-compatible geocoder base URL (`/search`, `/reverse`). */
  geocoderUrl: string;
  /** OSRM- or Mapbox-compatible directions base URL. */
  directionsUrl: string;
  directionsKind: 'osrm' | 'mapbox';
  /** Mapbox token from the environment; else the map key of content's platform settings. */
  mapboxToken: string | null;
  /** Straight-line fallback speed (and ETA without a route). */
  averageSpeedMph: number;
  upstreamTimeoutMs: number;
  /** Upstream calls per second allowed per user (Nominatim's policy is one a second). */
  upstreamPerUserPerSecond: number;
  geocodeCacheSeconds: number;
  routeCacheSeconds: number;
  userAgent: string;
  /** The sampled track keeps a point when this many seconds or metres passed since the last kept one. */
  trackMinIntervalSeconds: number;
  trackMinDistanceMeters: number;
  /** How long the latest point stays in Redis after the last update. */
  latestTtlSeconds: number;
}

const DEV_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/tiredash';
const DEV_NATS_URL = 'nats://127.0.0.1:4222';
const DEV_REDIS_URL = 'redis://127.0.0.1:6379';

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  DATABASE_URL: z.string().url('must be a postgres:// URL').optional(),
  NATS_URL: z.string().min(1).optional(),
  ...natsCredentialsEnv,
  NATS_NAMESPACE: z
    .string()
    .regex(/^[A-Za-z0-9_]*$/, 'only letters, digits and "_"')
    .default(''),
  REDIS_URL: z.string().url('must be a redis:// URL').optional(),
  GEOCODER_URL: z.string().url().default('https://nominatim.openstreetmap.org'),
  DIRECTIONS_URL: z.string().url().default('https://router.project-osrm.org'),
  DIRECTIONS_KIND: z.enum(['osrm', 'mapbox']).optional(),
  MAPBOX_TOKEN: z.string().min(1).optional(),
  AVERAGE_SPEED_MPH: z.coerce.number().positive().max(200).default(30),
  GEO_UPSTREAM_TIMEOUT_MS: int(100, 60_000).default(4000),
  GEO_RATE_PER_USER_PER_SECOND: int(1, 100).default(1),
  GEO_CACHE_SECONDS: int(1, 30 * 24 * 3600).default(7 * 24 * 3600),
  ROUTE_CACHE_SECONDS: int(1, 7 * 24 * 3600).default(600),
  GEO_USER_AGENT: z.string().min(1).default('TireDash/0.1 (dispatch geocoding proxy)'),
  TRACK_MIN_INTERVAL_SECONDS: z.coerce.number().positive().max(3600).default(10),
  TRACK_MIN_DISTANCE_METERS: z.coerce.number().positive().max(100_000).default(50),
  LATEST_TTL_SECONDS: int(10, 7 * 24 * 3600).default(6 * 3600),
});

export { ConfigError };

/** Throws a ConfigError whose message is one line naming every bad variable. */
export function loadConfig(env: Env = process.env): DispatchConfig {
  const e = parseEnv('dispatch', envSchema, env);
  requireSettings('dispatch', env, {
    production: { DATABASE_URL: e.DATABASE_URL, NATS_URL: e.NATS_URL, REDIS_URL: e.REDIS_URL },
    secrets: { NATS_PASSWORD: e.NATS_PASSWORD },
  });
  const trim = (u: string): string => u.replace(/\/+$/, '');
  return {
    nodeEnv: e.NODE_ENV,
    databaseUrl: e.DATABASE_URL ?? DEV_DATABASE_URL,
    natsUrl: e.NATS_URL ?? DEV_NATS_URL,
    natsNamespace: e.NATS_NAMESPACE,
    natsCredentials: natsCredentialsOf('dispatch', e),
    redisUrl: e.REDIS_URL ?? DEV_REDIS_URL,
    geocoderUrl: trim(e.GEOCODER_URL),
    directionsUrl: trim(e.DIRECTIONS_URL),
    directionsKind: e.DIRECTIONS_KIND ?? (/mapbox/i.test(e.DIRECTIONS_URL) ? 'mapbox' : 'osrm'),
    mapboxToken: e.MAPBOX_TOKEN ?? null,
    averageSpeedMph: e.AVERAGE_SPEED_MPH,
    upstreamTimeoutMs: e.GEO_UPSTREAM_TIMEOUT_MS,
    upstreamPerUserPerSecond: e.GEO_RATE_PER_USER_PER_SECOND,
    geocodeCacheSeconds: e.GEO_CACHE_SECONDS,
    routeCacheSeconds: e.ROUTE_CACHE_SECONDS,
    userAgent: e.GEO_USER_AGENT,
    trackMinIntervalSeconds: e.TRACK_MIN_INTERVAL_SECONDS,
    trackMinDistanceMeters: e.TRACK_MIN_DISTANCE_METERS,
    latestTtlSeconds: e.LATEST_TTL_SECONDS,
  };
}

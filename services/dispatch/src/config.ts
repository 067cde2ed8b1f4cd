import { z } from 'zod';
import { ConfigError, parseEnv, requireSettings, natsCredentialsEnv, natsCredentialsOf, type Env, type NatsCredentials, natsUrlEnv } from '@tiredash/runtime';

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
  /**
   * False against the public nominatim.openstreetmap.org, whose usage policy forbids autocomplete: a search made
   * while typing is then answered from the cache only (an explicit search still reaches the geocoder).
   */
  geocoderAutocomplete: boolean;
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
  /**
   * Upstream calls per second for the whole application, across every replica (one Redis window per upstream):
   * 1 against the public Nominatim / OSRM demo servers (their policies), GEOCODER_RATE_PER_SECOND and
   * DIRECTIONS_RATE_PER_SECOND otherwise.
   */
  upstreamGlobalPerSecond: { geocoder: number; directions: number };
  /** How long an explicit search waits for a slot of the global budget before RATE_LIMITED. */
  upstreamMaxWaitMs: number;
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

/** The public OpenStreetMap services: fine for a local try-out, never for production traffic (1 request/s, no autocomplete). */
export const PUBLIC_GEOCODER_URL = 'https://nominatim.openstreetmap.org';
export const PUBLIC_DIRECTIONS_URL = 'https://router.project-osrm.org';
const PUBLIC_GEOCODER_HOSTS = ['nominatim.openstreetmap.org'];
const PUBLIC_DIRECTIONS_HOSTS = ['router.project-osrm.org', 'routing.openstreetmap.de'];
/** Default global budgets: the public servers' policies, else a self-hosted service's comfortable load. */
const PUBLIC_RATE_PER_SECOND = 1;
const SELF_HOSTED_RATE_PER_SECOND = 25;

const hostIn = (url: string, hosts: string[]): boolean => hosts.includes(new URL(url).hostname.toLowerCase());

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  DATABASE_URL: z.string().url('must be a postgres:// URL').optional(),
  NATS_URL: natsUrlEnv.optional(),
  ...natsCredentialsEnv,
  NATS_NAMESPACE: z
    .string()
    .regex(/^[A-Za-z0-9_]*$/, 'only letters, digits and "_"')
    .default(''),
  REDIS_URL: z.string().url('must be a redis:// URL').optional(),
  GEOCODER_URL: z.string().url().optional(),
  DIRECTIONS_URL: z.string().url().optional(),
  DIRECTIONS_KIND: z.enum(['osrm', 'mapbox']).optional(),
  MAPBOX_TOKEN: z.string().min(1).optional(),
  AVERAGE_SPEED_MPH: z.coerce.number().positive().max(200).default(30),
  GEO_UPSTREAM_TIMEOUT_MS: int(100, 60_000).default(4000),
  GEO_RATE_PER_USER_PER_SECOND: int(1, 100).default(1),
  GEOCODER_RATE_PER_SECOND: int(1, 10_000).optional(),
  DIRECTIONS_RATE_PER_SECOND: int(1, 10_000).optional(),
  GEO_UPSTREAM_MAX_WAIT_MS: int(0, 10_000).default(1500),
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
  const geocoderUrl = e.GEOCODER_URL ?? PUBLIC_GEOCODER_URL;
  const directionsUrl = e.DIRECTIONS_URL ?? PUBLIC_DIRECTIONS_URL;
  const directionsKind = e.DIRECTIONS_KIND ?? (/mapbox/i.test(directionsUrl) ? 'mapbox' : 'osrm');
  const publicGeocoder = hostIn(geocoderUrl, PUBLIC_GEOCODER_HOSTS);
  const publicDirections = hostIn(directionsUrl, PUBLIC_DIRECTIONS_HOSTS);
  // Production fails closed on the public OpenStreetMap services (their policies allow one request a second for
  // the whole application and no autocomplete): a self-hosted or keyed geocoder and router must be configured.
  requireSettings('dispatch', env, {
    production: {
      DATABASE_URL: e.DATABASE_URL,
      NATS_URL: e.NATS_URL,
      REDIS_URL: e.REDIS_URL,
      GEOCODER_URL: publicGeocoder ? undefined : e.GEOCODER_URL,
      DIRECTIONS_URL: publicDirections ? undefined : e.DIRECTIONS_URL,
      ...(directionsKind === 'mapbox' ? { MAPBOX_TOKEN: e.MAPBOX_TOKEN } : {}),
    },
    secrets: { NATS_PASSWORD: e.NATS_PASSWORD },
    hints: {
      GEOCODER_URL: 'a self-hosted Nominatim, not the public nominatim.openstreetmap.org',
      DIRECTIONS_URL: 'a self-hosted OSRM, not the public demo server, or https://api.mapbox.com with MAPBOX_TOKEN',
      MAPBOX_TOKEN: 'Mapbox directions need a token of your own',
    },
  });
  const trim = (u: string): string => u.replace(/\/+$/, '');
  return {
    nodeEnv: e.NODE_ENV,
    databaseUrl: e.DATABASE_URL ?? DEV_DATABASE_URL,
    natsUrl: e.NATS_URL ?? DEV_NATS_URL,
    natsNamespace: e.NATS_NAMESPACE,
    natsCredentials: natsCredentialsOf('dispatch', e),
    redisUrl: e.REDIS_URL ?? DEV_REDIS_URL,
    geocoderUrl: trim(geocoderUrl),
    geocoderAutocomplete: !publicGeocoder,
    directionsUrl: trim(directionsUrl),
    directionsKind,
    mapboxToken: e.MAPBOX_TOKEN ?? null,
    averageSpeedMph: e.AVERAGE_SPEED_MPH,
    upstreamTimeoutMs: e.GEO_UPSTREAM_TIMEOUT_MS,
    upstreamPerUserPerSecond: e.GEO_RATE_PER_USER_PER_SECOND,
    upstreamGlobalPerSecond: {
      // The public servers' limit is theirs, not ours to raise.
      geocoder: publicGeocoder ? PUBLIC_RATE_PER_SECOND : (e.GEOCODER_RATE_PER_SECOND ?? SELF_HOSTED_RATE_PER_SECOND),
      directions: publicDirections ? PUBLIC_RATE_PER_SECOND : (e.DIRECTIONS_RATE_PER_SECOND ?? SELF_HOSTED_RATE_PER_SECOND),
    },
    upstreamMaxWaitMs: e.GEO_UPSTREAM_MAX_WAIT_MS,
    geocodeCacheSeconds: e.GEO_CACHE_SECONDS,
    routeCacheSeconds: e.ROUTE_CACHE_SECONDS,
    userAgent: e.GEO_USER_AGENT,
    trackMinIntervalSeconds: e.TRACK_MIN_INTERVAL_SECONDS,
    trackMinDistanceMeters: e.TRACK_MIN_DISTANCE_METERS,
    latestTtlSeconds: e.LATEST_TTL_SECONDS,
  };
}

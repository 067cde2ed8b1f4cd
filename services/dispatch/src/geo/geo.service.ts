import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DomainError, distanceMiles, type AddressSuggestionView, type GeoSuggestionsView, type LatLng, type RouteView } from '@tiredash/contracts';
import { DISPATCH_CONFIG } from '../common/dispatch-config.module';
import { etaMinutes, METERS_PER_MILE, round2, travelSeconds } from '../common/geo-math';
import { RedisService } from '../common/redis.service';
import type { DispatchConfig } from '../config';
import { MapKeyService } from './map-key.service';
import { UpstreamClient, UpstreamError } from './upstream.client';
import { UpstreamRateLimiter } from './upstream-rate-limiter';

type Upstream = 'geocoder' | 'directions';

const fixed = (n: number): string => n.toFixed(5);
const hash = (s: string): string => createHash('sha1').update(s).digest('hex');

/**
 * The geocoding and directions proxy. Answers from the Redis cache first (free); otherwise spends one upstream
 * call from the caller's per-second budget and from the application's global per-second budget of that upstream
 * (shared by every replica through Redis; RATE_LIMITED when either is spent) and caches a good answer. A search
 * made while typing is answered from the cache only when the geocoder forbids autocomplete (the public
 * Nominatim). When the upstream does not answer: no suggestions (flagged `fallback`) for geocoding, a straight
 * line at AVERAGE_SPEED_MPH for directions. Fallbacks are not cached, so a recovered upstream is used at once.
 */
@Injectable()
export class GeoService {
  private readonly logger = new Logger(GeoService.name);
  private readonly global: UpstreamRateLimiter;

  constructor(
    private readonly redis: RedisService,
    private readonly upstream: UpstreamClient,
    private readonly mapKeys: MapKeyService,
    @Inject(DISPATCH_CONFIG) private readonly config: DispatchConfig,
  ) {
    this.global = new UpstreamRateLimiter(redis.client, redis.key('geo', 'global', ''), config.upstreamGlobalPerSecond);
  }

  async search(clientKey: string, q: string, limit: number, autocomplete = false): Promise<GeoSuggestionsView> {
    const key = this.redis.key('geo', 'search', String(limit), hash(q.trim().toLowerCase()));
    if (autocomplete && !this.config.geocoderAutocomplete) {
      // The public Nominatim's policy forbids autocomplete: typing is served from what explicit searches cached.
      const hit = await this.redis.client.get(key);
      const data = hit ? (JSON.parse(hit) as AddressSuggestionView[]) : [];
      return {
        data,
        meta: hit
          ? { source: 'cache', cached: true, fallback: false, autocomplete: false }
          : { source: 'none', cached: false, fallback: false, autocomplete: false, reason: 'no autocomplete against this geocoder: search explicitly' },
      };
    }
    return this.suggestions(clientKey, key, () => this.upstream.search(q, limit));
  }

  async reverse(clientKey: string, p: LatLng): Promise<GeoSuggestionsView> {
    const key = this.redis.key('geo', 'reverse', `${fixed(p.lat)},${fixed(p.lng)}`);
    return this.suggestions(clientKey, key, async () => {
      const one = await this.upstream.reverse(p);
      return one ? [one] : [];
    });
  }

  /** A route for a user (rate limited: RATE_LIMITED when the budget is spent). */
  async route(clientKey: string, from: LatLng, to: LatLng): Promise<RouteView> {
    const cached = await this.cachedRoute(from, to);
    if (cached) return cached;
    await this.spend(clientKey, 'directions');
    return this.freshRoute(from, to);
  }

  /** A route for the server's own ETA: the cache, else the upstream within the job's budget, else a straight line. */
  async routeForEta(budgetKey: string, from: LatLng, to: LatLng): Promise<RouteView> {
    const cached = await this.cachedRoute(from, to);
    if (cached) return cached;
    if (!(await this.trySpend(budgetKey)) || !(await this.global.take('directions')).ok) return this.straightLine(from, to, 'rate-limited');
    return this.freshRoute(from, to);
  }

  straightLine(from: LatLng, to: LatLng, reason: string): RouteView {
    const miles = distanceMiles(from, to);
    const seconds = travelSeconds(miles, this.config.averageSpeedMph);
    return {
      from,
      to,
      distanceMiles: round2(miles),
      durationSeconds: Math.round(seconds),
      etaMinutes: etaMinutes(seconds),
      geometry: { type: 'LineString', coordinates: [[from.lng, from.lat], [to.lng, to.lat]] },
      source: 'straight-line',
      cached: false,
      fallback: true,
      reason,
    };
  }

  private routeKey(from: LatLng, to: LatLng): string {
    return this.redis.key('geo', 'route', this.config.directionsKind, `${fixed(from.lat)},${fixed(from.lng)};${fixed(to.lat)},${fixed(to.lng)}`);
  }

  private async cachedRoute(from: LatLng, to: LatLng): Promise<RouteView | null> {
    const hit = await this.redis.client.get(this.routeKey(from, to));
    return hit ? { ...(JSON.parse(hit) as RouteView), cached: true } : null;
  }

  private async freshRoute(from: LatLng, to: LatLng): Promise<RouteView> {
    let mapboxKey: string | null = null;
    if (this.config.directionsKind === 'mapbox') {
      mapboxKey = await this.mapKeys.mapboxKey();
      if (!mapboxKey) return this.straightLine(from, to, 'no map key configured');
    }
    try {
      const r = await this.upstream.route(from, to, mapboxKey);
      const view: RouteView = {
        from,
        to,
        distanceMiles: round2(r.distanceMeters / METERS_PER_MILE),
        durationSeconds: Math.round(r.durationSeconds),
        etaMinutes: etaMinutes(r.durationSeconds),
        geometry: { type: 'LineString', coordinates: r.coordinates },
        source: this.config.directionsKind,
        cached: false,
        fallback: false,
      };
      await this.redis.client.set(this.routeKey(from, to), JSON.stringify(view), 'EX', this.config.routeCacheSeconds);
      return view;
    } catch (err) {
      if (!(err instanceof UpstreamError)) throw err;
      this.logger.warn(`directions ${this.config.directionsUrl}: ${err.message}; straight-line fallback`);
      return this.straightLine(from, to, `directions service ${err.message}`);
    }
  }

  private async suggestions(clientKey: string, key: string, call: () => Promise<AddressSuggestionView[]>): Promise<GeoSuggestionsView> {
    const hit = await this.redis.client.get(key);
    if (hit) return { data: JSON.parse(hit) as AddressSuggestionView[], meta: { source: 'cache', cached: true, fallback: false } };
    await this.spend(clientKey, 'geocoder');
    try {
      const data = await call();
      await this.redis.client.set(key, JSON.stringify(data), 'EX', this.config.geocodeCacheSeconds);
      return { data, meta: { source: 'geocoder', cached: false, fallback: false } };
    } catch (err) {
      if (!(err instanceof UpstreamError)) throw err;
      this.logger.warn(`geocoder ${this.config.geocoderUrl}: ${err.message}; empty fallback`);
      return { data: [], meta: { source: 'none', cached: false, fallback: true, reason: `geocoder ${err.message}` } };
    }
  }

  /** Takes one upstream call from the caller's budget for the current second; false when it is spent. */
  private async trySpend(clientKey: string): Promise<boolean> {
    const second = Math.floor(Date.now() / 1000);
    const key = this.redis.key('geo', 'rl', clientKey, String(second));
    const [[, count]] = (await this.redis.client.multi().incr(key).expire(key, 2).exec()) as [[Error | null, number], [Error | null, number]];
    return count <= this.config.upstreamPerUserPerSecond;
  }

  /**
   * The caller's budget first (refused at once: one user cannot queue), then the application's budget of the
   * upstream, waiting up to GEO_UPSTREAM_MAX_WAIT_MS for a slot so that users searching at the same moment are
   * served one after the other rather than refused.
   */
  private async spend(clientKey: string, upstream: Upstream): Promise<void> {
    if (!(await this.trySpend(clientKey))) {
      const retryAfterMs = 1000 - (Date.now() % 1000);
      throw new DomainError('RATE_LIMITED', 'Too many map lookups: try again in a second', { retryAfterMs });
    }
    const slot = await this.global.take(upstream, this.config.upstreamMaxWaitMs);
    if (!slot.ok) {
      throw new DomainError('RATE_LIMITED', 'The map service is busy: try again in a second', { retryAfterMs: slot.retryAfterMs });
    }
  }
}

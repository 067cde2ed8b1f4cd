import type { INestMicroservice } from '@nestjs/common';
import { DomainError, GeoReverse, GeoRoute, GeoSearch } from '@tiredash/contracts';
import { sleep } from '@tiredash/testing';
import { loadConfig } from '../config';
import { createDispatchTestClient, type DispatchTestClient } from '../test-support/client';
import { createDispatchTestEnv, startDispatch, type DispatchTestEnv } from '../test-support/dispatch-harness';
import { FakeUpstream } from '../test-support/fake-upstream';
import { UpstreamClient } from './upstream.client';

async function rejection(p: Promise<unknown>): Promise<DomainError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error('expected a rejection');
}

/** Waits until early in a wall-clock second, so two calls fall in the same rate-limit window. */
async function startOfSecond(): Promise<void> {
  const ms = Date.now() % 1000;
  if (ms > 150) await sleep(1000 - ms + 5);
}

describe('geocoding and directions proxy (real Redis, NATS, a fake upstream)', () => {
  const upstream = new FakeUpstream();
  let env: DispatchTestEnv;
  let app: INestMicroservice;
  let t: DispatchTestClient;

  beforeAll(async () => {
    const url = await upstream.up();
    env = await createDispatchTestEnv('dispatch_geo', { GEOCODER_URL: url, DIRECTIONS_URL: url, AVERAGE_SPEED_MPH: '30' });
    app = await startDispatch(env.config);
    t = await createDispatchTestClient(env);
  });

  afterAll(async () => {
    await t?.close();
    await app?.close();
    await env?.close();
    await upstream.down();
  });

  it('searches through the geocoder once, then answers the same query from the cache (case and spaces ignored)', async () => {
    await startOfSecond();
    const first = await t.client.send(GeoSearch, { clientKey: 'user-a', query: { q: '500 Market St' } });
    expect(first.meta).toEqual({ source: 'geocoder', cached: false, fallback: false });
    expect(first.data).toEqual([
      { display_name: '500 Market St, San Francisco, CA, USA', lat: 37.7793, lon: -122.4193 },
      { display_name: '500 Market St, Oakland, CA, USA', lat: 37.8044, lon: -122.2712 },
    ]);
    const call = upstream.calls.find((c) => c.path === '/search')!;
    expect(call.query.get('format')).toBe('json');
    expect(call.query.get('addressdetails')).toBe('1');
    expect(call.userAgent).toMatch(/TireDash/);
    // Same user, same second: a cache hit is free.
    const again = await t.client.send(GeoSearch, { clientKey: 'user-a', query: { q: '  500 market st ' } });
    expect(again.meta).toEqual({ source: 'cache', cached: true, fallback: false });
    expect(again.data).toEqual(first.data);
    expect(upstream.count('/search')).toBe(1);
  });

  it('allows one upstream call a second per user: a second miss in the same second is RATE_LIMITED, other users are not', async () => {
    await startOfSecond();
    await t.client.send(GeoSearch, { clientKey: 'user-b', query: { q: 'Mission St' } });
    const limited = await rejection(t.client.send(GeoSearch, { clientKey: 'user-b', query: { q: 'Valencia St' } }));
    expect(limited.code).toBe('RATE_LIMITED');
    expect((limited.details as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(0);
    await expect(t.client.send(GeoSearch, { clientKey: 'user-c', query: { q: 'Valencia St' } })).resolves.toMatchObject({ meta: { source: 'geocoder' } });
    await sleep(1000);
    await expect(t.client.send(GeoSearch, { clientKey: 'user-b', query: { q: 'Castro St' } })).resolves.toMatchObject({ meta: { source: 'geocoder' } });
  });

  it('reverse-geocodes lat/lon (a list of one) and caches it', async () => {
    await startOfSecond();
    const r = await t.client.send(GeoReverse, { clientKey: 'user-d', query: { lat: '37.7749', lon: '-122.4194' } as never });
    expect(r).toEqual({ data: [{ display_name: 'Near 37.7749,-122.4194', lat: 37.7749, lon: -122.4194 }], meta: { source: 'geocoder', cached: false, fallback: false } });
    const again = await t.client.send(GeoReverse, { clientKey: 'user-d', query: { lat: 37.7749, lng: -122.4194 } });
    expect(again.meta.cached).toBe(true);
    expect(upstream.count('/reverse')).toBe(1);
  });

  it('routes through OSRM (distance, duration, geojson) and caches the route', async () => {
    await startOfSecond();
    const from = { lat: 37.77, lng: -122.42 };
    const to = { lat: 37.8, lng: -122.4 };
    const r = await t.client.send(GeoRoute, { clientKey: 'user-e', from, to });
    expect(r).toMatchObject({ distanceMiles: 2, durationSeconds: 420, etaMinutes: 7, source: 'osrm', fallback: false, cached: false });
    expect(r.geometry.coordinates[0]).toEqual([-122.42, 37.77]);
    expect(r.geometry.coordinates.at(-1)).toEqual([-122.4, 37.8]);
    expect(upstream.calls.find((c) => c.path.startsWith('/route/v1/driving/'))!.path).toBe('/route/v1/driving/-122.42,37.77;-122.4,37.8');
    const again = await t.client.send(GeoRoute, { clientKey: 'user-e', from, to });
    expect(again).toMatchObject({ cached: true, source: 'osrm', etaMinutes: 7 });
    expect(upstream.count('/route')).toBe(1);
  });

  it('falls back when the upstream is down: empty suggestions flagged, a straight line at AVERAGE_SPEED_MPH; cache still answers', async () => {
    await upstream.down();
    try {
      await startOfSecond();
      const s = await t.client.send(GeoSearch, { clientKey: 'user-f', query: { q: 'Unreachable Ave' } });
      expect(s.data).toEqual([]);
      expect(s.meta).toMatchObject({ source: 'none', cached: false, fallback: true });
      expect(s.meta.reason).toMatch(/unreachable/);
      await sleep(1000);
      const from = { lat: 37.77, lng: -122.42 };
      const to = { lat: 37.8, lng: -122.42 };
      const r = await t.client.send(GeoRoute, { clientKey: 'user-f', from, to });
      // 0.03 degrees of latitude = 2.07 miles; at 30 mph that is 4.1 minutes.
      expect(r).toMatchObject({ source: 'straight-line', fallback: true, distanceMiles: 2.07, etaMinutes: 4 });
      expect(r.durationSeconds).toBeGreaterThan(245);
      expect(r.durationSeconds).toBeLessThan(250);
      expect(r.geometry.coordinates).toEqual([[-122.42, 37.77], [-122.42, 37.8]]);
      // What was cached before the outage is still answered.
      await expect(t.client.send(GeoSearch, { clientKey: 'user-f', query: { q: '500 Market St' } })).resolves.toMatchObject({ meta: { cached: true } });
    } finally {
      await upstream.up();
    }
    // Fallbacks are not cached: the recovered upstream answers the same query.
    await sleep(1000);
    await expect(t.client.send(GeoSearch, { clientKey: 'user-f', query: { q: 'Unreachable Ave' } })).resolves.toMatchObject({ meta: { source: 'geocoder' } });
  });

  it('validates queries (q too short, lng or lon required)', async () => {
    expect((await rejection(t.client.send(GeoSearch, { clientKey: 'user-g', query: { q: 'a' } }))).code).toBe('VALIDATION_FAILED');
    expect((await rejection(t.client.send(GeoReverse, { clientKey: 'user-g', query: { lat: 1 } as never }))).code).toBe('VALIDATION_FAILED');
  });

  it('speaks the Mapbox directions API with the map key when configured so', async () => {
    const mapbox = loadConfig({ NODE_ENV: 'test', DIRECTIONS_URL: upstream.url, DIRECTIONS_KIND: 'mapbox', GEO_UPSTREAM_TIMEOUT_MS: '1500' });
    const client = new UpstreamClient(mapbox);
    const r = await client.route({ lat: 37.77, lng: -122.42 }, { lat: 37.8, lng: -122.4 }, 'pk.test-map-key');
    expect(r).toMatchObject({ distanceMeters: 3218.688, durationSeconds: 420 });
    expect(upstream.calls.at(-1)!.path).toBe('/directions/v5/mapbox/driving/-122.42,37.77;-122.4,37.8');
    await expect(client.route({ lat: 37.77, lng: -122.42 }, { lat: 37.8, lng: -122.4 }, 'wrong')).rejects.toThrow(/HTTP 401/);
  });
});

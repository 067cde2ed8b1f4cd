import type { INestMicroservice } from '@nestjs/common';
import { DomainError } from '@tiredash/contracts';
import { getTestInfra, sleep } from '@tiredash/testing';
import Redis from 'ioredis';
import { loadConfig } from '../config';
import { createDispatchTestEnv, startDispatch, type DispatchTestEnv } from '../test-support/dispatch-harness';
import { FakeUpstream } from '../test-support/fake-upstream';
import { GeoService } from './geo.service';
import { UpstreamRateLimiter } from './upstream-rate-limiter';

/** Waits until early in a wall-clock second (Redis and this process share the machine's clock). */
async function startOfSecond(): Promise<void> {
  const ms = Date.now() % 1000;
  if (ms > 100) await sleep(1000 - ms + 5);
}

async function outcome(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (err) {
    if (err instanceof DomainError) return err.code;
    throw err;
  }
}

describe('one global budget of upstream calls, shared by every dispatch replica (real Redis, NATS, a fake upstream)', () => {
  it('two limiters on one Redis share the window: N slots a second in all, the rest refused or served in the next second', async () => {
    const infra = await getTestInfra();
    const a = new Redis(infra.redisUrl);
    const b = new Redis(infra.redisUrl);
    const prefix = `limiter-test-${process.pid}-${Date.now()}:`;
    try {
      const left = new UpstreamRateLimiter(a, prefix, { geocoder: 3, directions: 1 });
      const right = new UpstreamRateLimiter(b, prefix, { geocoder: 3, directions: 1 });
      await startOfSecond();
      const results = await Promise.all([left, right, left, right, left, right].map((l) => l.take('geocoder')));
      expect(results.filter((r) => r.ok)).toHaveLength(3);
      for (const refused of results.filter((r) => !r.ok)) {
        expect(refused.retryAfterMs).toBeGreaterThan(0);
        expect(refused.retryAfterMs).toBeLessThanOrEqual(1000);
      }
      // Each upstream has its own budget.
      expect((await right.take('directions')).ok).toBe(true);
      expect((await left.take('directions')).ok).toBe(false);
      // A caller that may wait gets a slot of the next window.
      const started = Date.now();
      expect((await left.take('geocoder', 1500)).ok).toBe(true);
      expect(Date.now() - started).toBeGreaterThan(0);
    } finally {
      a.disconnect();
      b.disconnect();
    }
  });

  describe('two dispatch instances', () => {
    const upstream = new FakeUpstream();
    let env: DispatchTestEnv;
    let first: INestMicroservice;
    let second: INestMicroservice;
    let publicGeocoder: INestMicroservice;

    beforeAll(async () => {
      const url = await upstream.up();
      env = await createDispatchTestEnv('dispatch_geo_global', {
        GEOCODER_URL: url,
        DIRECTIONS_URL: url,
        GEOCODER_RATE_PER_SECOND: '2',
        DIRECTIONS_RATE_PER_SECOND: '1',
        GEO_UPSTREAM_MAX_WAIT_MS: '0',
      });
      first = await startDispatch(env.config);
      second = await startDispatch(env.config);
      // A third replica on the same Redis configured with the public Nominatim (unreachable here: no internet).
      publicGeocoder = await startDispatch(
        loadConfig({
          NODE_ENV: 'test',
          DATABASE_URL: env.db.url,
          NATS_URL: env.natsUrl,
          NATS_NAMESPACE: env.namespace,
          REDIS_URL: env.redisUrl,
          GEOCODER_URL: 'https://nominatim.openstreetmap.org',
          DIRECTIONS_URL: url,
          GEO_UPSTREAM_TIMEOUT_MS: '500',
        }),
      );
    });

    afterAll(async () => {
      await publicGeocoder?.close();
      await second?.close();
      await first?.close();
      await env?.close();
      await upstream.down();
    });

    it('refuses the third upstream call of a second for three different users, whichever replica serves them', async () => {
      const a = first.get(GeoService);
      const b = second.get(GeoService);
      await startOfSecond();
      const results = [
        await outcome(a.search('user:1', 'Market St', 5)),
        await outcome(b.search('user:2', 'Mission St', 5)),
        await outcome(a.search('user:3', 'Valencia St', 5)),
        await outcome(b.search('user:4', 'Castro St', 5)),
      ];
      expect(results).toEqual(['ok', 'ok', 'RATE_LIMITED', 'RATE_LIMITED']);
      expect(upstream.count('/search')).toBe(2);
      // Directions have their own budget (1 a second): the server's own ETA falls back to a straight line.
      const from = { lat: 37.77, lng: -122.42 };
      expect(await outcome(b.route('user:5', from, { lat: 37.8, lng: -122.4 }))).toBe('ok');
      expect(await outcome(a.route('user:6', from, { lat: 37.81, lng: -122.4 }))).toBe('RATE_LIMITED');
      await expect(a.routeForEta('job:1', from, { lat: 37.82, lng: -122.4 })).resolves.toMatchObject({ source: 'straight-line', reason: 'rate-limited' });
      // The next second opens a new window for everyone.
      await sleep(1000);
      expect(await outcome(a.search('user:3', 'Valencia St', 5))).toBe('ok');
    });

    it('serves typing suggestions from the cache only against the public Nominatim; explicit searches still ask it', async () => {
      const typing = publicGeocoder.get(GeoService);
      await startOfSecond();
      // Cached by an explicit search made through another replica: answered from the cache, no upstream call.
      const before = upstream.count('/search');
      await expect(typing.search('user:7', 'market st', 5, true)).resolves.toEqual({
        data: expect.arrayContaining([expect.objectContaining({ display_name: expect.any(String) })]),
        meta: { source: 'cache', cached: true, fallback: false, autocomplete: false },
      });
      // Not cached: an empty answer telling the client to search explicitly, and no call to nominatim.openstreetmap.org.
      const miss = await typing.search('user:7', 'Haight St', 5, true);
      expect(miss.data).toEqual([]);
      expect(miss.meta).toMatchObject({ source: 'none', cached: false, fallback: false, autocomplete: false });
      // The explicit search does go upstream (unreachable here: the flagged empty fallback).
      const explicit = await typing.search('user:7', 'Haight St', 5, false);
      expect(explicit.meta).toMatchObject({ source: 'none', fallback: true, reason: expect.stringMatching(/^geocoder /) });
      expect(upstream.count('/search')).toBe(before);
      // A self-hosted geocoder answers typing from upstream.
      await sleep(1000);
      await expect(first.get(GeoService).search('user:8', 'Haight St', 5, true)).resolves.toMatchObject({ meta: { source: 'geocoder' } });
    });
  });
});

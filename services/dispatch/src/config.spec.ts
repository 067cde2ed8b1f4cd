import { ConfigError, loadConfig } from './config';

describe('dispatch config', () => {
  it('has safe local defaults (OSRM, 30 mph, one upstream call a second per user, 10 s / 50 m sampling)', () => {
    const c = loadConfig({ TIREDASH_LOCAL: '1' });
    expect(c).toMatchObject({
      natsNamespace: '',
      directionsKind: 'osrm',
      averageSpeedMph: 30,
      upstreamPerUserPerSecond: 1,
      trackMinIntervalSeconds: 10,
      trackMinDistanceMeters: 50,
      mapboxToken: null,
    });
    expect(c.databaseUrl).toMatch(/^postgres:\/\//);
  });

  it('detects a Mapbox directions URL, trims trailing slashes, and refuses bad values in one line', () => {
    const c = loadConfig({ TIREDASH_LOCAL: '1', DIRECTIONS_URL: 'https://api.mapbox.com/', GEOCODER_URL: 'http://127.0.0.1:9/' });
    expect(c.directionsKind).toBe('mapbox');
    expect(c.directionsUrl).toBe('https://api.mapbox.com');
    expect(c.geocoderUrl).toBe('http://127.0.0.1:9');
    expect(() => loadConfig({ AVERAGE_SPEED_MPH: '0', NATS_NAMESPACE: 'a-b' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      'dispatch: invalid environment: DATABASE_URL, NATS_URL, REDIS_URL, GEOCODER_URL, DIRECTIONS_URL, NATS_PASSWORD required when NODE_ENV=production' +
        ' (GEOCODER_URL: a self-hosted Nominatim, not the public nominatim.openstreetmap.org; DIRECTIONS_URL: a self-hosted OSRM, not the public demo server, or https://api.mapbox.com with MAPBOX_TOKEN)',
    );
  });

  describe('geocoding in production', () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://dispatch:pw@db:5432/tiredash',
      NATS_URL: 'nats://nats:4222',
      REDIS_URL: 'redis://redis:6379',
      NATS_PASSWORD: 'n'.repeat(40),
    };
    const failure = (env: Record<string, string>): string => {
      try {
        loadConfig({ ...production, ...env });
      } catch (err) {
        return (err as Error).message;
      }
      return 'accepted';
    };

    it('refuses the public Nominatim and OSRM demo servers, set explicitly or by default, in one line naming them', () => {
      expect(failure({ GEOCODER_URL: 'https://nominatim.openstreetmap.org/', DIRECTIONS_URL: 'http://osrm.geo.svc:5000' })).toBe(
        'dispatch: invalid environment: GEOCODER_URL required when NODE_ENV=production (GEOCODER_URL: a self-hosted Nominatim, not the public nominatim.openstreetmap.org)',
      );
      expect(failure({ GEOCODER_URL: 'http://nominatim.geo.svc:8080', DIRECTIONS_URL: 'https://router.project-osrm.org' })).toMatch(
        /^dispatch: invalid environment: DIRECTIONS_URL required when NODE_ENV=production \(DIRECTIONS_URL: [^\n]+\)$/,
      );
      expect(failure({ GEOCODER_URL: 'http://nominatim.geo.svc:8080' })).toMatch(/: DIRECTIONS_URL required when NODE_ENV=production/);
    });

    it('accepts a self-hosted geocoder and router, or Mapbox directions with a token (and only with one)', () => {
      expect(failure({ GEOCODER_URL: 'http://nominatim.geo.svc:8080', DIRECTIONS_URL: 'http://osrm.geo.svc:5000' })).toBe('accepted');
      expect(failure({ GEOCODER_URL: 'http://nominatim.geo.svc:8080', DIRECTIONS_URL: 'https://api.mapbox.com', MAPBOX_TOKEN: 'pk.x' })).toBe('accepted');
      expect(failure({ GEOCODER_URL: 'http://nominatim.geo.svc:8080', DIRECTIONS_URL: 'https://api.mapbox.com' })).toBe(
        'dispatch: invalid environment: MAPBOX_TOKEN required when NODE_ENV=production (MAPBOX_TOKEN: Mapbox directions need a token of your own)',
      );
    });

    it('still allows the public services outside production, without autocomplete and at one call a second for the whole application', () => {
      const c = loadConfig({ TIREDASH_LOCAL: '1', GEOCODER_RATE_PER_SECOND: '50', DIRECTIONS_RATE_PER_SECOND: '50' });
      expect(c.geocoderUrl).toBe('https://nominatim.openstreetmap.org');
      expect(c.geocoderAutocomplete).toBe(false);
      expect(c.upstreamGlobalPerSecond).toEqual({ geocoder: 1, directions: 1 });
    });

    it('serves autocomplete from a self-hosted geocoder, with a configurable global rate per upstream', () => {
      const self = { TIREDASH_LOCAL: '1', GEOCODER_URL: 'http://127.0.0.1:8080', DIRECTIONS_URL: 'http://127.0.0.1:5000' };
      expect(loadConfig(self)).toMatchObject({ geocoderAutocomplete: true, upstreamGlobalPerSecond: { geocoder: 25, directions: 25 }, upstreamMaxWaitMs: 1500 });
      expect(loadConfig({ ...self, GEOCODER_RATE_PER_SECOND: '5', DIRECTIONS_RATE_PER_SECOND: '40', GEO_UPSTREAM_MAX_WAIT_MS: '0' })).toMatchObject({
        upstreamGlobalPerSecond: { geocoder: 5, directions: 40 },
        upstreamMaxWaitMs: 0,
      });
      expect(() => loadConfig({ ...self, GEOCODER_RATE_PER_SECOND: '0' })).toThrow(/GEOCODER_RATE_PER_SECOND/);
    });
  });
});

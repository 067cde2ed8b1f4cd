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
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow('dispatch: invalid environment: DATABASE_URL, NATS_URL, REDIS_URL, NATS_PASSWORD required when NODE_ENV=production');
  });
});

import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has local defaults outside production', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3001, natsUrl: 'nats://127.0.0.1:4222', redisUrl: 'redis://127.0.0.1:6379', natsNamespace: '', fanoutEnabled: true, corsOrigins: null });
    expect(c.maxEventAgeMs).toBe(600_000);
  });

  it('reads its variables', () => {
    const c = loadConfig({ REALTIME_PORT: '4000', REALTIME_FANOUT: 'false', CORS_ORIGINS: 'https://a.example, https://b.example/', REALTIME_ACK_WAIT_MS: '5000' });
    expect(c).toMatchObject({ port: 4000, fanoutEnabled: false, corsOrigins: ['https://a.example', 'https://b.example'], ackWaitMs: 5000 });
  });

  it('stops with one line naming every bad variable', () => {
    expect(() => loadConfig({ REALTIME_PORT: 'abc', NATS_NAMESPACE: 'a-b' })).toThrow(ConfigError);
    expect(() => loadConfig({ REALTIME_PORT: 'abc', NATS_NAMESPACE: 'a-b' })).toThrow(/REALTIME_PORT.*NATS_NAMESPACE/);
  });

  it('requires NATS_URL, REDIS_URL and a real JWT_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow('NATS_URL, REDIS_URL required when NODE_ENV=production');
    expect(() => loadConfig({ NODE_ENV: 'production', NATS_URL: 'nats://n:4222', REDIS_URL: 'redis://r:6379' })).toThrow(/JWT_SECRET/);
  });
});

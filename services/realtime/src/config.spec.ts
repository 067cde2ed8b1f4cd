import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has local defaults in a local run (TIREDASH_LOCAL=1)', () => {
    const c = loadConfig({ TIREDASH_LOCAL: '1' });
    expect(c).toMatchObject({ port: 3001, natsUrl: 'nats://127.0.0.1:4222', redisUrl: 'redis://127.0.0.1:6379', natsNamespace: '', fanoutEnabled: true, corsOrigins: null });
    expect(c.maxEventAgeMs).toBe(600_000);
  });

  it('reads its variables', () => {
    const c = loadConfig({ TIREDASH_LOCAL: '1', REALTIME_PORT: '4000', REALTIME_FANOUT: 'false', CORS_ORIGINS: 'https://a.example, https://b.example/', REALTIME_ACK_WAIT_MS: '5000' });
    expect(c).toMatchObject({ port: 4000, fanoutEnabled: false, corsOrigins: ['https://a.example', 'https://b.example'], ackWaitMs: 5000 });
  });

  it('stops with one line naming every bad variable', () => {
    expect(() => loadConfig({ REALTIME_PORT: 'abc', NATS_NAMESPACE: 'a-b' })).toThrow(ConfigError);
    expect(() => loadConfig({ REALTIME_PORT: 'abc', NATS_NAMESPACE: 'a-b' })).toThrow(/REALTIME_PORT.*NATS_NAMESPACE/);
  });

  it('requires NATS_URL, REDIS_URL and a real JWT_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow('realtime: invalid environment: NATS_URL, REDIS_URL, JWT_SECRET, NATS_PASSWORD required when NODE_ENV=production');
    // Not even with the local flag.
    expect(() => loadConfig({ NODE_ENV: 'production', TIREDASH_LOCAL: '1' })).toThrow(/JWT_SECRET, NATS_PASSWORD required when NODE_ENV=production/);
    expect(() => loadConfig({ NODE_ENV: 'production', NATS_URL: 'nats://n:4222', REDIS_URL: 'redis://r:6379' })).toThrow(/JWT_SECRET/);
  });

  it('fails closed outside a local run: no JWT_SECRET, or the public development one, is refused in one line', () => {
    expect(() => loadConfig({})).toThrow('realtime: invalid environment: JWT_SECRET, NATS_PASSWORD required (the public development defaults are used only in a local run: TIREDASH_LOCAL=1, as npm start sets)');
    expect(() => loadConfig({ NODE_ENV: 'development', JWT_SECRET: 'tiredash-dev-only-secret-change-me-in-production-0123456789', NATS_PASSWORD: `n${'x'.repeat(40)}` })).toThrow(/public development secret/);
    const password = `n${'x'.repeat(40)}`;
    const c = loadConfig({ JWT_SECRET: 'a-real-secret-of-more-than-thirty-two-chars', NATS_PASSWORD: password });
    expect(c.jwt.secret).toBe('a-real-secret-of-more-than-thirty-two-chars');
    expect(c.natsCredentials).toEqual({ user: 'realtime', pass: password });
  });
});

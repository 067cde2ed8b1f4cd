import { ConfigError, DEFAULT_STATIC_DIR, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies defaults in a local run (TIREDASH_LOCAL=1)', () => {
    const c = loadConfig({ TIREDASH_LOCAL: '1' });
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      natsUrl: 'nats://127.0.0.1:4222',
      natsNamespace: '',
      redisUrl: 'redis://127.0.0.1:6379',
      staticDir: DEFAULT_STATIC_DIR,
      corsOrigins: null,
      loginRateLimit: { max: 10, windowMs: 60000 },
    });
    expect(DEFAULT_STATIC_DIR).toMatch(/frontend[\\/]dist$/);
    expect(c.jwt.issuer).toBe('tiredash-identity');
  });

  it('reads the variables', () => {
    const c = loadConfig({ TIREDASH_LOCAL: '1', PORT: '8080', CORS_ORIGINS: 'https://a.example, https://b.example/', LOGIN_RATE_LIMIT: '3', NATS_NAMESPACE: 't_abc' });
    expect(c.port).toBe(8080);
    expect(c.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(c.loginRateLimit.max).toBe(3);
    expect(c.natsNamespace).toBe('t_abc');
    expect(loadConfig({ TIREDASH_LOCAL: '1', CORS_ORIGINS: '*' }).corsOrigins).toBe('*');
  });

  it('stops with one line naming every bad variable', () => {
    let err: unknown;
    try {
      loadConfig({ PORT: 'eighty', REDIS_URL: 'not a url' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const msg = (err as Error).message;
    expect(msg).not.toContain('\n');
    expect(msg).toMatch(/PORT/);
    expect(msg).toMatch(/REDIS_URL/);
  });

  it('refuses a short JWT secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short', NATS_PASSWORD: `n${'x'.repeat(40)}` })).toThrow(/JWT_SECRET is too short/);
  });

  it('fails closed outside a local run: it will not verify tokens with the public development secret', () => {
    expect(() => loadConfig({})).toThrow('gateway: invalid environment: JWT_SECRET, NATS_PASSWORD required (the public development defaults are used only in a local run: TIREDASH_LOCAL=1, as npm start sets)');
    expect(() => loadConfig({ JWT_SECRET: 'tiredash-dev-only-secret-change-me-in-production-0123456789', NATS_PASSWORD: `n${'x'.repeat(40)}` })).toThrow(/public development secret/);
  });
});

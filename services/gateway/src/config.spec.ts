import { ConfigError, DEFAULT_STATIC_DIR, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies defaults', () => {
    const c = loadConfig({});
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
    const c = loadConfig({ PORT: '8080', CORS_ORIGINS: 'https://a.example, https://b.example/', LOGIN_RATE_LIMIT: '3', NATS_NAMESPACE: 't_abc' });
    expect(c.port).toBe(8080);
    expect(c.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(c.loginRateLimit.max).toBe(3);
    expect(c.natsNamespace).toBe('t_abc');
    expect(loadConfig({ CORS_ORIGINS: '*' }).corsOrigins).toBe('*');
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
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short' })).toThrow(/JWT_SECRET is too short/);
  });
});

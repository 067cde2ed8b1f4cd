import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('uses the local defaults in a local run (TIREDASH_LOCAL=1)', () => {
    const c = loadConfig({ TIREDASH_LOCAL: '1' });
    expect(c).toMatchObject({
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/tiredash',
      natsUrl: 'nats://127.0.0.1:4222',
      natsNamespace: '',
      argon2: { memoryCost: 19456, timeCost: 2, parallelism: 1 },
      jwt: { issuer: 'tiredash-identity', audience: 'tiredash-api', expiresInSeconds: 900 },
      refreshTokenTtlSeconds: 30 * 86400,
    });
  });

  it('reads every variable', () => {
    const c = loadConfig({
      DATABASE_URL: 'postgres://u@db:5432/x',
      NATS_URL: 'nats://nats:4222',
      NATS_NAMESPACE: 'ns_1',
      ARGON2_MEMORY_KIB: '4096',
      ARGON2_TIME_COST: '3',
      JWT_SECRET: 's'.repeat(40),
      JWT_EXPIRES_IN_SECONDS: '60',
      REFRESH_TOKEN_TTL_SECONDS: '3600',
      NATS_USER: 'identity-2',
      NATS_PASSWORD: `n${'x'.repeat(40)}`,
    });
    expect(c).toMatchObject({
      databaseUrl: 'postgres://u@db:5432/x',
      natsUrl: 'nats://nats:4222',
      natsNamespace: 'ns_1',
      argon2: { memoryCost: 4096, timeCost: 3 },
      jwt: { secret: 's'.repeat(40), expiresInSeconds: 60 },
      refreshTokenTtlSeconds: 3600,
      natsCredentials: { user: 'identity-2', pass: `n${'x'.repeat(40)}` },
    });
  });

  it('fails with one line naming the bad variables', () => {
    const attempt = () =>
      loadConfig({ DATABASE_URL: 'not a url', ARGON2_TIME_COST: 'zero', NATS_NAMESPACE: 'a.b' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (err) {
      const message = (err as Error).message;
      expect(message).not.toContain('\n');
      expect(message).toMatch(/DATABASE_URL/);
      expect(message).toMatch(/ARGON2_TIME_COST/);
      expect(message).toMatch(/NATS_NAMESPACE/);
    }
  });

  it('requires DATABASE_URL, NATS_URL and a strong JWT_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 's'.repeat(40) })).toThrow(
      /DATABASE_URL, NATS_URL/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow('identity: invalid environment: DATABASE_URL, NATS_URL, JWT_SECRET, NATS_PASSWORD required when NODE_ENV=production');
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://a@b/c',
        NATS_URL: 'nats://n:4222',
        JWT_SECRET: 'short',
        NATS_PASSWORD: `n${'x'.repeat(40)}`,
      }),
    ).toThrow(/JWT_SECRET/);
  });
});

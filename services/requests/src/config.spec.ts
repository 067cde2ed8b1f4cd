import { ConfigError, loadConfig } from './config';

describe('requests config', () => {
  it('has safe local defaults, with the spec bidding window of 240 s', () => {
    const c = loadConfig({ TIREDASH_LOCAL: '1' });
    expect(c).toMatchObject({ natsNamespace: '', biddingWindowSeconds: 240, bidSweepIntervalMs: 1000 });
    expect(c.databaseUrl).toMatch(/^postgres:\/\//);
  });

  it('reads BIDDING_WINDOW_SECONDS and refuses bad values in one line', () => {
    expect(loadConfig({ TIREDASH_LOCAL: '1', BIDDING_WINDOW_SECONDS: '2' }).biddingWindowSeconds).toBe(2);
    expect(() => loadConfig({ BIDDING_WINDOW_SECONDS: '0', NATS_NAMESPACE: 'a-b' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow('requests: invalid environment: DATABASE_URL, NATS_URL, NATS_PASSWORD required when NODE_ENV=production');
  });

  it('connects to NATS with its credentials outside a local run (NATS_PASSWORD, NATS_USER defaulting to the service)', () => {
    expect(() => loadConfig({})).toThrow('requests: invalid environment: NATS_PASSWORD required (the public development defaults are used only in a local run: TIREDASH_LOCAL=1, as npm start sets)');
    expect(loadConfig({ TIREDASH_LOCAL: '1' }).natsCredentials).toBeUndefined();
    const password = `n${'x'.repeat(40)}`;
    expect(loadConfig({ NATS_PASSWORD: password }).natsCredentials).toEqual({ user: 'requests', pass: password });
  });
});

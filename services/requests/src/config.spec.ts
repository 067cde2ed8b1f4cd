import { ConfigError, loadConfig } from './config';

describe('requests config', () => {
  it('has safe local defaults, with the spec bidding window of 240 s', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ natsNamespace: '', biddingWindowSeconds: 240, bidSweepIntervalMs: 1000 });
    expect(c.databaseUrl).toMatch(/^postgres:\/\//);
  });

  it('reads BIDDING_WINDOW_SECONDS and refuses bad values in one line', () => {
    expect(loadConfig({ BIDDING_WINDOW_SECONDS: '2' }).biddingWindowSeconds).toBe(2);
    expect(() => loadConfig({ BIDDING_WINDOW_SECONDS: '0', NATS_NAMESPACE: 'a-b' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/DATABASE_URL, NATS_URL required/);
  });
});

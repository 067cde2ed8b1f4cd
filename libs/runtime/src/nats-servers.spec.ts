import { z } from 'zod';
import { ConfigError, parseEnv } from './env';
import { natsUrlEnv, parseNatsServers } from './nats';

const load = (env: Record<string, string | undefined>) => parseEnv('svc', z.object({ NATS_URL: natsUrlEnv.optional() }), env);

describe('NATS_URL: one server or a comma-separated list (failover)', () => {
  it('takes one URL or a list, spaces around the commas allowed', () => {
    expect(parseNatsServers('nats://127.0.0.1:4222')).toEqual(['nats://127.0.0.1:4222']);
    expect(parseNatsServers('nats://n1:4222, nats://n2:4222,tls://user:pass@n3:4222')).toEqual([
      'nats://n1:4222',
      'nats://n2:4222',
      'tls://user:pass@n3:4222',
    ]);
    expect(load({ NATS_URL: 'nats://a:4222,nats://b:4222' }).NATS_URL).toBe('nats://a:4222,nats://b:4222');
  });

  it('stops at start-up with one line saying which entry is wrong', () => {
    expect(() => load({ NATS_URL: 'nats://a:4222;nats://b:4222' })).toThrow(ConfigError);
    expect(() => load({ NATS_URL: 'nats://a:4222,,nats://b:4222' })).toThrow(
      /^svc: invalid environment: NATS_URL: an empty entry in the comma-separated list \(expected nats:\/\/host:port or a comma-separated list of them\)/,
    );
    expect(() => load({ NATS_URL: 'nats://a:4222,http://b:4222' })).toThrow(/NATS_URL: "http:\/\/b:4222" is not a nats:\/\/host:port URL/);
  });
});

import { z } from 'zod';
import { NATS_PASSWORD_PATTERN, natsCredentialsEnv, natsCredentialsOf } from './nats';
import { ConfigError, parseEnv, requireSettings } from './env';

/** A service's config in miniature: the NATS credential variables, required like a secret. */
function load(env: Record<string, string | undefined>) {
  const e = parseEnv(
    'svc',
    z.object({ NODE_ENV: z.string().default('development'), ...natsCredentialsEnv }),
    env,
  );
  requireSettings('svc', env, { secrets: { NATS_PASSWORD: e.NATS_PASSWORD } });
  return natsCredentialsOf('svc', e);
}

const PASSWORD = `n${'x'.repeat(40)}`;

describe('NATS credentials from the environment', () => {
  it('production without NATS_PASSWORD stops with one line naming it', () => {
    expect(() => load({ NODE_ENV: 'production' })).toThrow(
      new ConfigError('svc: invalid environment: NATS_PASSWORD required when NODE_ENV=production'),
    );
    // The local flag does not lift it in production.
    expect(() => load({ NODE_ENV: 'production', TIREDASH_LOCAL: '1' })).toThrow(
      /NATS_PASSWORD required when NODE_ENV=production/,
    );
  });

  it('outside a local run it is required too (the NATS server of compose refuses clients without credentials)', () => {
    expect(() => load({ NATS_PASSWORD: '' })).toThrow(/^svc: invalid environment: NATS_PASSWORD required \(/);
  });

  it('local runs and tests connect without credentials (the loopback NATS)', () => {
    expect(load({ TIREDASH_LOCAL: '1' })).toBeUndefined();
    expect(load({ NODE_ENV: 'test' })).toBeUndefined();
  });

  it('the user defaults to the service name; NATS_USER names another', () => {
    expect(load({ NODE_ENV: 'production', NATS_PASSWORD: PASSWORD })).toEqual({
      user: 'svc',
      pass: PASSWORD,
    });
    expect(load({ NODE_ENV: 'production', NATS_USER: 'gateway', NATS_PASSWORD: PASSWORD })).toEqual({
      user: 'gateway',
      pass: PASSWORD,
    });
  });

  it('refuses a password nats-server would misread from its environment (short, leading digit, #, ;, space)', () => {
    for (const bad of [
      'short',
      `1${'x'.repeat(40)}`,
      `n${'x'.repeat(20)}#tail-of-the-password`,
      `n${'x'.repeat(40)};`,
      `n${'x'.repeat(20)} ${'y'.repeat(20)}`,
    ]) {
      expect(NATS_PASSWORD_PATTERN.test(bad)).toBe(false);
      expect(() => load({ NODE_ENV: 'production', NATS_PASSWORD: bad })).toThrow(
        /^svc: invalid environment: NATS_PASSWORD: must be 32\+ letters/,
      );
    }
    expect(NATS_PASSWORD_PATTERN.test(PASSWORD)).toBe(true);
  });
});

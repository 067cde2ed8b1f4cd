import { z } from 'zod';
import { ConfigError, configStep, localDefaultsAllowed, parseEnv, requireInProduction, requireSettings } from './env';
import { runService, type ServiceProcessIo } from './run-service';

const schema = z.object({
  PORT: z.coerce.number().int().min(1).default(3000),
  NAME: z.string().default('x'),
});

describe('parseEnv', () => {
  it('applies defaults and treats an empty variable as unset', () => {
    expect(parseEnv('svc', schema, { PORT: '', NAME: 'a' })).toEqual({ PORT: 3000, NAME: 'a' });
  });
  it('names every bad variable in one line, prefixed with the service', () => {
    const err = (() => {
      try {
        parseEnv('svc', schema.extend({ B: z.string() }), { PORT: 'abc' });
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toMatch(/^svc: invalid environment: PORT: .+; B: .+$/);
    expect((err as Error).message).not.toContain('\n');
  });
});

describe('requireInProduction', () => {
  it('lists what production lacks and allows anything elsewhere', () => {
    expect(() => requireInProduction('svc', 'production', { DATABASE_URL: undefined, NATS_URL: 'nats://n', REDIS_URL: '' })).toThrow(
      'svc: invalid environment: DATABASE_URL, REDIS_URL required when NODE_ENV=production',
    );
    expect(() => requireInProduction('svc', 'development', { DATABASE_URL: undefined })).not.toThrow();
  });
});

describe('configStep', () => {
  it("turns another step's error into this service's ConfigError", () => {
    expect(() =>
      configStep('svc', () => {
        throw new Error('JWT_SECRET is too short');
      }),
    ).toThrow(new ConfigError('svc: invalid environment: JWT_SECRET is too short'));
  });
});

describe('runService', () => {
  function io(env: Record<string, string> = {}) {
    const out = { logs: [] as string[], errors: [] as string[], exit: null as number | null };
    const sink: ServiceProcessIo = {
      env,
      log: (l) => out.logs.push(l),
      error: (l) => out.errors.push(l),
      exit: (c) => {
        out.exit = c;
      },
    };
    return { out, sink };
  }
  const load = (env: Record<string, string | undefined>) => parseEnv('svc', schema, env);

  it('starts with the parsed config and prints what start() describes', async () => {
    const { out, sink } = io({ PORT: '4000' });
    await runService('svc', load, async (c) => `listening on ${c.PORT}`, sink);
    expect(out.logs).toEqual(['svc listening on 4000']);
    expect(out.exit).toBeNull();
  });
  it('prints a bad environment as one line and exits 1 without starting', async () => {
    const { out, sink } = io({ PORT: 'abc' });
    const start = jest.fn(async () => 'started');
    await runService('svc', load, start, sink);
    expect(start).not.toHaveBeenCalled();
    expect(out.errors).toHaveLength(1);
    expect(out.errors[0]).toMatch(/^svc: invalid environment: PORT/);
    expect(out.exit).toBe(1);
  });
  it('reports a start-up failure and exits 1', async () => {
    const { out, sink } = io();
    await runService('svc', load, async () => Promise.reject(new Error('database unreachable')), sink);
    expect(out.errors[0]).toMatch(/^svc failed to start: Error: database unreachable/);
    expect(out.exit).toBe(1);
  });
});

describe('failing closed on secrets', () => {
  it('allows the public development defaults only in a local run or a test, never in production', () => {
    expect(localDefaultsAllowed({})).toBe(false);
    expect(localDefaultsAllowed({ NODE_ENV: 'development' })).toBe(false);
    expect(localDefaultsAllowed({ TIREDASH_LOCAL: '1' })).toBe(true);
    expect(localDefaultsAllowed({ TIREDASH_LOCAL: '' })).toBe(false);
    expect(localDefaultsAllowed({ NODE_ENV: 'test' })).toBe(true);
    expect(localDefaultsAllowed({ NODE_ENV: 'production', TIREDASH_LOCAL: '1' })).toBe(false);
  });

  it('names every missing setting in one line', () => {
    const opts = { production: { DATABASE_URL: undefined }, secrets: { JWT_SECRET: '', STRIPE_SECRET_KEY: undefined } };
    expect(() => requireSettings('svc', {}, opts)).toThrow(
      new ConfigError('svc: invalid environment: JWT_SECRET, STRIPE_SECRET_KEY required (the public development defaults are used only in a local run: TIREDASH_LOCAL=1, as npm start sets)'),
    );
    expect(() => requireSettings('svc', { NODE_ENV: 'production' }, opts)).toThrow('svc: invalid environment: DATABASE_URL, JWT_SECRET, STRIPE_SECRET_KEY required when NODE_ENV=production');
    expect(() => requireSettings('svc', { TIREDASH_LOCAL: '1' }, opts)).not.toThrow();
    expect(() => requireSettings('svc', {}, { secrets: { JWT_SECRET: 'set' } })).not.toThrow();
  });

  it('adds a hint for a missing setting whose name says too little, on the same line', () => {
    const opts = {
      production: { GEOCODER_URL: undefined, NATS_URL: undefined, REDIS_URL: 'redis://r' },
      hints: { GEOCODER_URL: 'a self-hosted Nominatim', REDIS_URL: 'never shown: it is set' },
    };
    expect(() => requireSettings('svc', { NODE_ENV: 'production' }, opts)).toThrow(
      new ConfigError('svc: invalid environment: GEOCODER_URL, NATS_URL required when NODE_ENV=production (GEOCODER_URL: a self-hosted Nominatim)'),
    );
  });
});

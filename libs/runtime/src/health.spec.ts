import { createServer } from 'node:net';
import { ConfigError } from './env';
import { healthPortOf, runHealthChecks, startHealthServer, type HealthServer } from './health';
import { runService, type ServiceProcessIo } from './run-service';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

describe('HEALTH_PORT', () => {
  it('is 8081 in a deployment, off (0) in a local run or a test unless set, and 0 turns it off', () => {
    expect(healthPortOf('svc', { NODE_ENV: 'production' })).toBe(8081);
    expect(healthPortOf('svc', {})).toBe(8081);
    expect(healthPortOf('svc', { TIREDASH_LOCAL: '1' })).toBe(0);
    // npm start may run the services with NODE_ENV=production on one host: still off unless set.
    expect(healthPortOf('svc', { TIREDASH_LOCAL: '1', NODE_ENV: 'production' })).toBe(0);
    expect(healthPortOf('svc', { NODE_ENV: 'test' })).toBe(0);
    expect(healthPortOf('svc', { NODE_ENV: 'test', HEALTH_PORT: '9000' })).toBe(9000);
    expect(healthPortOf('svc', { NODE_ENV: 'production', HEALTH_PORT: '0' })).toBe(0);
    expect(healthPortOf('svc', { HEALTH_PORT: '' })).toBe(8081);
  });
  it('refuses a non-port in one line', () => {
    for (const bad of ['abc', '-1', '70000', '80.5']) {
      expect(() => healthPortOf('svc', { HEALTH_PORT: bad })).toThrow(ConfigError);
      expect(() => healthPortOf('svc', { HEALTH_PORT: bad })).toThrow(/^svc: invalid environment: HEALTH_PORT: [^\n]+$/);
    }
  });
});

describe('runHealthChecks', () => {
  it('names the checks that throw, reject or take too long', async () => {
    const report = await runHealthChecks(
      {
        fine: () => undefined,
        throws: () => {
          throw new Error('boom');
        },
        rejects: () => Promise.reject(new Error('nope')),
        hangs: () => new Promise<void>(() => undefined),
      },
      100,
    );
    expect(report.status).toBe('failing');
    expect(report.failed.sort()).toEqual(['hangs', 'rejects', 'throws']);
    expect(report.checks.fine!.ok).toBe(true);
    expect(report.checks.hangs!.error).toBe('timed out after 100 ms');
    expect(report.checks.throws!.error).toBe('boom');
  });
});

describe('the health listener', () => {
  let server: HealthServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  it('answers /livez and /readyz 200 when their checks pass, 503 naming the failed ones, 404 elsewhere', async () => {
    let dbUp = true;
    server = await startHealthServer({
      port: 0,
      host: '127.0.0.1',
      health: {
        live: { nats: () => undefined },
        ready: {
          nats: () => undefined,
          database: () => {
            if (!dbUp) throw new Error('connection refused');
          },
        },
      },
    });
    const base = `http://127.0.0.1:${server.port}`;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    dbUp = false;
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'failing', failed: ['database'], checks: { database: { ok: false, error: 'connection refused' }, nats: { ok: true } } });
    const live = await fetch(`${base}/livez`);
    expect(live.status).toBe(200);
    expect(await live.json()).toMatchObject({ status: 'ok', failed: [] });
    expect((await fetch(`${base}/ready`)).status).toBe(404);
    expect((await fetch(`${base}/livez`, { method: 'POST' })).status).toBe(404);
  });

  it('is started by runService on HEALTH_PORT, and not at all when HEALTH_PORT=0 or start() returns no checks', async () => {
    const port = await freePort();
    const logs: string[] = [];
    const io = (env: Record<string, string>): ServiceProcessIo => ({ env, log: (l) => logs.push(l), error: (l) => logs.push(l), exit: () => undefined });
    const health = { live: { nats: () => undefined }, ready: { nats: () => Promise.reject(new Error('NATS reconnecting')) } };
    server = await runService('svc', () => ({}), async () => ({ description: 'up', health }), io({ HEALTH_PORT: String(port) }));
    expect(logs).toEqual([`svc up; health on :${port} (/livez, /readyz)`]);
    expect((await fetch(`http://127.0.0.1:${port}/livez`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(503);
    await server?.close();

    logs.length = 0;
    server = await runService('svc', () => ({}), async () => ({ description: 'up', health }), io({ HEALTH_PORT: '0' }));
    expect(server).toBeNull();
    expect(logs).toEqual(['svc up']);
    await expect(fetch(`http://127.0.0.1:${port}/livez`)).rejects.toThrow();
    server = await runService('svc', () => ({}), async () => 'up', io({ HEALTH_PORT: String(port) }));
    expect(server).toBeNull();
  });

  it('stops the service with one line on a bad HEALTH_PORT, before starting it', async () => {
    const errors: string[] = [];
    let code: number | null = null;
    const start = jest.fn(async () => 'up');
    await runService('svc', () => ({}), start, { env: { HEALTH_PORT: 'x' }, log: () => undefined, error: (l) => errors.push(l), exit: (c) => (code = c) });
    expect(start).not.toHaveBeenCalled();
    expect(code).toBe(1);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^svc: invalid environment: HEALTH_PORT: /);
  });

  it('on SIGTERM: /readyz answers 503 while close() drains, then the listener closes and the process exits 0', async () => {
    const port = await freePort();
    const logs: string[] = [];
    let signal: ((s: string) => void) | undefined;
    let exitCode: number | null = null;
    let finishDrain: () => void = () => undefined;
    const close = jest.fn(() => new Promise<void>((resolve) => (finishDrain = resolve)));
    const io: ServiceProcessIo = {
      env: { HEALTH_PORT: String(port) },
      log: (l) => logs.push(l),
      error: (l) => logs.push(l),
      exit: (c) => (exitCode = c),
      onSignal: (h) => (signal = h),
    };
    server = await runService('svc', () => ({}), async () => ({ description: 'up', health: { live: {}, ready: {} }, close }), io);
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    signal!('SIGTERM');
    signal!('SIGTERM');
    expect(close).toHaveBeenCalledTimes(1);
    const draining = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(draining.status).toBe(503);
    expect(await draining.json()).toMatchObject({ failed: ['shutdown'] });
    expect((await fetch(`http://127.0.0.1:${port}/livez`)).status).toBe(200);
    expect(exitCode).toBeNull();
    finishDrain();
    await new Promise((r) => setTimeout(r, 50));
    expect(exitCode).toBe(0);
    expect(logs).toContain('svc SIGTERM: draining');
    expect(logs.some((l) => /^svc drained in \d+ ms$/.test(l))).toBe(true);
    await expect(fetch(`http://127.0.0.1:${port}/livez`)).rejects.toThrow();
    server = null;
  });

  it('exits 1 when the drain fails', async () => {
    let signal: ((s: string) => void) | undefined;
    let exitCode: number | null = null;
    const errors: string[] = [];
    await runService('svc', () => ({}), async () => ({ description: 'up', close: () => Promise.reject(new Error('pool stuck')) }), {
      env: { HEALTH_PORT: '0' },
      log: () => undefined,
      error: (l) => errors.push(l),
      exit: (c) => (exitCode = c),
      onSignal: (h) => (signal = h),
    });
    signal!('SIGINT');
    await new Promise((r) => setTimeout(r, 20));
    expect(exitCode).toBe(1);
    expect(errors[0]).toMatch(/^svc shutdown failed: Error: pool stuck/);
  });
});

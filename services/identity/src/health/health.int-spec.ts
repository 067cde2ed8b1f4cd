import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import { natsServiceHealth } from '@tiredash/messaging';
import { runService, type HealthServer, type ServiceProcessIo } from '@tiredash/runtime';
import { freePort, getTestInfra, waitFor } from '@tiredash/testing';
import { DataSource } from 'typeorm';
import { createIdentityTestEnv, startIdentity, type IdentityTestEnv } from '../test-support/identity-harness';

interface Report {
  status: string;
  checks: Record<string, { ok: boolean; error?: string }>;
  failed: string[];
}

/** identity started the way main.ts starts it (runService with its pod health), its probes on HEALTH_PORT. */
describe('identity: per-pod /livez and /readyz on HEALTH_PORT', () => {
  let env: IdentityTestEnv;
  let app: INestMicroservice | undefined;
  let admin: DataSource;
  let base: string;
  let health: HealthServer | null = null;
  const logs: string[] = [];

  const get = async (path: string): Promise<{ status: number; body: Report }> => {
    const res = await fetch(`${base}${path}`);
    return { status: res.status, body: (await res.json()) as Report };
  };
  const allowConnections = async (allow: boolean): Promise<void> => {
    await admin.query(`ALTER DATABASE "${env.db.name}" WITH ALLOW_CONNECTIONS ${allow ? 'true' : 'false'}`);
    if (!allow) await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [env.db.name]);
  };

  beforeAll(async () => {
    env = await createIdentityTestEnv('identity_health');
    admin = await new DataSource({ type: 'postgres', url: (await getTestInfra()).databaseUrl }).initialize();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const io: ServiceProcessIo = {
      env: { NODE_ENV: 'test', HEALTH_PORT: String(port) },
      log: (l) => logs.push(l),
      error: (l) => logs.push(l),
      exit: (code) => {
        throw new Error(`exit ${code}: ${logs.join('\n')}`);
      },
    };
    health = await runService('identity', () => env.config, async (config) => {
      app = await startIdentity(config);
      return { description: 'listening on NATS', health: natsServiceHealth(app) };
    }, io);
  });

  afterAll(async () => {
    await allowConnections(true).catch(() => undefined);
    await health?.close();
    await app?.close();
    await admin?.destroy();
    await env?.close();
  });

  it('announces the listener and answers both probes with the pod’s own checks', async () => {
    expect(logs).toEqual([`identity listening on NATS; health on :${new URL(base).port} (/livez, /readyz)`]);
    const live = await get('/livez');
    expect(live.status).toBe(200);
    expect(Object.keys(live.body.checks)).toEqual(['nats']);
    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    expect(Object.keys(ready.body.checks).sort()).toEqual(['database', 'nats', 'nats-rpc', 'shutdown']);
    expect(ready.body.failed).toEqual([]);
  });

  it('is not ready while its own database refuses connections, stays live, and is ready again after', async () => {
    await allowConnections(false);
    const ready = await waitFor(async () => {
      const r = await get('/readyz');
      return r.status === 503 ? r : null;
    }, { timeoutMs: 10_000 });
    expect(ready.body.failed).toEqual(['database']);
    expect(ready.body.checks.database!.ok).toBe(false);
    expect((await get('/livez')).status).toBe(200);

    await allowConnections(true);
    await waitFor(async () => (await get('/readyz')).status === 200, { timeoutMs: 10_000 });
    expect((await get('/livez')).status).toBe(200);
  });
});

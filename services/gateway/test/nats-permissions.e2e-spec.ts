import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestMicroservice } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  CONSUMERS,
  NATS_SERVICES,
  type NatsCredentials,
  type NatsService,
  natsAuthorizationConf,
  natsPasswordVariable,
} from '@tiredash/messaging';
import { getTestInfra, startPrivateNatsServer, waitFor, type PrivateNatsServer } from '@tiredash/testing';
import { createGatewayApp } from '../src/bootstrap';
import { loadConfig } from '../src/config';
// The real services, in-process, each connected as its own NATS user.
// eslint-disable-next-line @nx/enforce-module-boundaries
import {
  createIdentityTestEnv,
  startIdentity,
  type IdentityTestEnv,
} from '../../identity/src/test-support/identity-harness';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { aUser, PASSWORD } from '../../identity/src/test-support/fixtures';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { createRequestsTestEnv, startRequests } from '../../requests/src/test-support/requests-harness';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { contentTestConfig, startContent } from '../../content/src/test-support/content-harness';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { bootstrapRealtime } from '../../realtime/src/app.module';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { loadConfig as loadRealtimeConfig } from '../../realtime/src/config';
// eslint-disable-next-line @nx/enforce-module-boundaries
import {
  createPaymentsTestEnv,
  startPayments,
  type PaymentsTestEnv,
} from '../../payments/test/support/payments-harness';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { createDispatchTestEnv, startDispatch } from '../../dispatch/src/test-support/dispatch-harness';

/**
 * The whole product on a NATS server that runs the generated per-service users and permissions (deploy/nats/auth.conf
 * for this test's namespace): every real service starts (streams, durable consumers, command handlers) as its own user,
 * the gateway's /ready reaches every one of them, a sign-up and a request go through, and the server reports not one
 * permission violation while every declared durable consumer exists and is drained.
 */
const PASSWORDS = Object.fromEntries(
  NATS_SERVICES.map((s) => [s, `p${randomBytes(24).toString('base64url')}`]),
) as Record<NatsService, string>;
const creds = (service: NatsService): NatsCredentials => ({ user: service, pass: PASSWORDS[service] });

interface Jsz {
  account_details?: Array<{
    stream_detail?: Array<{
      name: string;
      consumer_detail?: Array<{ name: string; num_pending: number; num_ack_pending: number }>;
    }>;
  }>;
}

describe('the services on NATS with per-service users and subject permissions (private nats-server)', () => {
  let dir: string;
  let nats: PrivateNatsServer;
  let natsUrl: string;
  let monitorUrl: string;
  let env: IdentityTestEnv;
  let payEnv: PaymentsTestEnv;
  const apps: Array<INestMicroservice | NestFastifyApplication> = [];
  let gateway: NestFastifyApplication;

  const request = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, token?: string) => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await gateway.inject({
      method,
      url,
      headers,
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: res.statusCode,
      body: (res.body ? JSON.parse(res.body) : undefined) as T,
      text: res.body,
    };
  };

  const consumers = async (): Promise<Array<{ stream: string; name: string; pending: number }>> => {
    const res = await fetch(`${monitorUrl}/jsz?accounts=true&streams=true&consumers=true`);
    const jsz = (await res.json()) as Jsz;
    return (jsz.account_details ?? []).flatMap((a) =>
      (a.stream_detail ?? []).flatMap((s) =>
        (s.consumer_detail ?? []).map((c) => ({
          stream: s.name,
          name: c.name,
          pending: c.num_pending + c.num_ack_pending,
        })),
      ),
    );
  };

  beforeAll(async () => {
    const infra = await getTestInfra();
    env = await createIdentityTestEnv('gw_nats_perms', { ARGON2_MEMORY_KIB: '1024' });
    const ns = env.namespace;

    dir = mkdtempSync(join(tmpdir(), 'tiredash-nats-perms-'));
    nats = await startPrivateNatsServer({
      conf: natsAuthorizationConf(ns),
      env: Object.fromEntries(NATS_SERVICES.map((s) => [natsPasswordVariable(s), PASSWORDS[s]])),
      monitor: true,
    });
    natsUrl = nats.url;
    if (nats.monitorUrl === null) throw new Error('the private nats-server has no monitoring port');
    monitorUrl = nats.monitorUrl;

    const on = <C extends object>(service: NatsService, config: C): C => ({
      ...config,
      natsUrl,
      natsCredentials: creds(service),
    });
    apps.push(await startIdentity(on('identity', env.config)));
    const reqEnv = await createRequestsTestEnv('gw_nats_perms', {}, { db: env.db, namespace: ns });
    apps.push(await startRequests(on('requests', reqEnv.config)));
    payEnv = await createPaymentsTestEnv('gw_nats_perms', { namespace: ns, databaseUrl: env.db.url });
    apps.push(await startPayments(on('payments', payEnv.config)));
    const dispatchEnv = await createDispatchTestEnv('gw_nats_perms', {}, { db: env.db, namespace: ns });
    apps.push(await startDispatch(on('dispatch', dispatchEnv.config)));
    apps.push(
      await startContent(
        on('content', contentTestConfig({ databaseUrl: env.db.url, natsUrl, namespace: ns })),
      ),
    );
    const realtime = await bootstrapRealtime(
      loadRealtimeConfig({
        NODE_ENV: 'test',
        NATS_URL: natsUrl,
        NATS_PASSWORD: PASSWORDS.realtime,
        NATS_NAMESPACE: ns,
        REDIS_URL: infra.redisUrl,
        REALTIME_PORT: '0',
        REALTIME_HOST: '127.0.0.1',
      }),
      { logger: false },
    );
    apps.push(realtime);
    const realtimeUrl = `http://127.0.0.1:${(realtime.getHttpServer().address() as { port: number }).port}`;
    const staticDir = mkdtempSync(join(dir, 'spa-'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><html><body></body></html>');
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: env.db.url,
      NATS_URL: natsUrl,
      NATS_PASSWORD: PASSWORDS.gateway,
      NATS_NAMESPACE: ns,
      REDIS_URL: infra.redisUrl,
      STATIC_DIR: staticDir,
      DATA_DIR: mkdtempSync(join(dir, 'data-')),
      REALTIME_URL: realtimeUrl,
      LOG_LEVEL: 'silent',
    });
    expect(config.natsCredentials).toEqual(creds('gateway'));
    gateway = await createGatewayApp(config);
    await gateway.init();
    await gateway.getHttpAdapter().getInstance().ready();
  }, 120_000);

  afterAll(async () => {
    await gateway?.close();
    for (const app of apps.splice(0).reverse()) await app.close();
    await payEnv?.close();
    await nats?.stop();
    await env?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('every service is ready through the gateway (NATS and each ping)', async () => {
    const ready = await request<{ status: string; checks: Record<string, { ok: boolean }> }>('GET', '/ready');
    expect({ status: ready.status, text: ready.text }).toMatchObject({ status: 200 });
  });

  it('a sign-up, a profile and a request go through; every declared consumer exists, drains, and nothing was refused', async () => {
    const email = `perm-${randomBytes(4).toString('hex')}@tiredash.test`;
    const reg = await request<{ jwt: string; user: { id: string } }>('POST', '/api/auth/local/register', {
      username: 'perm customer',
      email,
      password: PASSWORD,
      role: 'customer',
    });
    expect(reg.status).toBe(200);
    const token = reg.body.jwt;
    const profile = await request(
      'POST',
      '/api/customers',
      {
        data: {
          fullName: 'Casey Customer',
          phone: '+1 555 000 1111',
          paymentMethod: 'cash',
          user: reg.body.user.id,
        },
      },
      token,
    );
    expect(profile.status).toBe(201);
    expect((await request('GET', '/api/users/me', undefined, token)).status).toBe(200);
    // An admin (created in identity, as the seed does) logs in through the gateway: identity answers over NATS.
    const admin = await aUser(apps[0] as INestMicroservice, 'admin');
    expect(
      (await request('POST', '/api/auth/local', { identifier: admin.email, password: PASSWORD })).status,
    ).toBe(200);
    // A cash request: requests reads the customer from its read model (identity's event through its durable consumer).
    const created = await waitFor(
      async () => {
        const res = await request<{ data: { documentId: string } }>(
          'POST',
          '/api/service-requests',
          {
            data: {
              tireSize: '225/65/R17',
              tireStatus: 'Bids Open',
              serviceType: 'Tire Replacement',
              budget: 150,
              urgency: 'normal',
              photos: [],
              notes: 'Front right',
              location: { address: '500 Market St', lat: 37.79, lng: -122.4 },
              address: '500 Market St',
              lat: 37.79,
              lng: -122.4,
              description: 'Front right',
              priority: 'normal',
              scheduledTime: '2030-01-01T10:00:00.000Z',
              status: 'open',
            },
          },
          token,
        );
        return res.status === 201 ? res : null;
      },
      { timeoutMs: 10_000, message: 'the request was not created' },
    );
    const cancel = await request(
      'PUT',
      `/api/service-requests/${created.body.data.documentId}`,
      { data: { tireStatus: 'Cancelled' } },
      token,
    );
    expect(cancel.status).toBe(200);

    const declared = NATS_SERVICES.flatMap((s) => CONSUMERS[s].map((c) => c.durable)).sort();
    await waitFor(
      async () => {
        const all = await consumers();
        const names = all.map((c) => c.name).sort();
        return JSON.stringify(names) === JSON.stringify(declared) && all.every((c) => c.pending === 0);
      },
      { timeoutMs: 20_000, message: 'the declared durable consumers did not all exist and drain' },
    );
    expect((await consumers()).map((c) => c.name).sort()).toEqual(declared);
    expect(nats.log().split('\n').filter((l) => /Violation/i.test(l))).toEqual([]);
  });
});

import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { INestMicroservice } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { getTestInfra } from '@tiredash/testing';
import pino from 'pino';
import { createGatewayApp } from '../../src/bootstrap';
import { loadConfig, type GatewayConfig } from '../../src/config';
// The real identity service, started in-process (the gateway's tests run against it, not against a mock).
// eslint-disable-next-line @nx/enforce-module-boundaries
import { createIdentityTestEnv, startIdentity, type IdentityTestEnv } from '../../../identity/src/test-support/identity-harness';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { aUser, PASSWORD } from '../../../identity/src/test-support/fixtures';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { createRequestsTestEnv, startRequests } from '../../../requests/src/test-support/requests-harness';
// The real content service, on the same database (its own schema) and NATS namespace as identity.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { contentTestConfig, startContent } from '../../../content/src/test-support/content-harness';
// The real realtime service (Socket.IO), listening on a free port: the gateway proxies /socket.io to it.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { bootstrapRealtime } from '../../../realtime/src/app.module';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { loadConfig as loadRealtimeConfig } from '../../../realtime/src/config';
// The real payments service with its own in-process Stripe emulator (driven by the official SDK).
// eslint-disable-next-line @nx/enforce-module-boundaries
import { createPaymentsTestEnv, startPayments, type PaymentsTestEnv } from '../../../payments/test/support/payments-harness';
// The real dispatch service (jobs, live locations, geocoding proxy) on the same database (its own schema) and namespace.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { createDispatchTestEnv, startDispatch } from '../../../dispatch/src/test-support/dispatch-harness';

export { PASSWORD };

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
  text: string;
}

export interface ErrorBody {
  error: { status: number; code: string; message: string; details?: { path: string; message: string }[]; requestId: string };
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Raw payload (e.g. malformed JSON); sent as is with content-type application/json. */
  raw?: string;
  /** The client address the gateway sees (per-address limits). */
  remoteAddress?: string;
}

export interface GatewayStack {
  gateway: NestFastifyApplication;
  identity: INestMicroservice;
  content: INestMicroservice;
  /** The realtime service (REALTIME_URL of the gateway points at it). */
  realtime: NestFastifyApplication;
  realtimeUrl: string;
  /** DATA_DIR of the gateway (uploads under <dataDir>/uploads). */
  dataDir: string;
  config: GatewayConfig;
  env: IdentityTestEnv;
  /** Every JSON log line the gateway wrote. */
  logs: Record<string, unknown>[];
  staticDir: string;
  request<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD' | 'OPTIONS', url: string, opts?: RequestOptions): Promise<ApiResponse<T>>;
  /** An admin created through identity (as the seed does), logged in through the gateway. */
  anAdmin(): Promise<{ token: string; id: string; email: string }>;
  stopIdentity(): Promise<void>;
  /** The requests service, when started with `{ services: ['requests'] }`. */
  requests: INestMicroservice | null;
  /** The payments service and its Stripe emulator, when started with `{ services: ['payments'] }`. */
  payments: { app: INestMicroservice; env: PaymentsTestEnv } | null;
  /** The dispatch service, when started with `{ services: ['dispatch'] }`. */
  dispatch: INestMicroservice | null;
  close(): Promise<void>;
}

/** Extra domain services a test file needs beside identity, started in-process on the same database and namespace. */
export interface StackOptions {
  services?: ('requests' | 'payments' | 'dispatch')[];
  /** Environment of the requests service (e.g. BIDDING_WINDOW_SECONDS). */
  requestsEnv?: Partial<Record<'BIDDING_WINDOW_SECONDS' | 'BID_SWEEP_INTERVAL_MS' | 'READ_MODEL_WAIT_MS', string>>;
  /** Environment of the dispatch service (e.g. GEOCODER_URL of a fake upstream). */
  dispatchEnv?: Record<string, string>;
}

/**
 * One test file's stack: its own database and NATS namespace, the real identity service and the gateway on
 * them (not listening: requests go through Fastify's inject), a small built SPA in a temp STATIC_DIR, and the
 * gateway's logs captured as JSON lines.
 */
export async function startGatewayStack(
  label: string,
  envOverrides: Record<string, string> = {},
  options: StackOptions = {},
): Promise<GatewayStack> {
  const infra = await getTestInfra();
  const env = await createIdentityTestEnv(label);
  let identity: INestMicroservice | null = await startIdentity(env.config);
  let requests: INestMicroservice | null = null;
  if (options.services?.includes('requests')) {
    const reqEnv = await createRequestsTestEnv(label, options.requestsEnv ?? {}, { db: env.db, namespace: env.namespace });
    requests = await startRequests(reqEnv.config);
  }
  let payments: { app: INestMicroservice; env: PaymentsTestEnv } | null = null;
  if (options.services?.includes('payments')) {
    const payEnv = await createPaymentsTestEnv(label, { namespace: env.namespace, databaseUrl: env.db.url });
    payments = { app: await startPayments(payEnv.config), env: payEnv };
  }
  let dispatch: INestMicroservice | null = null;
  if (options.services?.includes('dispatch')) {
    const dispatchEnv = await createDispatchTestEnv(label, options.dispatchEnv ?? {}, { db: env.db, namespace: env.namespace });
    dispatch = await startDispatch(dispatchEnv.config);
  }
  const content = await startContent(contentTestConfig({ databaseUrl: env.db.url, natsUrl: infra.natsUrl, namespace: env.namespace }));
  const dataDir = mkdtempSync(join(tmpdir(), 'gateway-data-'));
  const realtime = await bootstrapRealtime(
    loadRealtimeConfig({ NODE_ENV: 'test', NATS_URL: infra.natsUrl, NATS_NAMESPACE: env.namespace, REDIS_URL: infra.redisUrl, REALTIME_PORT: '0', REALTIME_HOST: '127.0.0.1' }),
    { logger: false },
  );
  const realtimeUrl = `http://127.0.0.1:${(realtime.getHttpServer().address() as { port: number }).port}`;

  const staticDir = mkdtempSync(join(tmpdir(), 'gateway-spa-'));
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><html><body><div id="root">TireDash SPA</div></body></html>');
  writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.log("spa");');

  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: env.db.url,
    NATS_URL: infra.natsUrl,
    NATS_NAMESPACE: env.namespace,
    REDIS_URL: infra.redisUrl,
    STATIC_DIR: staticDir,
    DATA_DIR: dataDir,
    REALTIME_URL: realtimeUrl,
    LOG_LEVEL: 'info',
    // Test files register and post a lot from one address: the abuse limits are tested on their own stack.
    REGISTER_RATE_LIMIT: '100000',
    PAYMENT_RATE_LIMIT: '100000',
    UPLOAD_RATE_LIMIT: '100000',
    REQUEST_RATE_LIMIT: '100000',
    BID_RATE_LIMIT: '100000',
    ...envOverrides,
  });
  const logs: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim()) logs.push(JSON.parse(line) as Record<string, unknown>);
      }
      cb();
    },
  });
  const gateway = await createGatewayApp(config, { logger: pino({ level: config.logLevel }, sink) });
  await gateway.init();
  await gateway.getHttpAdapter().getInstance().ready();

  const request: GatewayStack['request'] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let payload: string | undefined;
    if (opts.raw !== undefined) payload = opts.raw;
    else if (opts.body !== undefined) payload = JSON.stringify(opts.body);
    if (payload !== undefined) headers['content-type'] ??= 'application/json';
    const res = await gateway.inject({ method, url, headers, payload, ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}) });
    let body: unknown = undefined;
    const type = String(res.headers['content-type'] ?? '');
    if (type.includes('application/json') && res.body.length > 0) body = JSON.parse(res.body);
    return { status: res.statusCode, body: body as never, headers: res.headers, text: res.body };
  };

  return {
    gateway,
    get identity() {
      if (!identity) throw new Error('identity was stopped');
      return identity;
    },
    content,
    realtime,
    realtimeUrl,
    dataDir,
    config,
    env,
    logs,
    staticDir,
    request,
    anAdmin: async () => {
      if (!identity) throw new Error('identity was stopped');
      const admin = await aUser(identity, 'admin');
      const res = await request<{ jwt: string }>('POST', '/api/auth/local', { body: { identifier: admin.email, password: PASSWORD } });
      if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${res.text}`);
      return { token: res.body.jwt, id: admin.id, email: admin.email };
    },
    stopIdentity: async () => {
      if (identity) await identity.close();
      identity = null;
    },
    requests,
    payments,
    dispatch,
    close: async () => {
      await gateway.close();
      await realtime.close();
      if (requests) await requests.close();
      requests = null;
      if (payments) {
        await payments.app.close();
        await payments.env.close();
      }
      payments = null;
      if (dispatch) await dispatch.close();
      dispatch = null;
      if (identity) await identity.close();
      identity = null;
      await content.close();
      await env.close();
      rmSync(staticDir, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A fresh email for each registration. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

export interface Registered {
  token: string;
  id: string;
  email: string;
}

/** Registers through the gateway (and, with a role, sets it as the spec's client does). */
export async function register(stack: GatewayStack, role: 'customer' | 'provider' | null): Promise<Registered> {
  const email = uniqueEmail(role ?? 'norole');
  const body: Record<string, string> = { username: `${role ?? 'someone'} test`, email, password: PASSWORD };
  if (role) body.role = role;
  const res = await stack.request<{ jwt: string; user: { id: string } }>('POST', '/api/auth/local/register', { body });
  if (res.status !== 200) throw new Error(`register failed: ${res.status} ${res.text}`);
  return { token: res.body.jwt, id: res.body.user.id, email };
}

export function providerData(overrides: Record<string, unknown> = {}): { data: Record<string, unknown> } {
  return {
    data: {
      businessName: 'Fast Tires',
      fullName: 'Pat Provider',
      phone: '+1 555 123 4567',
      hourlyRate: 80,
      yearsExperience: 6,
      service_types: ['Flat Tire Repair', 'Tire Replacement', 'Tire Rotation'],
      serviceArea: { radius: 20, address: '1 Main St' },
      vehicleSpecs: 'Van',
      online: true,
      location: { address: '1 Main St', lat: 37.77, lng: -122.42 },
      ...overrides,
    },
  };
}

// Starts the stack once for the e2e run and hands its URL and demo logins to the tests via the
// environment (the test files run in band, in this process or in workers forked after this).
import crypto from 'node:crypto';
import { startStack } from '../scripts/lib/stack.mjs';
import path from 'node:path';
import { ROOT, freePort } from '../scripts/lib/util.mjs';

export default async function globalSetup() {
  const id = crypto.randomBytes(4).toString('hex');
  const adminEmail = `admin-${id}@tiredash.test`;
  const adminPassword = `Admin-${id}-pw`;
  const t0 = Date.now();
  // 'I AM HERE' is accepted within ARRIVAL_MAX_DISTANCE_METERS of the job (300 by default). The browser tests' providers
  // stream from their shops 2-3 km from the customer and arrive from there: the stacks of the run (this one and
  // replicated-stack.mjs, which inherits the environment) accept 5 km; no-shows.e2e-spec refuses an arrival from 20 km.
  process.env.ARRIVAL_MAX_DISTANCE_METERS ??= '5000';
  const stack = await startStack({
    dataDir: path.join(ROOT, '.data', 'e2e'),
    port: await freePort(),
    databaseName: `tiredash_e2e_${id}`,
    namespace: `e2e${id}`,
    quiet: true,
    install: false,
    // `npm test` builds everything before jest starts; a standalone run builds what is out of date.
    build: process.env.TIREDASH_BUILT !== '1',
    dropDatabaseOnStop: true,
    readyTimeoutMs: 90000,
    // E2E_REPLICAS=2: the suite against the stack of `npm start -- --replicas 2` (HAProxy, a 3-node NATS cluster).
    replicas: Number(process.env.E2E_REPLICAS || 1),
    // Each NATS service's health listener (/livez, /readyz, /metrics) on a free port: metrics.e2e-spec.ts scrapes them.
    healthPorts: true,
    env: {
      SEED_ADMIN_EMAIL: adminEmail,
      SEED_ADMIN_PASSWORD: adminPassword,
      // Every browser test signs up and posts from 127.0.0.1: the abuse limits are tested in the gateway's suite.
      REGISTER_RATE_LIMIT: '1000',
      PAYMENT_RATE_LIMIT: '1000',
      UPLOAD_RATE_LIMIT: '1000',
      REQUEST_RATE_LIMIT: '1000',
      BID_RATE_LIMIT: '1000',
      // Scheduled holds (e2e/src/scheduled-holds*.e2e-spec.ts): payments reads the Stripe emulator's test clock, which
      // the tests move a week on, and looks for holds due every half second.
      PAYMENTS_CLOCK: 'stripe-emulator',
      SCHEDULED_HOLD_SWEEP_INTERVAL_MS: '500',
    },
  }).catch((err) => {
    // Keep the service log tail that explains a failed start in jest's report.
    throw new Error(err.detail ? `${err.message}\n${err.detail}` : err.message);
  });
  globalThis.__TIREDASH_E2E_STACK__ = stack;
  process.env.E2E_BASE_URL = stack.url;
  process.env.E2E_LOGINS = JSON.stringify(stack.logins);
  process.env.E2E_ADMIN = JSON.stringify({ email: adminEmail, password: adminPassword });
  process.env.E2E_SEED_OUTPUT = stack.seedOutput;
  process.env.E2E_LOG_DIR = stack.logDir;
  // The stack's database: a test that needs time to pass (a no-show's wait) moves a request's stored times back
  // instead of sleeping, as the services' int-specs move expires_at.
  process.env.E2E_DATABASE_URL = stack.databaseUrl;
  // Where each process serves /metrics: its health listener, else (gateway, realtime, the emulator) its HTTP port.
  process.env.E2E_METRICS_URLS = JSON.stringify(
    stack.processes.list().map((p) => ({ name: p.name, service: p.service, url: `http://127.0.0.1:${p.healthPort ?? p.port}/metrics` })),
  );
  process.stdout.write(`\n[e2e] stack up at ${stack.url} in ${Math.round((Date.now() - t0) / 1000)} s (logs: ${stack.logDir})\n`);
}

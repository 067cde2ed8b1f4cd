#!/usr/bin/env node
// `npm run chaos`: faults survived, shown. Starts a private replicated stack (2 of every stateless service behind
// HAProxy, scripts/lib/stack.mjs) on private infrastructure (its own PostgreSQL cluster, redis-server and 3-node
// NATS cluster on free ports: scripts/lib/chaos-infra.mjs), signs customers and providers up through the API as
// the SPA does, connects the customers' sockets, and during a bidding burst: kill -9 one replica of requests, of
// realtime and of the gateway, stops one NATS node, restarts Redis and restarts PostgreSQL. Killed or stopped
// processes are started again by the harness, as a supervisor (Kubernetes) would. Then it checks that every 201'd
// bid is stored exactly once and reached its customer's socket exactly once (live, or replayed on reconnection),
// that racing accepts accept each request once, that no wallet is credited twice, and that every replica is ready
// again. Prints the fault table and the counts; exits 1 when a count is not 0 (2 when the run itself failed).
// CHAOS_QUICK=1: a shorter run (the test suite's e2e/src/chaos.e2e-spec.ts). Settings: README "Chaos".
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Api, mapLimit } from '../bench/lib/api.mjs';
import { startChaosInfrastructure, waitJetStreamLeader } from './lib/chaos-infra.mjs';
import { renderReport, verdict } from './lib/chaos-report.mjs';
import { CustomerSockets, streamAtJob } from './lib/chaos-sockets.mjs';
import { haproxyServersNotUp } from './lib/replicas.mjs';
import { startStack } from './lib/stack.mjs';
import { freePort, sleep } from './lib/util.mjs';

const env = process.env;
const QUICK = env.CHAOS_QUICK === '1';
const num = (name, full, quick) => {
  const raw = env[name];
  if (raw === undefined || raw === '') return QUICK ? quick : full;
  const v = Number(raw);
  if (!Number.isFinite(v) || v <= 0) throw new Error(`${name} must be a positive number (got "${raw}")`);
  return v;
};
const cfg = {
  providers: Math.round(num('CHAOS_PROVIDERS', 6, 4)),
  customers: Math.round(num('CHAOS_CUSTOMERS', 6, 3)),
  rate: num('CHAOS_RATE', 30, 8),
  /** Seconds between one fault's recovery and the next fault. */
  gapSeconds: num('CHAOS_GAP_SECONDS', 4, 1),
  /** Seconds a killed process stays down before the "supervisor" starts it again. */
  downSeconds: num('CHAOS_DOWN_SECONDS', 3, 1),
  jobs: Math.round(num('CHAOS_JOBS', 12, 4)),
  recoverTimeoutSeconds: num('CHAOS_RECOVER_TIMEOUT_SECONDS', 180, 180),
  drainSeconds: num('CHAOS_DRAIN_SECONDS', 30, 20),
};

const t0 = Date.now();
const since = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
const log = (msg) => process.stderr.write(`[chaos ${since()}] ${msg}\n`);

// ---------------------------------------------------------------------------------------------------------
// Readiness of every replica, NATS node and HAProxy backend

async function status(url) {
  try {
    // Generous: on a loaded machine (2 cores, 15 processes) an answer can take seconds; a dead process refuses at once.
    const res = await fetch(url, { signal: AbortSignal.timeout(8000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/** What is not ready right now: [] when every process answers its readiness endpoint and HAProxy sees all up. */
async function notReady(stack, infra) {
  const failing = [];
  const checks = stack.processes.list().map(async (p) => {
    let url = null;
    if (p.service === 'gateway') url = `http://127.0.0.1:${p.port}/readyz`;
    else if (p.service === 'realtime') url = `http://127.0.0.1:${p.port}/health`;
    else if (p.healthPort) url = `http://127.0.0.1:${p.healthPort}/readyz`;
    if (p.exit) failing.push(`${p.name} exited (${p.exit})`);
    else if (url && (await status(url)) !== 200) failing.push(p.name);
  });
  await Promise.all(checks);
  for (const n of infra.nats) {
    if ((await status(`http://127.0.0.1:${n.monitorPort}/healthz?js-enabled-only=true`)) !== 200)
      failing.push(`nats-${n.name}`);
  }
  failing.push(...(await haproxyServersNotUp(stack.haproxyStatsUrl)).map((s) => `haproxy ${s}`));
  return failing;
}

async function waitReady(stack, infra, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last = [];
  while (Date.now() < deadline) {
    last = await notReady(stack, infra);
    if (last.length === 0) return { ok: true, notReady: [] };
    await sleep(250);
  }
  return { ok: false, notReady: last };
}

// ---------------------------------------------------------------------------------------------------------
// Faults. Each returns when the fault is in place and the harness (as a supervisor) has started the process again.

function killAndRestart(stack, name) {
  return {
    fault: `kill -9 ${name}`,
    run: async () => {
      const pid = stack.processes.pid(name);
      if (!pid) throw new Error(`${name} is not running`);
      process.kill(pid, 'SIGKILL');
      await sleep(cfg.downSeconds * 1000);
      await stack.processes.restart(name);
      return `pid ${pid} killed; started again after ${cfg.downSeconds} s`;
    },
  };
}

function faults(stack, infra) {
  const node = infra.nats[1];
  return [
    killAndRestart(stack, 'requests-1'),
    killAndRestart(stack, 'realtime-1'),
    killAndRestart(stack, 'gateway-1'),
    {
      fault: `stop NATS node ${node.name}`,
      run: async () => {
        await node.server.stop('SIGTERM');
        await sleep(cfg.downSeconds * 1000 + 2000);
        await node.server.start();
        await waitJetStreamLeader(infra.nats);
        return `stopped (SIGTERM) for ${cfg.downSeconds + 2} s, started again`;
      },
    },
    {
      fault: 'restart Redis',
      run: async () => {
        await infra.redis.stop('SIGTERM');
        await infra.redis.start();
        return 'SIGTERM (saves), started again';
      },
    },
    {
      fault: 'restart PostgreSQL',
      run: async () => {
        await infra.postgres.stop('SIGINT');
        await infra.postgres.start();
        return 'fast shutdown (SIGINT), started again';
      },
    },
  ];
}

// ---------------------------------------------------------------------------------------------------------
// Set-up through the public API, as the SPA does it

/** A set-up step retried as a client would (the machine may be slow: sign-up hashes a password), 5 attempts. */
async function again(fn, what) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fn();
    } catch (err) {
      if (attempt >= 5) throw err;
      log(`${what}: ${err instanceof Error ? err.message.slice(0, 160) : err}; trying again`);
      await sleep(1000 * attempt);
    }
  }
}

async function setUp(api, admin) {
  const center = { lat: 38 + Math.random() * 1.5, lng: -100 + Math.random() * 2 };
  log(`signing up ${cfg.providers} providers and ${cfg.customers} customers`);
  const providers = await mapLimit(Array.from({ length: cfg.providers }), 2, (_, i) =>
    again(async () => {
      const user = await api.register('provider', `chaos-p${i}`);
      const location = {
        address: `${i + 1} Chaos Ave`,
        lat: center.lat + (Math.random() - 0.5) * 0.05,
        lng: center.lng + (Math.random() - 0.5) * 0.05,
      };
      const profileId = await api.createProviderProfile(user, `Chaos Tires ${i}`, location, 25);
      await api.approveProvider(admin, profileId);
      return { ...user, profileId, location };
    }, `provider ${i}`),
  );
  const customers = await mapLimit(Array.from({ length: cfg.customers }), 2, (_, i) =>
    again(async () => {
      const user = await api.register('customer', `chaos-c${i}`);
      // Every other customer pays by card (the bundled Stripe emulator): its confirmed jobs credit a wallet.
      const paymentMethod = i % 2 === 1 ? 'card' : 'cash';
      const json = await api.must('POST', '/api/customers', {
        token: user.token,
        body: {
          data: { fullName: `Chaos Customer ${i}`, phone: '+1 555 010 2030', paymentMethod, user: user.id },
        },
      });
      return { ...user, profileId: json.data.documentId, index: i, paymentMethod };
    }, `customer ${i}`),
  );
  log('waiting for the providers to be matchable');
  const deadline = Date.now() + 60_000;
  for (;;) {
    const probe = await api.must('POST', '/api/service-requests', {
      token: customers[0].token,
      body: api.requestBody(center),
    });
    const probeId = probe.data.documentId;
    await sleep(300);
    const seen = await mapLimit(providers, 4, async (p) => {
      const res = await api.call(
        'GET',
        '/api/service-requests?filters[tireStatus][$eq]=Bids%20Open&pagination[pageSize]=100',
        { token: p.token },
      );
      return res.status === 200 && res.json.data.some((r) => r.documentId === probeId);
    });
    await api.call('PUT', `/api/service-requests/${probeId}`, {
      token: customers[0].token,
      body: { data: { tireStatus: 'Cancelled' } },
    });
    if (seen.every(Boolean)) break;
    if (Date.now() > deadline) throw new Error('providers never became matchable');
    await sleep(1000);
  }
  return { center, providers, customers };
}

// ---------------------------------------------------------------------------------------------------------
// The burst: bids at a fixed rate over requests created ahead; racing accepts as each request's bids are answered

/** One request of `customer`. A card customer first holds its card for budget + fee, as the SPA does. */
async function createRequest(api, setup, customer) {
  const body = api.requestBody(setup.center);
  if (customer.paymentMethod === 'card') {
    const hold = {
      paymentMethodId: 'pm_card_visa',
      email: customer.email,
      amount: (body.data.budget + 10) * 100,
    };
    await api.must('POST', '/pay/api/payments/authorize', { token: customer.token, body: hold }, [200]);
    body.data.paymentMethod = 'card';
  }
  const json = await api.must('POST', '/api/service-requests', { token: customer.token, body });
  return { id: json.data.documentId, customer, paymentMethod: customer.paymentMethod, bids: [], answered: 0 };
}

class Burst {
  constructor(api, setup, requests) {
    Object.assign(this, { api, setup, requests });
    this.placed = new Map(); // bidId -> { requestId, customer }
    this.statuses = new Map();
    this.acceptResults = []; // { requestId, statuses: [] }
    this.pending = new Set();
    this.sent = 0;
    this.requestRetries = 0;
    this.stopped = false;
  }

  count(key) {
    this.statuses.set(key, (this.statuses.get(key) ?? 0) + 1);
  }

  /** Bid i goes to request floor(i / P) from provider i % P: each request gets one bid of every provider. */
  fire(i) {
    const P = this.setup.providers.length;
    const r = this.requests[Math.floor(i / P)];
    const provider = this.setup.providers[i % P];
    const promise = this.api
      .call('POST', '/api/bids', {
        token: provider.token,
        body: {
          data: {
            requestId: r.id,
            provider: provider.profileId,
            bidStatus: 'pending',
            amount: 100 + (i % 50),
            estimatedArrival: 10 + (i % 20),
            location: { lat: provider.location.lat, lng: provider.location.lng },
          },
        },
      })
      .then((res) => {
        this.count(
          res.status === 201 || !res.status
            ? res.status || 'network error'
            : `${res.status} ${res.json?.error?.code ?? ''}`.trim(),
        );
        if (res.status === 201) {
          const bidId = res.json.data.documentId;
          this.placed.set(bidId, { requestId: r.id, customer: r.customer.index, at: Date.now() });
          r.bids.push(bidId);
        }
        r.answered += 1;
        if (r.answered === P) this.raceAccepts(r);
      })
      .finally(() => this.pending.delete(promise));
    this.pending.add(promise);
  }

  /** Three accepts of the same request at once (two bids, one twice): at most one may succeed. */
  raceAccepts(r) {
    if (r.bids.length === 0) return;
    const choices = [r.bids[0], r.bids[r.bids.length - 1], r.bids[0]];
    const p = Promise.all(
      choices.map((bidId) =>
        this.api.call('PUT', `/api/service-requests/${r.id}`, {
          token: r.customer.token,
          body: { data: { tireStatus: 'Accepted', accepted_bid: bidId } },
        }),
      ),
    ).then((answers) => {
      this.acceptResults.push({ request: r, statuses: answers.map((a) => a.status) });
    });
    this.pending.add(p);
    p.finally(() => this.pending.delete(p));
  }

  /** Sends bids at `rate` per second until stop() or the requests run out. */
  /**
   * Sends bids at `rate` per second until stop(). Requests are created alongside (two feeders keep 4 s of bids
   * ahead, retrying through the faults as a client would); a bid waits for its request.
   */
  run(rate) {
    const P = this.setup.providers.length;
    const start = Date.now();
    const feeder = async (k) => {
      for (let n = 0; !this.stopped; n += 1) {
        if (this.requests.length * P - this.sent >= rate * 4) {
          await sleep(100);
          continue;
        }
        const customer = this.setup.customers[(2 * n + k) % this.setup.customers.length];
        for (;;) {
          try {
            const created = await createRequest(this.api, this.setup, customer);
            // As a provider bids once it saw the offer: a request is bid on a moment after it was created.
            created.biddableAt = Date.now() + 1500;
            this.requests.push(created);
            break;
          } catch {
            if (this.stopped) return;
            this.requestRetries += 1;
            await sleep(500);
          }
        }
      }
    };
    const feeders = [feeder(0), feeder(1)];
    this.done = new Promise((resolve) => {
      const tick = () => {
        const due = Math.floor(((Date.now() - start) / 1000) * rate) + 1;
        const next = () => this.requests[Math.floor(this.sent / P)];
        while (!this.stopped && this.sent < due && next() && !(next().biddableAt > Date.now()))
          this.fire(this.sent++);
        if (!this.stopped) setTimeout(tick, 5);
        else resolve(Promise.all(feeders));
      };
      tick();
    });
    return this.done;
  }

  async stop() {
    this.stopped = true;
    await this.done;
    while (this.pending.size) await Promise.all([...this.pending]);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Jobs: arrived, completed, confirmed (half cash, half card), each step retried as a client would on a failure

async function retrying(fn, { attempts = 5, what }) {
  let last;
  for (let i = 0; i < attempts; i += 1) {
    last = await fn();
    if (last.status === 200 || last.status === 201) return last;
    // A retried step may find its first attempt applied (an answer lost in the fault): 409 then means done.
    if (i > 0 && last.status === 409) return last;
    await sleep(500 * (i + 1));
  }
  throw new Error(`${what}: ${last.status} ${last.error ?? last.text?.slice(0, 200)}`);
}

async function completeJobs(api, stackUrl, burst, count) {
  const all = burst.acceptResults.filter((a) => a.statuses.includes(200));
  const card = all.filter((a) => a.request.paymentMethod === 'card').slice(0, Math.ceil(count / 2));
  const accepted = [
    ...card,
    ...all.filter((a) => a.request.paymentMethod !== 'card').slice(0, count - card.length),
  ];
  const byProfile = new Map(burst.setup.providers.map((p) => [p.profileId, p]));
  await mapLimit(accepted, 4, async ({ request }) => {
    const view = await api.must(
      'GET',
      `/api/service-requests/${request.id}`,
      { token: request.customer.token },
      [200],
    );
    const providerId = view.data.accepted_bid?.provider?.documentId ?? view.data.provider?.documentId;
    const provider = byProfile.get(providerId);
    if (!provider) throw new Error(`request ${request.id}: accepted provider ${providerId} unknown`);
    // The provider drives there: its app streams the job's address, so 'I AM HERE' passes the arrival check.
    await streamAtJob(stackUrl, api, provider, request, { lat: view.data.lat, lng: view.data.lng });
    await retrying(
      () => api.call('POST', `/api/dispatch/jobs/${request.id}/arrived`, { token: provider.token }),
      { what: 'arrived' },
    );
    await retrying(
      () => api.call('POST', `/api/dispatch/jobs/${request.id}/completed`, { token: provider.token }),
      { what: 'completed' },
    );
    await retrying(
      () =>
        api.call('PUT', `/api/service-requests/${request.id}`, {
          token: request.customer.token,
          body: { data: { tireStatus: 'Service Completed' } },
        }),
      { what: 'confirm' },
    );
    request.confirmed = true;
  });
  return accepted.map((a) => a.request);
}

// ---------------------------------------------------------------------------------------------------------
// The checks, read from the database

async function verify(databaseUrl, burst, sockets, jobs) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const ids = [...burst.placed.keys()];
    const stored = new Map(
      (
        await db.query(
          'SELECT id::text, count(*)::int AS n FROM requests.bids WHERE id = ANY($1::uuid[]) GROUP BY id',
          [ids],
        )
      ).rows.map((r) => [r.id, r.n]),
    );
    let notStored = 0;
    let storedTwice = 0;
    for (const id of ids) {
      const n = stored.get(id) ?? 0;
      if (n === 0) notStored += 1;
      if (n > 1) storedTwice += 1;
    }
    const delivery = sockets.tally(burst.placed);
    const requestIds = burst.requests.map((r) => r.id);
    const accepted = (
      await db.query(
        `SELECT r.id::text, r.accepted_bid_id::text AS bid,
                (SELECT count(*)::int FROM requests.bids b WHERE b.request_id = r.id AND b.status = 'accepted') AS accepted_bids
           FROM requests.service_requests r WHERE r.id = ANY($1::uuid[])`,
        [requestIds],
      )
    ).rows;
    const acceptedInDb = new Map(accepted.map((r) => [r.id, r]));
    let doubleAccepts = 0;
    let acceptMismatch = 0;
    for (const a of burst.acceptResults) {
      const oks = a.statuses.filter((s) => s === 200).length;
      const row = acceptedInDb.get(a.request.id);
      if (oks > 1 || (row && row.accepted_bids > 1)) doubleAccepts += 1;
      // The answer and the stored state agree: a 200 means stored, no 200 means nothing accepted (or lost answer).
      if (oks === 1 && !row?.bid) acceptMismatch += 1;
    }
    // The credit follows the capture event: wait (bounded) for every confirmed card job's.
    const cardJobs = jobs.filter((j) => j.paymentMethod === 'card').map((j) => j.id);
    const readCredits = async () =>
      (
        await db.query(
          `SELECT request_id::text, count(*)::int AS n FROM payments.wallet_entries WHERE kind = 'job_credit' AND request_id = ANY($1::uuid[]) GROUP BY request_id`,
          [requestIds],
        )
      ).rows;
    let credits = await readCredits();
    for (let i = 0; i < 60 && cardJobs.some((id) => !credits.some((c) => c.request_id === id)); i += 1) {
      await sleep(500);
      credits = await readCredits();
    }
    const missingCredits = cardJobs.filter((id) => !credits.some((c) => c.request_id === id)).length;
    const doubleCredits = credits.filter((c) => c.n > 1).length;
    // Cash jobs leave the wallet unchanged: a credit for one is a wrong credit.
    const wrongCredits = credits.filter((c) =>
      jobs.some((j) => j.id === c.request_id && j.paymentMethod !== 'card'),
    ).length;
    const confirmedInDb = (
      await db.query(
        `SELECT count(*)::int AS n FROM requests.service_requests WHERE id = ANY($1::uuid[]) AND tire_status = 'Service Completed'`,
        [jobs.map((j) => j.id)],
      )
    ).rows[0].n;
    return {
      bids201: ids.length,
      notStored,
      storedTwice,
      ...delivery,
      acceptRaces: burst.acceptResults.length,
      requestsAccepted: burst.acceptResults.filter((a) => a.statuses.includes(200)).length,
      doubleAccepts,
      acceptMismatch,
      jobsConfirmed: confirmedInDb,
      jobs: jobs.length,
      credits: credits.length,
      cardJobs: cardJobs.length,
      missingCredits,
      doubleCredits,
      wrongCredits,
    };
  } finally {
    await db.end();
  }
}

// ---------------------------------------------------------------------------------------------------------

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tiredash-chaos-'));
  fs.chmodSync(dir, 0o755);
  const logDir = path.join(dir, 'logs');
  log(`private infrastructure in ${dir}: PostgreSQL, Redis, 3 NATS nodes`);
  let stack = null;
  let stopStack = null;
  let infra = null;
  // Ctrl-C / SIGTERM: stop everything this started (the stack, then the private servers), keep nothing running.
  /** A failed or interrupted run keeps its logs (the private servers' and every service's) for a look. */
  const keepLogs = () => {
    const kept = `${dir}-logs`;
    if (fs.existsSync(logDir)) fs.cpSync(logDir, path.join(kept, 'infra'), { recursive: true });
    if (fs.existsSync(path.join(dir, 'stack', 'logs')))
      fs.cpSync(path.join(dir, 'stack', 'logs'), path.join(kept, 'services'), { recursive: true });
    log(`logs kept in ${kept}`);
  };
  let interrupted = false;
  const abort = (why, code) => {
    if (interrupted) return;
    interrupted = true;
    log(`${why}: stopping`);
    void (async () => {
      await stopStack?.().catch(() => undefined);
      await infra?.stop().catch(() => undefined);
      keepLogs();
      fs.rmSync(dir, { recursive: true, force: true });
      process.exit(code);
    })();
  };
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => abort(sig, 130));
  infra = await startChaosInfrastructure({ dir, logDir });
  let sockets = null;
  let api = null;
  const keep = env.CHAOS_KEEP_DATA === '1';
  let passed = false;
  const hardStop = setTimeout(
    () => abort('hard time limit (CHAOS_TIMEOUT_SECONDS) reached', 2),
    num('CHAOS_TIMEOUT_SECONDS', 1800, 1200) * 1000,
  );
  hardStop.unref();
  try {
    // The stack reads its infrastructure from the environment; NATS_URL lists every node (a service started again
    // while one node is stopped connects to another).
    process.env.DATABASE_URL = `${infra.databaseUrl.replace(/\/postgres$/, '')}/tiredash_chaos`;
    process.env.REDIS_URL = infra.redisUrl;
    process.env.NATS_URL = infra.natsUrls.join(',');
    const admin = {
      email: `chaos-admin-${crypto.randomBytes(3).toString('hex')}@chaos.tiredash.test`,
      password: 'Chaos-admin-pw-1357!',
    };
    log('starting the replicated stack (2 of every stateless service, HAProxy)');
    stack = await startStack({
      replicas: 2,
      natsCluster: false,
      dataDir: path.join(dir, 'stack'),
      port: await freePort(),
      namespace: '',
      quiet: true,
      install: false,
      build: env.TIREDASH_BUILT !== '1' && env.CHAOS_BUILD !== '0',
      healthPorts: true,
      readyTimeoutMs: 120000,
      onStopAvailable: (stop) => {
        stopStack = stop;
      },
      env: {
        SEED_ADMIN_EMAIL: admin.email,
        SEED_ADMIN_PASSWORD: admin.password,
        ...(env.CHAOS_LOG_LEVEL ? { LOG_LEVEL: env.CHAOS_LOG_LEVEL } : {}),
        REGISTER_RATE_LIMIT: '1000000',
        LOGIN_RATE_LIMIT: '1000000',
        PAYMENT_RATE_LIMIT: '1000000',
        UPLOAD_RATE_LIMIT: '1000000',
        REQUEST_RATE_LIMIT: '1000000',
        BID_RATE_LIMIT: '1000000',
      },
    });
    log(`stack up at ${stack.url} (logs: ${stack.logDir})`);
    api = new Api(stack.url, { connections: 32 });
    const adminLogin = await again(() => api.login(admin.email, admin.password), 'admin login');
    const setup = await setUp(api, adminLogin);
    sockets = new CustomerSockets(stack.url);
    await sockets.connect(setup.customers);
    log(`${setup.customers.length} customer sockets connected`);

    const plan = faults(stack, infra);
    const firstRequests = Math.ceil((cfg.rate * 5) / setup.providers.length);
    log(`creating ${firstRequests} requests (more are created during the burst)`);
    const requests = await mapLimit(Array.from({ length: firstRequests }), 4, (_, i) =>
      again(() => createRequest(api, setup, setup.customers[i % setup.customers.length]), 'request'),
    );
    await sleep(1000);

    const burst = new Burst(api, setup, requests);
    log(`bidding burst at ${cfg.rate} bids/s`);
    void burst.run(cfg.rate);
    await sleep(cfg.gapSeconds * 1000);
    const results = [];
    for (const f of plan) {
      const at = Date.now();
      log(`fault: ${f.fault}`);
      let detail;
      try {
        detail = await f.run();
      } catch (err) {
        detail = `FAILED: ${err instanceof Error ? err.message : String(err)}`;
      }
      const ready = await waitReady(stack, infra, cfg.recoverTimeoutSeconds * 1000);
      const row = {
        fault: f.fault,
        when: `${((at - t0) / 1000).toFixed(1)} s`,
        recoveredAfter: ready.ok
          ? `${((Date.now() - at) / 1000).toFixed(1)} s`
          : `NOT within ${cfg.recoverTimeoutSeconds} s`,
        ok: ready.ok && !detail.startsWith('FAILED'),
        detail: ready.ok ? detail : `${detail}; not ready: ${ready.notReady.join(', ')}`,
      };
      results.push(row);
      log(`  ${row.detail}; ready again after ${row.recoveredAfter}`);
      await sleep(cfg.gapSeconds * 1000);
    }
    await burst.stop();
    log(`burst over: ${burst.sent} bids sent, ${burst.placed.size} answered 201`);

    log(`completing and confirming ${cfg.jobs} jobs (cash and card)`);
    const jobs = (await completeJobs(api, stack.url, burst, cfg.jobs)).map((r) => ({
      id: r.id,
      paymentMethod: r.paymentMethod,
    }));

    log(`waiting up to ${cfg.drainSeconds} s for every bid on its customer's socket`);
    await sockets.drain(burst.placed, cfg.drainSeconds * 1000);
    const finalReady = await waitReady(stack, infra, 30000);
    const counts = await verify(stack.databaseUrl, burst, sockets, jobs);

    const result = verdict(counts, results, finalReady);
    const { ok } = result;
    const report = renderReport({
      quick: QUICK,
      faults: results,
      counts,
      finalReady,
      burst: {
        sent: burst.sent,
        rate: cfg.rate,
        statuses: Object.fromEntries(burst.statuses),
        reconnections: sockets.reconnections,
      },
      result,
    });
    process.stdout.write(`${report}\n`);
    // Where the socket losses are: per customer, the span of time (since the start) of its undelivered bids.
    const missing = new Map();
    for (const [id, bid] of burst.placed) {
      if (sockets.received.has(id)) continue;
      const m = missing.get(bid.customer) ?? { n: 0, from: Infinity, to: 0 };
      m.n += 1;
      m.from = Math.min(m.from, bid.at - t0);
      m.to = Math.max(m.to, bid.at - t0);
      missing.set(bid.customer, m);
    }
    for (const [c, m] of missing) {
      process.stdout.write(
        `not on the socket of customer ${c}: ${m.n} bids placed from ${(m.from / 1000).toFixed(1)} s to ${(m.to / 1000).toFixed(1)} s\n`,
      );
    }
    if (sockets.events.length) process.stdout.write(`socket events:\n  ${sockets.events.join('\n  ')}\n`);
    process.stdout.write(
      `CHAOS_RESULT ${JSON.stringify({ ok, summary: result.summary, problems: result.problems, counts, faults: results, finalReady })}\n`,
    );
    passed = ok;
    return ok ? 0 : 1;
  } finally {
    sockets?.close();
    await api?.close().catch(() => undefined);
    log('stopping');
    if (stack) await stack.stop().catch(() => undefined);
    await infra.stop();
    if (keep) log(`data and logs kept in ${dir}`);
    else {
      // A failed run keeps its logs (the private servers' and every service's) for a look.
      if (!passed) keepLogs();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(
      `[chaos] failed: ${err instanceof Error ? (err.detail ? `${err.message}\n${err.detail}` : err.stack) : err}\n`,
    );
    process.exit(2);
  },
);

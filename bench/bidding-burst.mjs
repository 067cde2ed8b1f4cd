#!/usr/bin/env node
// `npm run bench:bidding`: the bidding-burst benchmark through the real API and sockets.
//
// Starts an isolated stack (fresh database, random port, own NATS namespace; see scripts/lib/stack.mjs) or
// attaches to one (BENCH_URL), creates customers and approved, online providers through the API, connects the
// customers' sockets through the gateway, then places bids with an OPEN arrival model: bid POSTs are sent at a
// fixed rate whatever the answers do. Prints bids/s sustained, HTTP p50/p95/p99, bid-committed -> socket-received
// p50/p95/p99, lost/duplicated socket deliveries, and two baselines from the same run (PostgreSQL: transactions
// of two single-row INSERTs through `pg`; a bare Socket.IO emit-to-receipt). Loopback only, bounded in count
// and time. Settings: bench/README.md.
import crypto from 'node:crypto';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { io as connectSocket } from 'socket.io-client';
import { Api, mapLimit } from './lib/api.mjs';
import { pgTwoInsertBaseline, socketIoBaseline } from './lib/baselines.mjs';
import { startOwnStack } from './lib/own-stack.mjs';
import {
  Samples,
  cpuMsDelta,
  cpuPercent,
  cpuSnapshot,
  loadAverage,
  nowMs,
  round,
  watchedProcesses,
} from './lib/stats.mjs';

const env = process.env;
const QUICK = env.BENCH_QUICK === '1';
const num = (name, full, quick) => {
  const raw = env[name];
  if (raw === undefined || raw === '') return QUICK ? quick : full;
  const v = Number(raw);
  if (!Number.isFinite(v) || v < 0) throw new Error(`${name} must be a non-negative number (got "${raw}")`);
  return v;
};

const cfg = {
  rate: num('BENCH_RATE', 200, 100),
  seconds: num('BENCH_SECONDS', 60, 3),
  burstRate: num('BENCH_BURST_RATE', 1000, 200),
  burstSeconds: num('BENCH_BURST_SECONDS', 10, 2),
  providers: Math.max(1, Math.round(num('BENCH_PROVIDERS', 50, 10))),
  customers: Math.max(1, Math.round(num('BENCH_CUSTOMERS', 20, 4))),
  activeRequests: Math.max(1, Math.round(num('BENCH_ACTIVE_REQUESTS', 20, 4))),
  connections: Math.max(1, Math.round(num('BENCH_CONNECTIONS', 256, 32))),
  drainSeconds: num('BENCH_DRAIN_SECONDS', 15, 5),
  pgSeconds: num('BENCH_PG_SECONDS', 5, 1),
  pgClients: Math.max(1, Math.round(num('BENCH_PG_CLIENTS', 16, 8))),
  socketBaselineSeconds: num('BENCH_SOCKET_SECONDS', 5, 1),
  accept: env.BENCH_ACCEPT !== '0',
  maxBids: Math.round(num('BENCH_MAX_BIDS', 200_000, 200_000)),
};
/**
 * The goals of issue Speed, as ratios to this run's own baselines (absolute figures on a shared machine are noise):
 * up to capacity HTTP p99 <= 5x its p50, accept p99 < 50 ms, bid -> socket p99 <= 10x a bare socket.io emit's
 * p99, nothing lost or duplicated; sustained capacity >= 0.3x PostgreSQL's two-INSERT transaction rate.
 */
const GOALS = { httpP99OverP50: 5, acceptP99Ms: 50, socketP99OverBare: 10, capacityOverPg: 0.3 };

const log = (msg) => process.stderr.write(`[bench] ${msg}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------------------
// Set-up through the public API

async function setUp(api, stack) {
  const admin = await api.login(stack.admin.email, stack.admin.password);
  // A spot of its own per run (somewhere in Kansas), so nobody else's providers are offered the requests.
  const center = { lat: 38 + Math.random() * 1.5, lng: -100 + Math.random() * 2 };
  const tag = crypto.randomBytes(3).toString('hex');

  log(`registering ${cfg.providers} providers and ${cfg.customers} customers`);
  const providers = await mapLimit(Array.from({ length: cfg.providers }), 4, async (_, i) => {
    const user = await api.register('provider', `p${i}`);
    // Within ~3 miles of the centre, service radius 25 miles: every request at the centre is offered to all.
    const location = {
      address: `${i + 1} Bench Ave`,
      lat: center.lat + (Math.random() - 0.5) * 0.05,
      lng: center.lng + (Math.random() - 0.5) * 0.05,
    };
    const profileId = await api.createProviderProfile(user, `Bench Tires ${tag}-${i}`, location, 25);
    await api.approveProvider(admin, profileId);
    return { ...user, profileId, location };
  });
  const customers = await mapLimit(Array.from({ length: cfg.customers }), 4, async (_, i) => {
    const user = await api.register('customer', `c${i}`);
    const profileId = await api.createCustomerProfile(user, `Bench Customer ${i}`);
    return { ...user, profileId, index: i };
  });

  // The requests service learns of providers and their approval from identity's events: wait until a probe
  // request is offered to every provider (each sees it in its open offers).
  log('waiting for the providers to be matchable');
  const deadline = Date.now() + 60_000;
  for (;;) {
    const probe = await api.must('POST', '/api/service-requests', {
      token: customers[0].token,
      body: api.requestBody(center),
    });
    const probeId = probe.data.documentId;
    await sleep(300);
    const seen = await mapLimit(providers, 8, async (p) => {
      const res = await api.call(
        'GET',
        '/api/service-requests?filters[tireStatus][$eq]=Bids%20Open&pagination[pageSize]=100',
        {
          token: p.token,
        },
      );
      return res.status === 200 && res.json.data.some((r) => r.documentId === probeId);
    });
    await api.call('PUT', `/api/service-requests/${probeId}`, {
      token: customers[0].token,
      body: { data: { tireStatus: 'Cancelled' } },
    });
    const missing = seen.filter((s) => !s).length;
    if (missing === 0) break;
    if (Date.now() > deadline)
      throw new Error(`${missing} of ${providers.length} providers never became matchable`);
    await sleep(1000);
  }
  return { admin, center, providers, customers };
}

// ---------------------------------------------------------------------------------------------------------
// Sockets

class Inbox {
  constructor() {
    /** bidId -> { count, firstAt, submittedAt } */
    this.byBid = new Map();
    this.disconnects = 0;
    this.sockets = [];
  }

  async connect(baseUrl, customers) {
    await mapLimit(customers, 8, async (c) => {
      const socket = connectSocket(baseUrl, {
        path: '/socket.io',
        transports: ['websocket'],
        auth: { token: c.token },
        reconnection: true,
        reconnectionDelay: 200,
      });
      await new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('customer socket did not connect in 15 s')), 15_000);
        socket.once('connect', () => {
          clearTimeout(timer);
          resolve();
        });
        socket.once('connect_error', (err) => {
          clearTimeout(timer);
          reject(new Error(`customer socket refused: ${err.message}`));
        });
      });
      socket.on('disconnect', () => {
        this.disconnects += 1;
      });
      socket.on('new_bid', (payload) => {
        const at = nowMs();
        const id = payload?.id ?? payload?.bidId;
        const prev = this.byBid.get(id);
        if (prev) prev.count += 1;
        else
          this.byBid.set(id, {
            count: 1,
            firstAt: at,
            submittedAt: Date.parse(payload.submittedAt),
            customer: c.index,
          });
      });
      this.sockets.push(socket);
    });
  }

  close() {
    for (const s of this.sockets) s.close();
  }
}

// ---------------------------------------------------------------------------------------------------------
// One phase: requests created ahead, then bids at a fixed rate (open model), accepts as requests fill up

async function createRequests(api, setup, count) {
  const ids = await mapLimit(Array.from({ length: count }), 16, async (_, i) => {
    const customer = setup.customers[i % setup.customers.length];
    const json = await api.must('POST', '/api/service-requests', {
      token: customer.token,
      body: api.requestBody(setup.center),
    });
    return { id: json.data.documentId, customer };
  });
  return ids;
}

async function runPhase(api, setup, inbox, { name, rate, seconds, stackPid }) {
  const total = Math.min(cfg.maxBids, Math.round(rate * seconds));
  const P = setup.providers.length;
  const W = cfg.activeRequests;
  const requestCount = Math.ceil(total / P);
  log(`${name}: creating ${requestCount} requests (${P} bids each), then ${total} bids at ${rate}/s`);
  const requests = await createRequests(api, setup, requestCount);
  await sleep(1500); // let the new_request fan-out of the set-up settle

  // Bid i -> group g of W requests; inside a group the requests take turns, so each gets its P bids over
  // W*P/rate seconds ("N providers bid within seconds") and W requests are being bid on at any time.
  const target = (i) => {
    const g = Math.floor(i / (W * P));
    const j = i % (W * P);
    const groupStart = g * W;
    const width = Math.min(W, requestCount - groupStart);
    const r = groupStart + (j % width);
    const p = Math.floor(j / width) % P;
    return { r, p };
  };
  const perRequest = new Array(requestCount).fill(0);
  for (let i = 0; i < total; i++) perRequest[target(i).r] += 1;
  const answered = new Array(requestCount).fill(0);
  const firstOk = new Array(requestCount).fill(null);

  const http = new Samples();
  const service = new Samples();
  const accepts = new Samples();
  const statuses = new Map();
  const acceptStatuses = new Map();
  const placed = new Map(); // bidId -> { submittedAt, httpDone }
  const acceptPromises = [];
  let sent = 0;
  let maxLag = 0;
  const pending = new Set();
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  const cpuGroups = watchedProcesses(stackPid);
  flushProfiles(cpuGroups);
  const cpuBefore = cpuSnapshot(cpuGroups);
  const load = { before: loadAverage() };

  const accept = (r) => {
    const bidId = firstOk[r];
    if (!cfg.accept || !bidId) return;
    const { id, customer } = requests[r];
    const p = api
      .call('PUT', `/api/service-requests/${id}`, {
        token: customer.token,
        body: { data: { tireStatus: 'Accepted', accepted_bid: bidId } },
      })
      .then((res) => {
        accepts.add(res.ms);
        acceptStatuses.set(res.status, (acceptStatuses.get(res.status) ?? 0) + 1);
      });
    acceptPromises.push(p);
  };

  const fire = (i, scheduledAt) => {
    const { r, p } = target(i);
    const provider = setup.providers[p];
    const sentAt = nowMs();
    maxLag = Math.max(maxLag, sentAt - scheduledAt);
    const promise = api
      .call('POST', '/api/bids', {
        token: provider.token,
        body: {
          data: {
            requestId: requests[r].id,
            provider: provider.profileId,
            bidStatus: 'pending',
            amount: 100 + (i % 50),
            estimatedArrival: 10 + (i % 20),
            location: { lat: provider.location.lat, lng: provider.location.lng },
          },
        },
      })
      .then((res) => {
        http.add(res.done - scheduledAt);
        service.add(res.ms);
        const key = res.status || `error: ${res.error}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        if (res.status === 201) {
          const bid = res.json.data;
          placed.set(bid.documentId, {
            submittedAt: Date.parse(bid.submittedAt),
            httpDone: res.done,
            customer: requests[r].customer.index,
          });
          if (firstOk[r] === null) firstOk[r] = bid.documentId;
        }
        answered[r] += 1;
        if (answered[r] === perRequest[r]) accept(r);
      })
      .finally(() => pending.delete(promise));
    pending.add(promise);
  };

  const t0 = nowMs();
  await new Promise((resolve) => {
    const tick = () => {
      const now = nowMs();
      const due = Math.min(total, Math.floor(((now - t0) / 1000) * rate) + 1);
      while (sent < due) {
        fire(sent, t0 + (sent * 1000) / rate);
        sent += 1;
      }
      if (sent < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  const scheduleEnd = nowMs();
  await Promise.all([...pending]);
  const httpEnd = nowMs();
  await Promise.all(acceptPromises);
  const cpuAfter = cpuSnapshot(cpuGroups);
  flushProfiles(cpuGroups);
  load.after = loadAverage();

  // Drain: every 201'd bid should reach its customer's socket.
  const drainUntil = Date.now() + cfg.drainSeconds * 1000;
  const missingNow = () => [...placed.keys()].filter((id) => !inbox.byBid.has(id)).length;
  while (missingNow() > 0 && Date.now() < drainUntil) await sleep(50);
  loopDelay.disable();

  let duplicated = 0;
  let lost = 0;
  const fromSubmitted = new Samples();
  const received = [];
  for (const [id, p] of placed) {
    const got = inbox.byBid.get(id);
    if (!got) {
      lost += 1;
      continue;
    }
    duplicated += got.count - 1;
    fromSubmitted.add(got.firstAt - p.submittedAt);
    received.push({ id, at: got.firstAt });
  }
  const ok = placed.size;
  return {
    name,
    rate,
    seconds,
    scheduled: total,
    requests: requestCount,
    ok,
    bidsPerSecond: round(ok / ((httpEnd - t0) / 1000), 0),
    sendRate: round(total / ((scheduleEnd - t0) / 1000), 0),
    maxSendLagMs: round(maxLag),
    statuses: Object.fromEntries(statuses),
    http: http.summary(),
    httpService: service.summary(),
    socket: { fromSubmittedAt: fromSubmitted.summary(), fromOutboxCommit: null },
    received,
    lost,
    duplicated,
    accepts: cfg.accept ? { ...accepts.summary(), statuses: Object.fromEntries(acceptStatuses) } : null,
    driverLoopDelayP99Ms: round(loopDelay.percentile(99) / 1e6),
    cpuPercent: cpuPercent(cpuBefore, cpuAfter),
    cpuMs: cpuMsDelta(cpuBefore, cpuAfter),
    load,
  };
}

/** With BENCH_CPU_PROF, asks every service to write the CPU profile sampled so far (cpu-profile-preload.cjs). */
function flushProfiles(groups) {
  if (!env.BENCH_CPU_PROF) return;
  for (const [name, pids] of groups) {
    if (name.includes(' ') || name.endsWith('-server')) continue;
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGWINCH');
      } catch {
        /* gone */
      }
    }
  }
}

/** bid -> socket measured from the outbox row's occurred_at (written last in the bid's transaction, just before COMMIT). */
async function outboxLatency(databaseUrl, phase) {
  if (!databaseUrl || phase.received.length === 0) return null;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const ids = phase.received.map((r) => r.id);
    const rows = (
      await client.query(
        `SELECT payload->'bid'->>'bidId' AS bid_id, extract(epoch from occurred_at) * 1000 AS at
           FROM "requests"."outbox" WHERE subject = 'requests.evt.bid.placed.v1' AND payload->'bid'->>'bidId' = ANY($1)`,
        [ids],
      )
    ).rows;
    const at = new Map(rows.map((r) => [r.bid_id, Number(r.at)]));
    const s = new Samples();
    for (const r of phase.received) {
      const t = at.get(r.id);
      if (t !== undefined) s.add(r.at - t);
    }
    return s.summary();
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------------------
// Report

function fmt(v, unit = '') {
  return v === null || v === undefined ? '-' : `${v}${unit}`;
}

function verdict(value, limit, atMost = true) {
  if (value === null || value === undefined || Number.isNaN(value)) return '?';
  return (atMost ? value <= limit : value >= limit) ? 'ok' : 'MISSED';
}

const ratioOf = (a, b) => (a === null || a === undefined || !b ? null : Math.round((a / b) * 100) / 100);

function printReport(result) {
  const lines = [];
  const { baselines, phases } = result;
  lines.push('');
  lines.push(`TireDash bidding-burst benchmark  ${result.startedAt}  ${result.mode}`);
  lines.push(
    `machine: ${os.cpus().length} cores, node ${process.version}; load average at start ${result.loadAtStart.join(' / ')}; ` +
      `${cfg.providers} providers, ${cfg.customers} customer sockets, ${cfg.activeRequests} requests bid on at a time`,
  );
  lines.push('');
  lines.push('baselines (same run, same machine)');
  if (baselines.pg) {
    for (const b of baselines.pg) {
      lines.push(
        `  pg tx of 2 single-row INSERTs, ${String(b.clients).padStart(2)} client(s): ${b.tps} tx/s  (latency p50 ${b.latency.p50} ms, p99 ${b.latency.p99} ms)`,
      );
    }
  }
  if (baselines.socket) {
    const s = baselines.socket;
    lines.push(
      `  bare socket.io emit->receipt at ${s.rate}/s: p50 ${s.latency.p50} ms, p95 ${s.latency.p95} ms, p99 ${s.latency.p99} ms (lost ${s.lost}, dup ${s.duplicated})`,
    );
  }
  lines.push('');
  const head = [
    'phase',
    'target/s',
    'bids/s',
    'ok',
    'errors',
    'http p50',
    'p95',
    'p99',
    'sock p50',
    'p95',
    'p99',
    'lost',
    'dup',
    'load',
  ];
  const rows = phases.map((p) => {
    const errors = Object.entries(p.statuses)
      .filter(([k]) => k !== '201')
      .reduce((n, [, v]) => n + v, 0);
    const sock = p.socket.fromOutboxCommit ?? p.socket.fromSubmittedAt;
    return [
      p.name,
      String(p.rate),
      String(p.bidsPerSecond),
      String(p.ok),
      String(errors),
      fmt(p.http.p50),
      fmt(p.http.p95),
      fmt(p.http.p99),
      fmt(sock.p50),
      fmt(sock.p95),
      fmt(sock.p99),
      String(p.lost),
      String(p.duplicated),
      p.load.after.join('/'),
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => `  ${cells.map((c, i) => c.padStart(widths[i])).join('  ')}`;
  lines.push(line(head));
  for (const r of rows) lines.push(line(r));
  lines.push(
    '  (ms; http from the scheduled send time; sock = outbox commit -> customer socket, else submittedAt -> socket)',
  );
  lines.push('');
  for (const p of phases) {
    lines.push(
      `${p.name}: statuses ${JSON.stringify(p.statuses)}; send rate ${p.sendRate}/s (max lag ${p.maxSendLagMs} ms); driver loop delay p99 ${p.driverLoopDelayP99Ms} ms`,
    );
    lines.push(
      `  http service time p50/p95/p99 ${p.httpService.p50}/${p.httpService.p95}/${p.httpService.p99} ms; socket from submittedAt p50/p95/p99 ${p.socket.fromSubmittedAt.p50}/${p.socket.fromSubmittedAt.p95}/${p.socket.fromSubmittedAt.p99} ms`,
    );
    if (p.accepts)
      lines.push(
        `  accepts: ${p.accepts.n} (p50 ${p.accepts.p50} ms, p99 ${p.accepts.p99} ms) ${JSON.stringify(p.accepts.statuses)}`,
      );
    lines.push(
      `  cpu % (100 = one core): ${Object.entries(p.cpuPercent)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
  }
  lines.push('');
  lines.push("goals (ratios to this run's baselines; benchmarks, not assertions)");
  for (const t of result.targets)
    lines.push(
      `  ${t.verdict.padEnd(6)} ${t.what}: ${fmt(t.value, ' ')}${t.baseline !== null ? `vs ${fmt(t.baseline, ' ')}= ${t.ratio}x ` : ''}(goal ${t.goal})`,
    );
  lines.push('');
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** Each goal: the figure, the baseline it is read against, their ratio and the verdict. */
function targetsOf(phases, baselines) {
  const out = [];
  const pgTps = Math.max(0, ...(baselines.pg ?? []).map((b) => b.tps));
  const bareP99 = baselines.socket?.latency?.p99 ?? null;
  for (const p of phases) {
    const sock = p.socket.fromOutboxCommit ?? p.socket.fromSubmittedAt;
    const refused = p.statuses['503'] ?? 0;
    const overloaded = refused > 0;
    out.push({
      what: `${p.name} ${p.rate}/s: HTTP p99 / p50 (${overloaded ? `${refused} answered 503: above capacity` : 'up to capacity'})`,
      value: p.http.p99,
      baseline: p.http.p50,
      ratio: ratioOf(p.http.p99, p.http.p50),
      goal: `<= ${GOALS.httpP99OverP50}x`,
      verdict: verdict(ratioOf(p.http.p99, p.http.p50), GOALS.httpP99OverP50),
    });
    if (p.accepts && p.accepts.n > 0)
      out.push({
        what: `${p.name}: accept p99 ms`,
        value: p.accepts.p99,
        baseline: null,
        ratio: null,
        goal: `< ${GOALS.acceptP99Ms} ms`,
        verdict: verdict(p.accepts.p99, GOALS.acceptP99Ms - 1e-9),
      });
    out.push({
      what: `${p.name}: bid -> socket p99 / bare socket.io p99`,
      value: sock.p99,
      baseline: bareP99,
      ratio: ratioOf(sock.p99, bareP99),
      goal: `<= ${GOALS.socketP99OverBare}x`,
      verdict: verdict(ratioOf(sock.p99, bareP99), GOALS.socketP99OverBare),
    });
    out.push({ what: `${p.name}: lost / duplicated`, value: p.lost + p.duplicated, baseline: null, ratio: null, goal: '0', verdict: verdict(p.lost + p.duplicated, 0) });
    out.push({
      what: `${p.name}: bids/s / PostgreSQL two-INSERT tx/s`,
      value: p.bidsPerSecond,
      baseline: pgTps,
      ratio: ratioOf(p.bidsPerSecond, pgTps),
      goal: overloaded ? `>= ${GOALS.capacityOverPg}x (capacity)` : `(offered ${p.rate}/s, under capacity)`,
      verdict: overloaded ? verdict(ratioOf(p.bidsPerSecond, pgTps), GOALS.capacityOverPg, false) : '-',
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------

async function main() {
  const startedAt = new Date().toISOString();
  const loadAtStart = loadAverage();
  let stack;
  if (env.BENCH_URL) {
    const u = new URL(env.BENCH_URL);
    if (!['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname))
      throw new Error('BENCH_URL must be a loopback URL');
    stack = {
      url: env.BENCH_URL.replace(/\/$/, ''),
      databaseUrl: env.BENCH_DATABASE_URL ?? null,
      admin: {
        email: env.BENCH_ADMIN_EMAIL ?? 'admin@tiredash.local',
        password: env.BENCH_ADMIN_PASSWORD ?? 'TireDash-admin-dev',
      },
      stop: async () => undefined,
      pid: undefined,
    };
    log(`attached to ${stack.url}`);
  } else {
    stack = await startOwnStack();
    log(`stack up at ${stack.url} (logs: ${stack.logDir})`);
  }
  const pgServer =
    env.BENCH_PG_URL ??
    stack.databaseUrl ??
    env.DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';

  const api = new Api(stack.url, { connections: cfg.connections });
  const inbox = new Inbox();
  const hardStop = setTimeout(
    () => {
      log('hard time limit reached; stopping');
      void stack.stop().finally(() => process.exit(2));
    },
    num('BENCH_TIMEOUT_SECONDS', 900, 300) * 1000,
  );
  hardStop.unref();
  try {
    const setup = await setUp(api, stack);
    await inbox.connect(stack.url, setup.customers);
    log(`${inbox.sockets.length} customer sockets connected through the gateway`);

    log('baselines: PostgreSQL two-INSERT transactions, bare socket.io');
    const baselines = {
      pg: [
        await pgTwoInsertBaseline(pgServer, { seconds: cfg.pgSeconds, clients: 1 }),
        await pgTwoInsertBaseline(pgServer, { seconds: cfg.pgSeconds, clients: cfg.pgClients }),
      ],
      socket: await socketIoBaseline({ rate: cfg.rate, seconds: cfg.socketBaselineSeconds }),
    };

    const phases = [];
    if (cfg.rate > 0 && cfg.seconds > 0) {
      phases.push(
        await runPhase(api, setup, inbox, {
          name: 'sustained',
          rate: cfg.rate,
          seconds: cfg.seconds,
          stackPid: stack.pid,
        }),
      );
      await sleep(2000);
    }
    if (cfg.burstRate > 0 && cfg.burstSeconds > 0) {
      phases.push(
        await runPhase(api, setup, inbox, {
          name: 'burst',
          rate: cfg.burstRate,
          seconds: cfg.burstSeconds,
          stackPid: stack.pid,
        }),
      );
    }
    for (const p of phases)
      p.socket.fromOutboxCommit = await outboxLatency(stack.databaseUrl, p).catch(() => null);

    const result = {
      startedAt,
      mode: env.BENCH_URL ? `attached to ${stack.url}` : 'own stack',
      quick: QUICK,
      loadAtStart,
      config: cfg,
      baselines,
      phases: phases.map(({ received, ...rest }) => rest),
      socketDisconnects: inbox.disconnects,
    };
    result.targets = targetsOf(result.phases, result.baselines);
    printReport(result);
    process.stdout.write(`BENCH_RESULT ${JSON.stringify(result)}\n`);
  } finally {
    inbox.close();
    await api.close().catch(() => undefined);
    log('stopping');
    await stack.stop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`[bench] failed: ${err instanceof Error ? err.stack : err}\n`);
    process.exit(1);
  },
);

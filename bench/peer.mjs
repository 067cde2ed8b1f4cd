#!/usr/bin/env node
// `npm run bench:peer`: this product against the Strapi v5 peer (the seed's original backend), side by side in one
// run, with the same load driver on the same machine.
//
//   npm run bench:peer [-- --runs N] [-c CONNECTIONS] [-d SECONDS] [-w WARMUP_SECONDS] [--only peer|product]
//
// 1. The peer kit (`../shared/peers/strapi`, read-only) is copied to PEER_KIT (default /tmp/tiredash-peer-kit) so
//    its driver can have its node_modules; the peer itself is set up in PEER_DIR (default /tmp/strapi-peer) by the
//    kit's setup.sh when it is missing (npm only, about 3 minutes and 700 MB, outside the repository).
// 2. Each run, one after the other, never at the same time: the peer (`start.sh --fresh`, the driver with the CPU
//    of Strapi and its PostgreSQL, `stop.sh`), then this product (an isolated stack from bench/lib/own-stack.mjs,
//    the driver in `--roles` mode with the CPU of every service, the machine's PostgreSQL and nats-server).
// 3. Prints the figures of every run, the ratios product/peer, which goals hold (req/s >= 10x the peer's, p99 <=
//    0.1x the peer's), and one `BENCH_RESULT {json}` line. Never part of `npm test`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startOwnStack } from './lib/own-stack.mjs';
import { watchedProcesses } from './lib/stats.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..');
const log = (msg) => process.stderr.write(`[bench:peer] ${msg}\n`);
const GOALS = { reqPerSecRatio: 10, p99Ratio: 0.1 };

function parseArgs(argv) {
  const o = { runs: 2, connections: 10, duration: 30, warmup: 5, only: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      if (i + 1 >= argv.length) throw new Error(`missing value for ${a}`);
      return argv[++i];
    };
    if (a === '--runs') o.runs = Number(next());
    else if (a === '-c' || a === '--connections') o.connections = Number(next());
    else if (a === '-d' || a === '--duration') o.duration = Number(next());
    else if (a === '-w' || a === '--warmup') o.warmup = Number(next());
    else if (a === '--only') o.only = next();
    else if (a === '-h' || a === '--help') {
      process.stdout.write('usage: npm run bench:peer -- [--runs N] [-c N] [-d S] [-w S] [--only peer|product]\n');
      process.exit(0);
    } else throw new Error(`unknown argument ${a}`);
  }
  for (const k of ['runs', 'connections', 'duration']) {
    if (!Number.isInteger(o[k]) || o[k] < 1) throw new Error(`${k} must be a whole number >= 1 (got ${o[k]})`);
  }
  if (!Number.isFinite(o.warmup) || o.warmup < 0) throw new Error(`warmup must be >= 0 (got ${o.warmup})`);
  if (o.only !== null && o.only !== 'peer' && o.only !== 'product') throw new Error('--only takes peer or product');
  return o;
}

const opts = parseArgs(process.argv.slice(2));
const SOURCE = path.resolve(process.env.PEER_SOURCE ?? path.join(ROOT, '..', 'shared', 'peers', 'strapi'));
const KIT = path.resolve(process.env.PEER_KIT ?? path.join(os.tmpdir(), 'tiredash-peer-kit'));
const PEER_DIR = path.resolve(process.env.PEER_DIR ?? path.join(os.tmpdir(), 'strapi-peer'));

function run(cmd, args, { cwd = KIT, env = process.env, capture = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', capture ? 'pipe' : 'inherit', 'inherit'] });
    let out = '';
    if (capture) child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

/** A writable copy of the read-only peer kit (its driver installs autocannon beside itself). */
function ensureKit() {
  if (!fs.existsSync(path.join(SOURCE, 'bench.mjs'))) {
    throw new Error(`no peer kit at ${SOURCE} (set PEER_SOURCE to the shared/peers/strapi folder)`);
  }
  const stale =
    !fs.existsSync(path.join(KIT, 'bench.mjs')) ||
    fs.readdirSync(SOURCE).some((f) => {
      const src = path.join(SOURCE, f);
      const dst = path.join(KIT, f);
      if (!fs.statSync(src).isFile()) return false;
      return !fs.existsSync(dst) || !fs.readFileSync(src).equals(fs.readFileSync(dst));
    });
  if (stale) {
    log(`copying the peer kit ${SOURCE} -> ${KIT}`);
    fs.mkdirSync(KIT, { recursive: true });
    fs.cpSync(SOURCE, KIT, { recursive: true, force: true });
    spawnSync('chmod', ['-R', 'u+w', KIT]);
  }
}

/** The driver's one dependency (autocannon, pinned by the kit's lock file). */
async function ensureDriver() {
  if (fs.existsSync(path.join(KIT, 'node_modules', 'autocannon'))) return;
  const r = await run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error']);
  if (r.code !== 0) throw new Error('installing the driver (autocannon) failed');
}

async function ensurePeer() {
  if (!fs.existsSync(path.join(PEER_DIR, '.peer.env'))) {
    // A folder without .peer.env is a set-up that never finished: setup.sh replaces it (FORCE=1).
    log(`setting up the Strapi peer in ${PEER_DIR} (npm only, about 3 minutes and 700 MB)`);
    const { code } = await run('bash', [path.join(KIT, 'setup.sh'), PEER_DIR], { env: { ...process.env, FORCE: '1' } });
    if (code !== 0 || !fs.existsSync(path.join(PEER_DIR, '.peer.env'))) throw new Error(`peer setup failed (exit ${code})`);
  }
  await ensureDriver();
}

function readEnvFile(file) {
  const out = {};
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const m = /^([A-Z_]+)=(.*)$/.exec(line.trim());
    if (m) out[m[1]] = m[2];
  }
  return out;
}

/** The driver (the kit's bench.mjs), its figures read back from its --json file. */
async function drive(label, url, pids, extra = [], env = process.env) {
  const json = path.join(os.tmpdir(), `tiredash-bench-peer-${process.pid}-${label}.json`);
  fs.rmSync(json, { force: true });
  const args = [
    path.join(KIT, 'bench.mjs'),
    String(opts.connections),
    String(opts.duration),
    '-w',
    String(opts.warmup),
    '--url',
    url,
    '--json',
    json,
    ...extra,
    ...Object.entries(pids).flatMap(([name, pid]) => ['--pid', `${name}=${pid}`]),
  ];
  log(`${label}: node bench.mjs ${args.slice(1).join(' ')}`);
  const { code } = await run(process.execPath, args, { env });
  if (!fs.existsSync(json)) throw new Error(`${label}: the driver wrote no figures (exit ${code})`);
  const result = JSON.parse(fs.readFileSync(json, 'utf8'));
  fs.rmSync(json, { force: true });
  result.exitCode = code;
  return result;
}

async function runPeer(r) {
  const peerEnv = readEnvFile(path.join(PEER_DIR, '.peer.env'));
  const start = await run('bash', [path.join(KIT, 'start.sh'), PEER_DIR, '--fresh']);
  if (start.code !== 0) throw new Error('the peer did not start (start.sh)');
  try {
    const pids = { strapi: fs.readFileSync(path.join(PEER_DIR, 'strapi.pid'), 'utf8').trim() };
    if ((peerEnv.PEER_DB ?? 'postgres') === 'postgres') {
      const pgRoot = peerEnv.PEER_PGROOT ?? '/tmp/strapi-pg';
      pids.postgres = fs.readFileSync(path.join(pgRoot, 'data', 'postmaster.pid'), 'utf8').split('\n')[0].trim();
    }
    return await drive(`peer-${r}`, 'http://127.0.0.1:1337', pids);
  } finally {
    await run('bash', [path.join(KIT, 'stop.sh'), PEER_DIR]);
  }
}

/** The machine's PostgreSQL postmaster (the parent of its backends) and nats-server, for CPU per request. */
function sharedServerPids() {
  const out = {};
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    let parentComm = '';
    try {
      const ps = fs.readFileSync(`/proc/${ppid}/stat`, 'utf8');
      parentComm = ps.slice(ps.indexOf('(') + 1, ps.lastIndexOf(')'));
    } catch {
      /* gone */
    }
    let cmd = '';
    try {
      cmd = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch {
      /* gone */
    }
    // The peer's private cluster (port 5433) is stopped by now; the machine's cluster is the other postmaster.
    if (comm === 'postgres' && parentComm !== 'postgres' && !cmd.includes('5433')) out.postgres = entry;
    if (comm === 'nats-server' && !out.nats) out.nats = entry;
  }
  return out;
}

async function runProduct(r) {
  const stack = await startOwnStack();
  try {
    const pids = {};
    for (const [name, list] of watchedProcesses(stack.pid)) {
      if (name === 'bench driver' || list.length !== 1) continue;
      if (['gateway', 'requests', 'identity', 'realtime', 'payments', 'dispatch', 'content'].includes(name)) pids[name] = list[0];
    }
    // BENCH_CPU_PROF=<dir>: every service writes what it sampled before the drive (<name>-<pid>-0) and during it (-1).
    const servicePids = Object.values(pids);
    const flushProfiles = () => {
      if (!process.env.BENCH_CPU_PROF) return;
      for (const pid of servicePids) process.kill(Number(pid), 'SIGWINCH');
    };
    flushProfiles();
    Object.assign(pids, sharedServerPids());
    const result = await drive(`product-${r}`, stack.url, pids, ['--roles'], {
      ...process.env,
      SEED_ADMIN_EMAIL: stack.admin.email,
      SEED_ADMIN_PASSWORD: stack.admin.password,
    });
    flushProfiles();
    return result;
  } finally {
    await stack.stop();
  }
}

const fmt = (n, d = 1) => (n === undefined || n === null || Number.isNaN(n) ? '-' : Number(n).toFixed(d));
const ratio = (a, b) => (a && b ? a / b : NaN);

function cpuCells(phase) {
  return Object.entries(phase.cpu ?? {})
    .filter(([, v]) => v && typeof v === 'object' && 'cpuMsPerReq' in v)
    .map(([k, v]) => `${k} ${fmt(v.cpuMsPerReq, 2)}`)
    .join(', ');
}

function report(runs) {
  const lines = [];
  lines.push('');
  lines.push(`## bench:peer: c=${opts.connections}, ${opts.duration} s per phase, ${opts.warmup} s warm-up, ${runs.length} run(s)`);
  lines.push('');
  lines.push('| run | phase | product req/s | peer req/s | ratio (goal >= 10) | product p99 ms | peer p99 ms | ratio (goal <= 0.1) | product p50 ms | peer p50 ms | errors (product/peer) |');
  lines.push('|---|---|---|---|---|---|---|---|---|---|---|');
  const rows = [];
  for (const [i, r] of runs.entries()) {
    for (const key of ['post', 'get']) {
      const p = r.product?.[key];
      const q = r.peer?.[key];
      const row = {
        run: i + 1,
        phase: key === 'post' ? 'POST /api/bids' : 'GET /api/bids?filters[requestId][$eq]',
        product: p ? { reqPerSec: p.reqPerSec, p50: p.latencyMs.p50, p99: p.latencyMs.p99, errors: p.errors, cpu: p.cpu } : null,
        peer: q ? { reqPerSec: q.reqPerSec, p50: q.latencyMs.p50, p99: q.latencyMs.p99, errors: q.errors, cpu: q.cpu } : null,
      };
      row.reqPerSecRatio = ratio(row.product?.reqPerSec, row.peer?.reqPerSec);
      row.p99Ratio = ratio(row.product?.p99, row.peer?.p99);
      rows.push(row);
      lines.push(
        `| ${row.run} | ${row.phase} | ${fmt(row.product?.reqPerSec)} | ${fmt(row.peer?.reqPerSec)} | ${fmt(row.reqPerSecRatio, 2)}x | ` +
          `${fmt(row.product?.p99, 2)} | ${fmt(row.peer?.p99, 2)} | ${fmt(row.p99Ratio, 2)}x | ${fmt(row.product?.p50, 2)} | ${fmt(row.peer?.p50, 2)} | ` +
          `${row.product?.errors ?? '-'}/${row.peer?.errors ?? '-'} |`,
      );
    }
  }
  lines.push('');
  lines.push('CPU ms per request by process (host busy cores / other processes\' cores = noise):');
  for (const [i, r] of runs.entries()) {
    for (const [who, res] of [['product', r.product], ['peer', r.peer]]) {
      if (!res) continue;
      for (const key of ['post', 'get']) {
        const ph = res[key];
        lines.push(`- run ${i + 1} ${who} ${ph.phase}: ${cpuCells(ph)} (host busy ${fmt(ph.cpu?.hostBusyCores, 2)} cores, other ${fmt(ph.cpu?.otherCores, 2)})`);
      }
    }
  }
  const goals = {};
  for (const key of ['POST /api/bids', 'GET /api/bids?filters[requestId][$eq]']) {
    const mine = rows.filter((x) => x.phase === key && x.product && x.peer);
    if (mine.length === 0) continue;
    goals[key] = {
      reqPerSec: mine.every((x) => x.reqPerSecRatio >= GOALS.reqPerSecRatio) ? 'met' : 'missed',
      p99: mine.every((x) => x.p99Ratio <= GOALS.p99Ratio) ? 'met' : 'missed',
    };
  }
  lines.push('');
  lines.push(`Goals (every run): ${Object.entries(goals).map(([k, g]) => `${k}: req/s ${g.reqPerSec}, p99 ${g.p99}`).join('; ') || '-'}`);
  process.stdout.write(`${lines.join('\n')}\n`);
  return { rows, goals };
}

async function main() {
  const startedAt = new Date().toISOString();
  const loadAtStart = os.loadavg();
  log(`load average at start ${loadAtStart.map((x) => x.toFixed(2)).join(' ')} (run with nothing else busy)`);
  ensureKit();
  if (opts.only !== 'product') await ensurePeer();
  else await ensureDriver();
  if (opts.only !== 'peer' && process.env.BENCH_BUILD !== '0') {
    const { buildBackend } = await import('../scripts/lib/workspace.mjs');
    log('building the backend once (tsc -b)');
    await buildBackend({ quiet: true });
  }
  process.env.BENCH_BUILD = '0';
  const runs = [];
  for (let r = 1; r <= opts.runs; r++) {
    const one = {};
    if (opts.only !== 'product') one.peer = await runPeer(r);
    if (opts.only !== 'peer') one.product = await runProduct(r);
    runs.push(one);
  }
  const { rows, goals } = report(runs);
  const result = { startedAt, loadAtStart, options: opts, goals: GOALS, rows, verdict: goals, runs };
  process.stdout.write(`BENCH_RESULT ${JSON.stringify(result)}\n`);
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`[bench:peer] failed: ${err instanceof Error ? err.stack : err}\n`);
    process.exit(1);
  },
);

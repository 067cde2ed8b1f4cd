#!/usr/bin/env node
// `npm run bench:capacity`: the capacity model of docs/capacity.md, from figures measured in this run.
//
//   1. bids: bench/bidding-burst.mjs on its own stack (one of every service), a sustained phase only; the CPU
//      milliseconds each process group spent per 201'd bid (the phase also carries one accept per request);
//   2. the same on a replicated stack (BENCH_REPLICAS=2: two of every stateless service behind HAProxy and a
//      3-node NATS cluster with streams at 3 replicas, as `npm start -- --replicas 2`): the check of the model,
//      which assumes the cost per bid does not grow with the replica count;
//   3. location points and sockets: the dispatch tracking bench (JOBS jobs streaming one point a second through
//      realtime to dispatch): CPU ms per point in realtime and dispatch, realtime's memory and idle CPU per socket.
//
// Then, for the targets (CAPACITY_BIDS_PER_SECOND 1000, CAPACITY_JOBS 10000 concurrent jobs streaming one point
// a second, CAPACITY_PROVIDERS 100000 providers online with a socket each): cores per service, replicas at
// CAPACITY_CORE_PER_POD (1) and CAPACITY_TARGET_UTILISATION (0.6), the stateful components' cores (they do not
// scale out by adding replicas: the first bottleneck), and a markdown table for docs/capacity.md.
//
//   npm run bench:capacity                       # about 6 minutes
//   CAPACITY_RATE=60 CAPACITY_SECONDS=15 CAPACITY_JOBS_MEASURED=300 npm run bench:capacity
//   npm run bench:capacity -- --skip-replicas    # without the replicated check
//
// Absolute CPU figures on a shared machine are noisy (contention inflates CPU time per operation); the model's
// inputs are printed with the run so they can be compared with the next one.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const args = new Set(process.argv.slice(2));
const num = (name, fallback) => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number (got ${raw})`);
  return n;
};

const cfg = {
  rate: num('CAPACITY_RATE', 80),
  seconds: num('CAPACITY_SECONDS', 20),
  jobsMeasured: num('CAPACITY_JOBS_MEASURED', 500),
  trackSeconds: num('CAPACITY_TRACK_SECONDS', 20),
  targets: {
    bidsPerSecond: num('CAPACITY_BIDS_PER_SECOND', 1000),
    jobs: num('CAPACITY_JOBS', 10000),
    providers: num('CAPACITY_PROVIDERS', 100000),
    pointsPerJobPerSecond: num('CAPACITY_POINTS_PER_JOB_PER_SECOND', 1),
  },
  corePerPod: num('CAPACITY_CORE_PER_POD', 1),
  utilisation: num('CAPACITY_TARGET_UTILISATION', 0.6),
  socketsPerPod: num('CAPACITY_SOCKETS_PER_POD', 20000),
};

const log = (msg) => process.stderr.write(`[capacity] ${msg}\n`);
const round = (n, d = 2) => (Number.isFinite(n) ? Number(n.toFixed(d)) : null);

/** Runs a bench script, echoes its output, resolves with its BENCH_RESULT JSON. */
function runBench(label, command, commandArgs, extraEnv) {
  log(`${label}: ${command} ${commandArgs.join(' ')}`);
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd: ROOT, env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      process.stderr.write(d);
    });
    child.on('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('BENCH_RESULT '));
      if (!line) return reject(new Error(`${label}: no BENCH_RESULT (exit ${code})`));
      resolve(JSON.parse(line.slice('BENCH_RESULT '.length)));
    });
  });
}

function bidding(replicas) {
  return runBench(`bids, ${replicas} replica(s)`, process.execPath, [path.join(ROOT, 'bench', 'bidding-burst.mjs')], {
    BENCH_RATE: String(cfg.rate),
    BENCH_SECONDS: String(cfg.seconds),
    BENCH_BURST_RATE: '0',
    BENCH_PG_SECONDS: '1',
    BENCH_SOCKET_SECONDS: '1',
    BENCH_PROVIDERS: '20',
    BENCH_CUSTOMERS: '10',
    BENCH_ACTIVE_REQUESTS: '10',
    BENCH_REPLICAS: String(replicas),
    BENCH_BUILD: replicas === 1 ? (env.BENCH_BUILD ?? '1') : '0',
  });
}

/** CPU ms per 201'd bid by process group, from a bidding run's sustained phase. */
function perBid(result) {
  const phase = result.phases.find((p) => p.name === 'sustained');
  if (!phase?.cpuMs) throw new Error('the bidding bench printed no cpuMs (bench/bidding-burst.mjs too old?)');
  const out = {};
  for (const [group, ms] of Object.entries(phase.cpuMs.byGroup)) out[group] = ms / phase.ok;
  return { phase, perBid: out };
}

const SERVICES = ['gateway', 'requests', 'realtime', 'identity', 'payments', 'dispatch', 'content'];
const STATEFUL = ['postgres (all)', 'nats-server', 'redis-server'];

async function main() {
  const startedAt = new Date().toISOString();
  const one = perBid(await bidding(1));
  const two = args.has('--skip-replicas') ? null : perBid(await bidding(2));
  const track = await runBench('location points and sockets', 'npm', ['run', 'bench', '-w', '@tiredash/dispatch'], {
    JOBS: String(cfg.jobsMeasured),
    SECONDS: String(cfg.trackSeconds),
  });
  if (!track.cpuMs || !track.idle) throw new Error('the tracking bench printed no cpuMs/idle (location-stream.bench.ts too old?)');

  const perPoint = { realtime: track.cpuMs.realtime / track.sent, dispatch: track.cpuMs.dispatch / track.sent };
  const socketMb = Math.max(0, track.idle.realtimeRssMbConnected - track.idle.realtimeRssMbBefore) / track.idle.sockets;
  const socketIdleMsPerSecond = track.idle.realtimeCpuMs / track.idle.seconds / track.idle.sockets;

  const t = cfg.targets;
  const points = t.jobs * t.pointsPerJobPerSecond;
  const sockets = t.providers + t.jobs; // every online provider, and the customer of every live job
  const rows = [];
  for (const service of SERVICES) {
    const bidCores = ((one.perBid[service] ?? 0) * t.bidsPerSecond) / 1000;
    const pointCores = ((perPoint[service] ?? 0) * points) / 1000;
    const socketCores = service === 'realtime' ? (socketIdleMsPerSecond * sockets) / 1000 : 0;
    const cores = bidCores + pointCores + socketCores;
    let replicas = Math.max(2, Math.ceil(cores / (cfg.corePerPod * cfg.utilisation)));
    if (service === 'realtime') replicas = Math.max(replicas, Math.ceil(sockets / cfg.socketsPerPod));
    rows.push({
      service,
      msPerBid: one.perBid[service] ?? 0,
      msPerBidAt2: two ? two.perBid[service] ?? 0 : null,
      msPerPoint: perPoint[service] ?? null,
      cores,
      replicas,
    });
  }
  const stateful = STATEFUL.map((group) => ({
    group,
    msPerBid: one.perBid[group] ?? 0,
    msPerBidAt2: two ? two.perBid[group] ?? 0 : null,
    cores: ((one.perBid[group] ?? 0) * t.bidsPerSecond) / 1000,
  }));
  const totalCores = rows.reduce((n, r) => n + r.replicas * cfg.corePerPod, 0);
  const first = [...stateful].sort((a, b) => b.cores - a.cores)[0];

  const f = (n, d = 2) => (n === null || n === undefined ? '-' : Number(n).toFixed(d));
  const md = [];
  md.push(`Measured ${startedAt} on ${os.cpus().length} cores (load average at the end ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}).`);
  md.push(
    `Bids: ${one.phase.ok} bids at ${one.phase.bidsPerSecond}/s on one of every service` +
      (two ? `, ${two.phase.ok} at ${two.phase.bidsPerSecond}/s on two (lost ${two.phase.lost}, duplicated ${two.phase.duplicated})` : '') +
      `. Location: ${track.sent} points from ${track.jobs} jobs in ${track.elapsedSeconds} s. Sockets: ${track.idle.sockets} connected, ` +
      `${f(socketMb * 1024, 1)} kB and ${f(socketIdleMsPerSecond * 1000, 2)} us of CPU a second each in realtime.`,
  );
  md.push('');
  md.push(`Targets: ${t.bidsPerSecond} bids/s, ${t.jobs} concurrent jobs streaming ${t.pointsPerJobPerSecond} point/s, ${t.providers} providers online (${sockets} sockets).`);
  md.push(`Pods of ${cfg.corePerPod} core at ${cfg.utilisation * 100}% target utilisation (the HPAs' target), at least 2 per service; realtime at most ${cfg.socketsPerPod} sockets a pod.`);
  md.push('');
  md.push('| Service | CPU ms per bid (1 replica) | per bid (2 replicas) | CPU ms per point | Cores at target | Replicas |');
  md.push('| --- | --- | --- | --- | --- | --- |');
  for (const r of rows) md.push(`| ${r.service} | ${f(r.msPerBid)} | ${f(r.msPerBidAt2)} | ${f(r.msPerPoint, 3)} | ${f(r.cores, 1)} | ${r.replicas} |`);
  md.push(`| **stateless total** | | | | | **${totalCores} cores** |`);
  md.push('');
  md.push('| Stateful (scales up, not out) | CPU ms per bid (1 replica) | per bid (2 replicas) | Cores for the bids alone |');
  md.push('| --- | --- | --- | --- |');
  for (const s of stateful) md.push(`| ${s.group} | ${f(s.msPerBid)} | ${f(s.msPerBidAt2)} | ${f(s.cores, 1)} |`);
  md.push('');
  md.push(`First bottleneck: ${first.group} (${f(first.cores, 1)} cores for ${t.bidsPerSecond} bids/s on one primary).`);

  process.stdout.write(`\n${md.join('\n')}\n`);
  process.stdout.write(
    `BENCH_RESULT ${JSON.stringify({
      startedAt,
      config: cfg,
      perBid: one.perBid,
      perBidAtTwoReplicas: two?.perBid ?? null,
      twoReplicas: two ? { ok: two.phase.ok, bidsPerSecond: two.phase.bidsPerSecond, lost: two.phase.lost, duplicated: two.phase.duplicated, statuses: two.phase.statuses } : null,
      perPoint,
      socket: { mb: socketMb, idleCpuMsPerSecond: socketIdleMsPerSecond },
      rows: rows.map((r) => ({ ...r, cores: round(r.cores, 2) })),
      stateful,
      firstBottleneck: first.group,
    })}\n`,
  );
}

main().catch((err) => {
  process.stderr.write(`[capacity] ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});

// Small statistics helpers for the benchmark: percentiles over recorded samples, CPU time of processes.
import fs from 'node:fs';
import os from 'node:os';

/** Collects samples (milliseconds) and answers percentiles. */
export class Samples {
  constructor() {
    this.values = [];
    this.sorted = null;
  }

  add(v) {
    this.values.push(v);
    this.sorted = null;
  }

  get count() {
    return this.values.length;
  }

  percentile(p) {
    if (this.values.length === 0) return null;
    if (!this.sorted) this.sorted = Float64Array.from(this.values).sort();
    const idx = Math.min(this.sorted.length - 1, Math.max(0, Math.ceil((p / 100) * this.sorted.length) - 1));
    return this.sorted[idx];
  }

  max() {
    return this.percentile(100);
  }

  summary() {
    return {
      n: this.count,
      p50: round(this.percentile(50)),
      p95: round(this.percentile(95)),
      p99: round(this.percentile(99)),
      max: round(this.max()),
    };
  }
}

export function round(v, digits = 1) {
  if (v === null || v === undefined || Number.isNaN(v)) return null;
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}

/** Wall-clock milliseconds with sub-millisecond resolution, comparable with Date.now() of other processes. */
export function nowMs() {
  return performance.timeOrigin + performance.now();
}

export function loadAverage() {
  return os.loadavg().map((v) => round(v, 2));
}

const TICKS = 100; // USER_HZ on Linux

/** utime+stime of a process in milliseconds, or null when it is gone. */
function cpuMsOf(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
  } catch {
    return null;
  }
}

function commOf(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

function parentOf(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return -1;
  }
}

function cmdlineOf(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
}

/**
 * Groups of processes worth watching: the stack's services (node .../services/<name>/dist/main.js, children of
 * `stackPid` when given), PostgreSQL
 * backends, nats-server and redis-server (shared with whatever else runs on the machine), and this process.
 */
export function watchedProcesses(stackPid) {
  const groups = new Map();
  const add = (name, pid) => {
    if (!groups.has(name)) groups.set(name, []);
    groups.get(name).push(pid);
  };
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const comm = commOf(pid);
    if (comm === 'postgres') add('postgres (all)', pid);
    else if (comm === 'nats-server') add('nats-server', pid);
    else if (comm === 'redis-server') add('redis-server', pid);
    else if (comm === 'node' || comm.startsWith('node')) {
      const m = cmdlineOf(pid).match(/services\/([\w-]+)\/dist\/main\.js/);
      if (m && (stackPid === undefined || parentOf(pid) === stackPid)) add(m[1], pid);
    }
  }
  add('bench driver', process.pid);
  return groups;
}

/** CPU time per group now; diff two of these to get CPU% over a phase. */
export function cpuSnapshot(groups) {
  const out = new Map();
  for (const [name, pids] of groups) {
    let total = 0;
    for (const pid of pids) total += cpuMsOf(pid) ?? 0;
    out.set(name, total);
  }
  return { at: Date.now(), cpu: out };
}

/** CPU milliseconds spent by each group between two snapshots, and the wall time between them. */
export function cpuMsDelta(before, after) {
  const byGroup = {};
  for (const [name, ms] of after.cpu) byGroup[name] = round(ms - (before.cpu.get(name) ?? 0), 0);
  return { wallMs: after.at - before.at, byGroup };
}

/** CPU% (100 = one full core) of each group between two snapshots. */
export function cpuPercent(before, after) {
  const wall = after.at - before.at;
  const result = {};
  for (const [name, ms] of after.cpu) {
    const prev = before.cpu.get(name) ?? 0;
    result[name] = round(((ms - prev) / wall) * 100, 0);
  }
  return result;
}

// The two baselines measured in the same run as the benchmark: what PostgreSQL alone and Socket.IO alone cost
// on this machine, so the end-to-end figures can be read against them.
import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { io as connectSocket } from 'socket.io-client';
import { Samples, nowMs, round } from './stats.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));

function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Transactions of two single-row INSERTs (BEGIN; INSERT; INSERT; COMMIT) through `pg`, for `seconds` with
 * `clients` connections each running them back to back, in a scratch database dropped afterwards.
 * Returns { clients, tps, latency: {p50,p95,p99} }.
 */
export async function pgTwoInsertBaseline(serverUrl, { seconds, clients }) {
  const name = `tiredash_bench_pg_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const pool = new pg.Pool({ connectionString: withDatabase(serverUrl, name), max: clients });
  try {
    await pool.query(
      `CREATE TABLE t_request (id uuid PRIMARY KEY, amount integer NOT NULL, at timestamptz NOT NULL DEFAULT now())`,
    );
    await pool.query(
      `CREATE TABLE t_outbox (id uuid PRIMARY KEY, payload jsonb NOT NULL, at timestamptz NOT NULL DEFAULT now())`,
    );
    const latency = new Samples();
    let done = 0;
    const deadline = Date.now() + seconds * 1000;
    const worker = async () => {
      const c = await pool.connect();
      try {
        while (Date.now() < deadline) {
          const t0 = nowMs();
          await c.query('BEGIN');
          await c.query('INSERT INTO t_request (id, amount) VALUES ($1, $2)', [crypto.randomUUID(), 12300]);
          await c.query('INSERT INTO t_outbox (id, payload) VALUES ($1, $2)', [
            crypto.randomUUID(),
            '{"bid":"x"}',
          ]);
          await c.query('COMMIT');
          latency.add(nowMs() - t0);
          done += 1;
        }
      } finally {
        c.release();
      }
    };
    const t0 = Date.now();
    await Promise.all(Array.from({ length: clients }, worker));
    const elapsed = (Date.now() - t0) / 1000;
    return { clients, tps: Math.round(done / elapsed), latency: latency.summary() };
  } finally {
    await pool.end();
    await admin.query(`DROP DATABASE IF EXISTS "${name}"`).catch(() => undefined);
    await admin.end();
  }
}

/**
 * A bare Socket.IO server in a child process emits `count` events at `rate`/s to one websocket client here;
 * emit-to-receipt latency from the wall-clock time the server put in each event.
 */
export async function socketIoBaseline({ rate, seconds }) {
  const count = Math.max(1, Math.round(rate * seconds));
  const child = fork(path.join(HERE, 'bare-socket-server.mjs'), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const port = await new Promise((resolve, reject) => {
      child.once('message', (m) =>
        m?.type === 'listening' ? resolve(m.port) : reject(new Error('bare server did not start')),
      );
      child.once('exit', (code) => reject(new Error(`bare server exited (${code})`)));
    });
    const socket = connectSocket(`http://127.0.0.1:${port}`, {
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const latency = new Samples();
    const seen = new Set();
    let duplicated = 0;
    socket.on('tick', (m) => {
      latency.add(nowMs() - m.t);
      if (seen.has(m.seq)) duplicated += 1;
      seen.add(m.seq);
    });
    child.send({ type: 'run', rate, count });
    await new Promise((resolve) => child.on('message', (m) => m?.type === 'done' && resolve()));
    const until = Date.now() + 3000;
    while (seen.size < count && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    socket.close();
    return { rate, count, lost: count - seen.size, duplicated, latency: latency.summary() };
  } finally {
    child.send({ type: 'stop' });
    child.kill();
  }
}

export { round };

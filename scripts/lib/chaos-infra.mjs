// Private infrastructure for the chaos harness (scripts/chaos.mjs): its own PostgreSQL cluster (initdb as the
// postgres user in a temporary directory), its own redis-server and three nats-server processes routed as one
// JetStream cluster, each on free loopback ports, each of which can be stopped and started again on the same port
// and data. The shared servers on 5432/6379/4222 are never touched.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { StackError, freePort, hasBinary, probeTcp, sleep } from './util.mjs';

/** The newest PostgreSQL server binaries Debian installed (/usr/lib/postgresql/<major>/bin). */
function postgresBinDir() {
  const base = '/usr/lib/postgresql';
  const majors = fs.existsSync(base)
    ? fs.readdirSync(base).filter((d) => fs.existsSync(path.join(base, d, 'bin', 'initdb')))
    : [];
  majors.sort((a, b) => Number(b) - Number(a));
  if (!majors.length)
    throw new StackError('the chaos harness needs PostgreSQL server binaries (apt-get install postgresql)');
  return path.join(base, majors[0], 'bin');
}

/** uid and gid of a system user (`id -u` / `id -g`). */
function userIds(user) {
  const uid = Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

/**
 * One server process that can be killed and started again with the same command line. `ready()` resolves true
 * once it answers. start() resolves when ready; stop(signal) when it has exited.
 */
class Restartable {
  constructor(name, cmd, args, { logDir, ready, spawnOptions = {}, timeoutMs = 30000 }) {
    Object.assign(this, { name, cmd, args, logDir, ready, spawnOptions, timeoutMs });
    this.child = null;
    this.exited = Promise.resolve();
  }

  get running() {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  async start() {
    const out = fs.createWriteStream(path.join(this.logDir, `${this.name}.log`), { flags: 'a' });
    const child = spawn(this.cmd, this.args, { stdio: ['ignore', 'pipe', 'pipe'], ...this.spawnOptions });
    child.stdout.pipe(out);
    child.stderr.pipe(out);
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', resolve));
    const deadline = Date.now() + this.timeoutMs;
    while (Date.now() < deadline) {
      if (!this.running) break;
      if (await this.ready().catch(() => false)) return;
      await sleep(100);
    }
    child.kill('SIGKILL');
    throw new StackError(`${this.name} did not start; see ${path.join(this.logDir, `${this.name}.log`)}`);
  }

  async stop(signal = 'SIGTERM', timeoutMs = 15000) {
    if (!this.running) return;
    this.child.kill(signal);
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), timeoutMs);
    await this.exited;
    clearTimeout(timer);
  }
}

async function startPostgres(dir, logDir) {
  const bin = postgresBinDir();
  const { uid, gid } = userIds('postgres');
  const dataDir = path.join(dir, 'pg');
  fs.mkdirSync(dataDir, { recursive: true });
  fs.chownSync(dir, uid, gid);
  fs.chownSync(dataDir, uid, gid);
  fs.chmodSync(dataDir, 0o700);
  execFileSync(
    path.join(bin, 'initdb'),
    ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--encoding=UTF8', '--locale=C', '--no-sync'],
    { uid, gid, stdio: 'ignore' },
  );
  const port = await freePort();
  // prettier-ignore
  const args = [
    '-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${dataDir}`,
    // 7 services x 2 replicas with their pools, the harness's checks: more than the default 100.
    '-c', 'max_connections=300', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off',
  ];
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const server = new Restartable('chaos-postgres', path.join(bin, 'postgres'), args, {
    logDir,
    spawnOptions: { uid, gid },
    ready: async () => {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
      try {
        await client.connect();
        await client.query('select 1');
        return true;
      } finally {
        await client.end().catch(() => undefined);
      }
    },
  });
  await server.start();
  return { server, url, port };
}

async function startRedis(dir, logDir) {
  const bin = hasBinary('redis-server');
  if (!bin) throw new StackError('the chaos harness needs redis-server (apt-get install redis-server)');
  const port = await freePort();
  const dataDir = path.join(dir, 'redis');
  fs.mkdirSync(dataDir, { recursive: true });
  // Persistence as a real deployment keeps it: a restart (SIGTERM saves) comes back with its keys.
  // prettier-ignore
  const args = ['--bind', '127.0.0.1', '--port', String(port), '--dir', dataDir, '--daemonize', 'no', '--save', '60 1000', '--appendonly', 'no'];
  const server = new Restartable('chaos-redis', bin, args, {
    logDir,
    ready: async () =>
      /^\+PONG/.test(await probeTcp('127.0.0.1', port, { send: 'PING\r\n', expectData: true })),
  });
  await server.start();
  return { server, url: `redis://127.0.0.1:${port}`, port };
}

async function getJson(url) {
  const res = await fetch(url, { signal: AbortSignal.timeout(1500) });
  return res.json();
}

async function startNats(dir, logDir, size = 3) {
  const bin = hasBinary('nats-server');
  if (!bin) throw new StackError('the chaos harness needs nats-server (apt-get install nats-server)');
  const nodes = [];
  for (let i = 1; i <= size; i += 1) {
    nodes.push({
      name: `n${i}`,
      port: await freePort(),
      clusterPort: await freePort(),
      monitorPort: await freePort(),
    });
  }
  for (const node of nodes) {
    const storeDir = path.join(dir, 'nats', node.name);
    fs.mkdirSync(storeDir, { recursive: true });
    const routes = nodes.filter((n) => n !== node).map((n) => `nats://127.0.0.1:${n.clusterPort}`);
    // prettier-ignore
    const args = [
      '-a', '127.0.0.1', '-p', String(node.port), '-n', node.name, '-m', String(node.monitorPort), '-js', '-sd', storeDir,
      '--cluster_name', 'chaos', '--cluster', `nats://127.0.0.1:${node.clusterPort}`, '--routes', routes.join(','),
    ];
    node.server = new Restartable(`chaos-nats-${node.name}`, bin, args, {
      logDir,
      ready: async () =>
        (await fetch(`http://127.0.0.1:${node.monitorPort}/healthz`, { signal: AbortSignal.timeout(1000) }))
          .status < 500,
    });
  }
  // Started together: a node waits for its routes before it reports healthy.
  await Promise.all(nodes.map((n) => n.server.start()));
  await waitJetStreamLeader(nodes);
  return nodes;
}

/** Every running node agrees on one JetStream meta leader of a full cluster. */
export async function waitJetStreamLeader(nodes, timeoutMs = 30000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const running = nodes.filter((n) => n.server.running);
    const leaders = await Promise.all(
      running.map((n) =>
        getJson(`http://127.0.0.1:${n.monitorPort}/jsz`)
          .then((j) => (j.meta_cluster?.cluster_size === nodes.length ? (j.meta_cluster?.leader ?? '') : ''))
          .catch(() => ''),
      ),
    );
    if (leaders[0] && leaders.every((l) => l === leaders[0])) return leaders[0];
    if (Date.now() > deadline)
      throw new StackError(`the chaos NATS cluster has no JetStream leader after ${timeoutMs / 1000} s`);
    await sleep(250);
  }
}

/**
 * Starts the private PostgreSQL, Redis and 3-node NATS cluster under `dir`. Returns their URLs, the handles
 * (`postgres`, `redis`, `nats[i]`, each with start()/stop(signal)/running) and stop() for all of it.
 */
export async function startChaosInfrastructure({ dir, logDir }) {
  fs.mkdirSync(logDir, { recursive: true });
  const started = [];
  const stop = async () => {
    for (const s of started.reverse()) await s.stop('SIGTERM').catch(() => undefined);
    started.length = 0;
  };
  try {
    const postgres = await startPostgres(dir, logDir);
    started.push(postgres.server);
    const redis = await startRedis(dir, logDir);
    started.push(redis.server);
    const nats = await startNats(dir, logDir);
    started.push(...nats.map((n) => n.server));
    return {
      databaseUrl: postgres.url,
      redisUrl: redis.url,
      natsUrls: nats.map((n) => `nats://127.0.0.1:${n.port}`),
      natsMonitorUrls: nats.map((n) => `http://127.0.0.1:${n.monitorPort}`),
      postgres: postgres.server,
      redis: redis.server,
      nats,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

// The whole local stack as one function: infrastructure, database, JWT secret, every service,
// the demo seed, and the wait for the gateway's /ready. Used by `npm start` and by the e2e suite.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { databaseNameOf, dropDatabase, ensureDatabase, ensureInfrastructure, withDatabase } from './infra.mjs';
import { ROOT, StackError, freePort, log, sleep } from './util.mjs';
import { REPLICATED_SERVICES, haproxyServersNotUp, startHaproxy } from './replicas.mjs';
import { buildAll, discoverServices, ensureInstalled, frontendInfo } from './workspace.mjs';

const STARTED_PATTERN = /successfully started|listening on|listening at|server started|service started|ready to accept|started in \d/i;

/** The dev JWT secret: JWT_SECRET when set, else one generated once and kept in .data/jwt-secret. */
export function devJwtSecret(dataDir) {
  if (process.env.JWT_SECRET) return process.env.JWT_SECRET;
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    /* first run */
  }
  const secret = crypto.randomBytes(48).toString('hex');
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

function assertPortFree(port) {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (err) =>
      reject(
        new StackError(
          err.code === 'EADDRINUSE'
            ? `port ${port} is already in use (another TireDash running?): stop it or set PORT`
            : `cannot listen on port ${port}: ${err.message}`,
        ),
      ),
    );
    server.listen(port, () => server.close(() => resolve()));
  });
}

/**
 * Picks demo logins out of the seed's output: `{ role, email, password }` for every line that names
 * an e-mail address and a password (e.g. "customer  customer@tiredash.test / Passw0rd!").
 * A line of JSON with an array `logins` is used as is.
 */
export function parseLogins(output) {
  const logins = [];
  for (const raw of output.split('\n')) {
    const line = raw.replace(/\x1b\[[0-9;]*m/g, '').trim();
    if (!line) continue;
    if (line.startsWith('{')) {
      try {
        const parsed = JSON.parse(line);
        if (Array.isArray(parsed.logins)) {
          for (const l of parsed.logins) if (l && l.email && l.password) logins.push(l);
          continue;
        }
      } catch {
        /* not JSON */
      }
    }
    const email = line.match(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/);
    if (!email) continue;
    const after = line.slice(email.index + email[0].length);
    const password =
      after.match(/password\s*[:=]\s*"?([^\s",]+)/i)?.[1] ?? after.match(/^\s*(?:\/|\||,|:|\s)\s*"?([^\s",/|]+)/)?.[1];
    if (!password) continue;
    const before = line.slice(0, email.index).toLowerCase();
    const role = /pending/i.test(line)
      ? 'pending provider'
      : (['admin', 'customer', 'provider'].find((r) => before.includes(r)) ?? 'user');
    logins.push({ role, label: line, email: email[0], password });
  }
  return logins;
}

const ANSI = /\x1b\[[0-9;]*m/g;

const PINO_LEVELS = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/** A structured (pino JSON) log line as one readable console line; other lines unchanged. */
export function formatLogLine(line) {
  if (!line.startsWith('{')) return line;
  try {
    const entry = JSON.parse(line);
    if (typeof entry !== 'object' || entry === null || !('msg' in entry)) return line;
    const level = PINO_LEVELS[entry.level] ?? String(entry.level ?? '').toUpperCase();
    const context = entry.context ? `[${entry.context}] ` : '';
    const extra = [];
    if (entry.req?.method) extra.push(`${entry.req.method} ${entry.req.url}`);
    if (entry.res?.statusCode) extra.push(`-> ${entry.res.statusCode}`);
    if (entry.err?.message) extra.push(`: ${entry.err.message}`);
    return `${level.padEnd(5)} ${context}${entry.msg}${extra.length ? ` ${extra.join(' ')}` : ''}`;
  } catch {
    return line;
  }
}

class ServiceProcess {
  constructor(service, { env, logDir, quiet, name = service.name }) {
    this.service = service;
    this.name = name; // `<service>-<i>` for a replica
    this.logFile = path.join(logDir, `${name}.log`);
    this.exit = null;
    this.startedLine = false;
    this.listeners = new Set();
    fs.mkdirSync(logDir, { recursive: true });
    this.out = fs.createWriteStream(this.logFile, { flags: 'a' });
    this.out.write(`\n=== ${new Date().toISOString()} starting ${name} ===\n`);
    this.env = env;
    this.child = spawn(process.execPath, ['--enable-source-maps', service.main], {
      cwd: service.dir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.recent = [];
    const onLine = (line) => {
      const plain = line.replace(ANSI, '');
      this.out.write(`${plain}\n`);
      this.recent.push(plain);
      if (this.recent.length > 200) this.recent.splice(0, this.recent.length - 200);
      if (!quiet) process.stdout.write(`[${name}] ${formatLogLine(line)}\n`);
      if (STARTED_PATTERN.test(line)) this.startedLine = true;
    };
    readline.createInterface({ input: this.child.stdout }).on('line', onLine);
    readline.createInterface({ input: this.child.stderr }).on('line', onLine);
    this.exited = new Promise((resolve) => {
      this.child.on('exit', (code, signal) => {
        this.exit = signal ?? `exit code ${code}`;
        this.out.write(`=== ${name} stopped (${this.exit}) ===\n`);
        for (const l of this.listeners) l(this);
        resolve();
      });
    });
  }

  onExit(listener) {
    this.listeners.add(listener);
  }

  /** The last lines this process wrote (kept in memory; the log file spans runs). */
  tail(lines = 30) {
    return this.recent.slice(-lines).join('\n');
  }

  async stop(timeoutMs = 10000) {
    this.listeners.clear();
    if (this.exit) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), timeoutMs);
    await this.exited;
    clearTimeout(timer);
    await new Promise((resolve) => this.out.end(resolve));
  }
}

function failure(proc, what) {
  return new StackError(`${what}; last lines of ${path.relative(ROOT, proc.logFile)}:`, proc.tail());
}

/** Waits for a (non-edge) service to say it has started; fails when it exits first. */
async function waitStarted(proc, timeoutMs, checkAbort) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    checkAbort();
    if (proc.exit) throw failure(proc, `${proc.name} exited during start-up (${proc.exit})`);
    if (proc.startedLine) return true;
    await sleep(200);
  }
  return false;
}

async function runSeed(proc, service, env, quiet) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--enable-source-maps', service.seed], {
      cwd: service.dir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk) => {
      output += chunk.toString('utf8');
      proc.out.write(chunk);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve(output);
      else
        reject(
          new StackError(
            `seed of ${service.name} failed (exit code ${code}); its output (also in ${path.relative(ROOT, proc.logFile)}):`,
            output.trim().split('\n').slice(-30).join('\n'),
          ),
        );
    });
    if (!quiet) log(`seeding demo data (${path.relative(ROOT, service.seed)})`);
  });
}

async function fetchReady(url) {
  try {
    const res = await fetch(`${url}/ready`, { signal: AbortSignal.timeout(3000) });
    return { status: res.status, body: (await res.text()).slice(0, 500) };
  } catch (err) {
    return { status: 0, body: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * Starts the stack. Options:
 *  port           gateway port (default PORT or 3000)
 *  databaseName   database to use/create (default: the one in DATABASE_URL, else 'tiredash')
 *  namespace      NATS_NAMESPACE for every service (default NATS_NAMESPACE or '')
 *  quiet          no console output (logs still go to <dataDir>/logs)
 *  dataDir        where private databases, logs and the dev JWT secret live (default .data)
 *  install/build  install dependencies if missing / build what is out of date (default true)
 *  seed           run the services' seed CLIs (default true)
 *  dropDatabaseOnStop  drop the database in stop() (for throw-away test stacks)
 *  env            extra environment for every service
 *  onStopAvailable(stop)  called as soon as the stack can be stopped, before it is up
 *  replicas       N > 1: N processes of every stateless service (REPLICATED_SERVICES) behind HAProxy on `port`,
 *                 NATS_STREAM_REPLICAS=3, and (natsCluster) a private 3-node NATS cluster (default 1: as before)
 *  natsCluster    with replicas > 1, start the 3-node NATS cluster even when NATS answers (default true)
 * Resolves with { url, port, databaseUrl, natsUrl, redisUrl, namespace, logins, seedOutput, logDir, stop() }, and with
 * replicas > 1 also { replicas, gatewayUrls, realtimeUrls, haproxyStatsUrl, natsMonitorUrls }.
 */
export async function startStack(opts = {}) {
  const dataDir = path.resolve(opts.dataDir ?? path.join(ROOT, '.data'));
  const logDir = path.join(dataDir, 'logs');
  const quiet = Boolean(opts.quiet);
  const say = quiet ? () => undefined : log;
  const port = Number(opts.port ?? process.env.PORT ?? 3000);
  const namespace = opts.namespace ?? process.env.NATS_NAMESPACE ?? '';
  const readyTimeoutMs = opts.readyTimeoutMs ?? 120000;
  const replicas = Number(opts.replicas ?? 1);
  if (!Number.isInteger(replicas) || replicas < 1) throw new StackError(`replicas must be a whole number >= 1 (got ${opts.replicas})`);
  const replicated = replicas > 1;
  fs.mkdirSync(logDir, { recursive: true });

  const procs = [];
  let infra = null;
  let haproxy = null;
  let databaseUrl = null;
  let dropped = false;
  let stopRequested = false;
  let stopChain = Promise.resolve();
  // Idempotent, and safe to call while the stack is still starting: each call stops whatever
  // has been started so far; start-up notices the request at its next step and unwinds.
  const stop = () => {
    stopRequested = true;
    stopChain = stopChain.then(async () => {
      for (const p of [...procs].reverse()) await p.stop();
      if (haproxy) await haproxy.stop();
      if (opts.dropDatabaseOnStop && databaseUrl && !dropped) {
        dropped = true;
        await dropDatabase(databaseUrl).catch(() => undefined);
      }
      if (infra) await infra.stop();
    });
    return stopChain;
  };
  const checkAbort = () => {
    if (stopRequested) throw new StackError('start-up interrupted');
  };
  // Lets a caller stop a stack that is still starting (Ctrl-C during start-up).
  opts.onStopAvailable?.(stop);

  if (opts.install !== false) await ensureInstalled({ quiet });
  if (opts.build !== false) await buildAll({ quiet });
  checkAbort();

  const services = discoverServices();
  if (services.length === 0) throw new StackError('no services found (services/*/package.json with "tiredash": { "service": true })');
  const missing = services.filter((s) => !fs.existsSync(s.main));
  if (missing.length) {
    throw new StackError(`not built: ${missing.map((s) => path.relative(ROOT, s.main)).join(', ')} (run \`npx tsc -b services/${missing[0].name}\`)`);
  }
  await assertPortFree(port);


  try {
    infra = await ensureInfrastructure({
      env: process.env,
      dataDir,
      logDir,
      quiet,
      natsCluster: replicated && opts.natsCluster !== false,
    });
    checkAbort();
    const databaseName =
      opts.databaseName || (process.env.DATABASE_URL && databaseNameOf(process.env.DATABASE_URL)) || 'tiredash';
    databaseUrl = withDatabase(infra.databaseUrl, databaseName);
    if (await ensureDatabase(databaseUrl)) say(`created database ${databaseName}`);

    const fe = frontendInfo();
    const baseEnv = {
      ...process.env,
      NODE_ENV: opts.nodeEnv ?? (process.env.NODE_ENV === 'production' ? 'production' : 'development'),
      DATABASE_URL: databaseUrl,
      NATS_URL: infra.natsUrl,
      NATS_NAMESPACE: namespace,
      REDIS_URL: infra.redisUrl,
      JWT_SECRET: devJwtSecret(dataDir),
      // A local run: services may use their public development defaults (the emulator's Stripe keys, the dev
      // encryption key). Outside it (compose, Kubernetes) they refuse to start without real secrets.
      TIREDASH_LOCAL: '1',
      STATIC_DIR: fe ? fe.dist : path.join(ROOT, 'frontend', 'dist'),
      // Replicated: every JetStream stream kept on 3 nodes of the cluster.
      ...(replicated && !process.env.NATS_STREAM_REPLICAS ? { NATS_STREAM_REPLICAS: '3' } : {}),
      ...(opts.env ?? {}),
    };
    // The edge gets the public port; any other service that opens a port gets a free one, chosen up
    // front so that every service is told the URLs of the others (urlEnv) before any of them starts.
    // Replicated: each replica of a service gets its own free port (the gateways too: HAProxy takes the public one),
    // and a service's URL (REALTIME_URL) is HAProxy's internal frontend for its replicas.
    const ports = new Map();
    const replicaPorts = new Map();
    const countOf = (service) => (replicated && REPLICATED_SERVICES.includes(service.name) ? replicas : 1);
    const realtimeFrontendPort = replicated ? await freePort() : null;
    for (const service of services) {
      if (service.skipWhenUrlSet && service.urlEnv && baseEnv[service.urlEnv]) {
        say(`${service.name}: not started, ${service.urlEnv} is set (${baseEnv[service.urlEnv]})`);
        continue;
      }
      const servicePorts = [];
      for (let i = 0; i < countOf(service); i += 1) servicePorts.push(service.edge && !replicated ? port : await freePort());
      ports.set(service.name, servicePorts[0]);
      replicaPorts.set(service.name, servicePorts);
      const urlPort = servicePorts.length > 1 && service.name === 'realtime' ? realtimeFrontendPort : servicePorts[0];
      if (service.urlEnv) baseEnv[service.urlEnv] = `http://127.0.0.1:${urlPort}`;
    }
    const replicaName = (service, i) => (countOf(service) > 1 ? `${service.name}-${i + 1}` : service.name);
    const named = (name) =>
      (replicaPorts.get(name) ?? []).map((p, i) => ({ name: replicaName({ name }, i), port: p }));
    if (replicated) {
      const gateways = named('gateway');
      const realtimes = named('realtime');
      if (gateways.length === 0 || realtimes.length === 0) throw new StackError('--replicas needs the gateway and realtime services');
      haproxy = await startHaproxy({
        dataDir,
        logDir,
        port,
        realtimePort: realtimeFrontendPort,
        statsPort: await freePort(),
        gateways,
        realtimes,
      });
      say(`HAProxy on port ${port}: ${gateways.length} gateways, ${realtimes.length} realtime (config ${path.relative(ROOT, haproxy.configFile)})`);
    }
    const gatewayUrl = `http://127.0.0.1:${port}`;
    const envFor = async (service, replica = 0) => ({
      ...baseEnv,
      // opts.healthPorts: every process without an HTTP port of its own serves /livez and /readyz on a free port.
      ...(opts.healthPorts && !service.urlEnv && !service.edge ? { HEALTH_PORT: String(await freePort()) } : {}),
      PORT: String(replicaPorts.get(service.name)[replica]),
      ...(service.portEnv ? { [service.portEnv]: String(replicaPorts.get(service.name)[replica]) } : {}),
      ...Object.fromEntries(
        Object.entries(service.env)
          .filter(([name]) => process.env[name] === undefined)
          .map(([name, value]) => [name, String(value).replaceAll('{gatewayUrl}', gatewayUrl)]),
      ),
    });

    const url = `http://localhost:${port}`;
    let seedOutput = '';
    const seeded = new Set();
    for (const service of services.filter((s) => ports.has(s.name))) {
      checkAbort();
      const env = await envFor(service);
      const count = countOf(service);
      say(`starting ${service.name}${count > 1 ? ` x${count}` : ''}${service.edge && !replicated ? ` on port ${port}` : ''}`);
      // The first replica starts alone (it creates the service's JetStream streams, which a fresh cluster takes a
      // moment to place) and runs the seed; the others then start together.
      const spawnReplica = async (i) => {
        const p = new ServiceProcess(service, { env: i === 0 ? env : await envFor(service, i), logDir, quiet, name: replicaName(service, i) });
        procs.push(p);
        return p;
      };
      const proc = await spawnReplica(0);
      if (!service.edge) {
        const started = await waitStarted(proc, 60000, checkAbort);
        if (!started) say(`${service.name} has not reported start-up yet; going on`);
      }
      const others = [];
      for (let i = 1; i < count; i += 1) others.push(await spawnReplica(i));
      if (!service.edge && others.length) {
        const started = await Promise.all(others.map((p) => waitStarted(p, 60000, checkAbort)));
        if (started.includes(false)) say(`${service.name} has not reported start-up yet; going on`);
      }
      if (opts.seed !== false && fs.existsSync(service.seed) && !seeded.has(service.name)) {
        seeded.add(service.name);
        let attempt = 0;
        for (;;) {
          try {
            seedOutput += await runSeed(proc, service, env, quiet);
            break;
          } catch (err) {
            attempt += 1;
            if (attempt >= 3 || proc.exit || stopRequested) throw err;
            await sleep(2000);
          }
        }
      }
    }

    // Wait for the gateway's /ready; stop at once if any service dies meanwhile.
    const deadline = Date.now() + readyTimeoutMs;
    let last = { status: 0, body: '' };
    for (;;) {
      checkAbort();
      const dead = procs.find((p) => p.exit);
      if (dead) throw failure(dead, `${dead.name} exited during start-up (${dead.exit})`);
      last = await fetchReady(url);
      // Replicated: every gateway replica ready, not only the one HAProxy chose.
      if (last.status === 200 && replicated) {
        for (const g of named('gateway')) {
          const direct = await fetchReady(`http://127.0.0.1:${g.port}`);
          if (direct.status !== 200) last = { ...direct, body: `${g.name}: ${direct.body}` };
        }
        // ... and HAProxy's health checks have seen every replica come up (else it still sends all to one).
        const notUp = last.status === 200 ? await haproxyServersNotUp(haproxy.statsUrl) : [];
        if (notUp.length) last = { status: 0, body: `HAProxy does not see these up yet: ${notUp.join(', ')}` };
      }
      if (last.status === 200) break;
      if (Date.now() > deadline) {
        const edge = procs.find((p) => p.service.edge) ?? procs[procs.length - 1];
        const failedChecks = (() => {
          try {
            const body = JSON.parse(last.body);
            if (Array.isArray(body.failed)) return body.failed.map(String);
            return Object.entries(body.checks ?? {})
              .filter(([, c]) => c && c.ok === false)
              .map(([name]) => name);
          } catch {
            return [];
          }
        })();
        const failing = procs.find((p) => !p.service.edge && failedChecks.includes(p.service.name));
        const culprit = failing ?? edge;
        throw failure(
          culprit,
          `${url}/ready did not answer 200 within ${Math.round(readyTimeoutMs / 1000)} s (last: ${last.status || 'no answer'} ${last.body.replace(/\s+/g, ' ').slice(0, 200)})`,
        );
      }
      await sleep(500);
    }

    for (const p of procs) {
      p.onExit((dead) => {
        if (!stopRequested) log(`${dead.name} stopped unexpectedly (${dead.exit}); see ${path.relative(ROOT, dead.logFile)}`);
      });
    }

    return {
      url,
      port,
      databaseUrl,
      natsUrl: infra.natsUrl,
      redisUrl: infra.redisUrl,
      namespace,
      logDir,
      services: procs.map((p) => p.name),
      // For the chaos harness (scripts/chaos.mjs): signal one process by name and start it again as a supervisor would.
      processes: {
        list: () =>
          procs.map((p) => ({ name: p.name, service: p.service.name, port: Number(p.env.PORT), healthPort: Number(p.env.HEALTH_PORT) || null, exit: p.exit })),
        pid: (name) => procs.find((p) => p.name === name && !p.exit)?.child.pid ?? null,
        kill: (name, signal = 'SIGKILL') => procs.find((p) => p.name === name && !p.exit)?.child.kill(signal) ?? false,
        restart: async (name) => {
          const i = procs.findIndex((p) => p.name === name);
          if (i < 0) throw new StackError(`no process named ${name}`);
          await procs[i].stop();
          const p = new ServiceProcess(procs[i].service, { env: procs[i].env, logDir, quiet, name });
          procs[i] = p;
          return { pid: p.child.pid, exited: p.exited, started: () => p.startedLine, tail: (n) => p.tail(n) };
        },
      },
      privateInfrastructure: infra.startedNames,
      seedOutput,
      logins: parseLogins(seedOutput),
      stop,
      ...(replicated
        ? {
            replicas,
            gatewayUrls: named('gateway').map((g) => `http://127.0.0.1:${g.port}`),
            realtimeUrls: named('realtime').map((r) => `http://127.0.0.1:${r.port}`),
            haproxyStatsUrl: haproxy.statsUrl,
            natsMonitorUrls: infra.natsMonitorUrls,
          }
        : {}),
    };
  } catch (err) {
    await stop().catch(() => undefined);
    throw err;
  }
}

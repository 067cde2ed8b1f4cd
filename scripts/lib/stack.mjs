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
  constructor(service, { env, logDir, quiet }) {
    this.service = service;
    this.name = service.name;
    this.logFile = path.join(logDir, `${service.name}.log`);
    this.exit = null;
    this.startedLine = false;
    this.listeners = new Set();
    fs.mkdirSync(logDir, { recursive: true });
    this.out = fs.createWriteStream(this.logFile, { flags: 'a' });
    this.out.write(`\n=== ${new Date().toISOString()} starting ${service.name} ===\n`);
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
      if (!quiet) process.stdout.write(`[${service.name}] ${formatLogLine(line)}\n`);
      if (STARTED_PATTERN.test(line)) this.startedLine = true;
    };
    readline.createInterface({ input: this.child.stdout }).on('line', onLine);
    readline.createInterface({ input: this.child.stderr }).on('line', onLine);
    this.exited = new Promise((resolve) => {
      this.child.on('exit', (code, signal) => {
        this.exit = signal ?? `exit code ${code}`;
        this.out.write(`=== ${service.name} stopped (${this.exit}) ===\n`);
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
 * Resolves with { url, port, databaseUrl, natsUrl, redisUrl, namespace, logins, seedOutput, logDir, stop() }.
 */
export async function startStack(opts = {}) {
  const dataDir = path.resolve(opts.dataDir ?? path.join(ROOT, '.data'));
  const logDir = path.join(dataDir, 'logs');
  const quiet = Boolean(opts.quiet);
  const say = quiet ? () => undefined : log;
  const port = Number(opts.port ?? process.env.PORT ?? 3000);
  const namespace = opts.namespace ?? process.env.NATS_NAMESPACE ?? '';
  const readyTimeoutMs = opts.readyTimeoutMs ?? 120000;
  fs.mkdirSync(logDir, { recursive: true });

  const procs = [];
  let infra = null;
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
    infra = await ensureInfrastructure({ env: process.env, dataDir, logDir, quiet });
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
      ...(opts.env ?? {}),
    };
    // The edge gets the public port; any other service that opens a port gets a free one, chosen up
    // front so that every service is told the URLs of the others (urlEnv) before any of them starts.
    const ports = new Map();
    for (const service of services) {
      if (service.skipWhenUrlSet && service.urlEnv && baseEnv[service.urlEnv]) {
        say(`${service.name}: not started, ${service.urlEnv} is set (${baseEnv[service.urlEnv]})`);
        continue;
      }
      const servicePort = service.edge ? port : await freePort();
      ports.set(service.name, servicePort);
      if (service.urlEnv) baseEnv[service.urlEnv] = `http://127.0.0.1:${servicePort}`;
    }
    const gatewayUrl = `http://127.0.0.1:${port}`;
    const envFor = async (service) => ({
      ...baseEnv,
      PORT: String(ports.get(service.name)),
      ...(service.portEnv ? { [service.portEnv]: String(ports.get(service.name)) } : {}),
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
      say(`starting ${service.name}${service.edge ? ` on port ${port}` : ''}`);
      const proc = new ServiceProcess(service, { env, logDir, quiet });
      procs.push(proc);
      if (!service.edge) {
        const started = await waitStarted(proc, 60000, checkAbort);
        if (!started) say(`${service.name} has not reported start-up yet; going on`);
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
        const named = procs.find((p) => !p.service.edge && failedChecks.includes(p.name));
        const culprit = named ?? edge;
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
      privateInfrastructure: infra.startedNames,
      seedOutput,
      logins: parseLogins(seedOutput),
      stop,
    };
  } catch (err) {
    await stop().catch(() => undefined);
    throw err;
  }
}

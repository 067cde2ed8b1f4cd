// An isolated TireDash stack for a benchmark: built backend (tsc -b unless BENCH_BUILD=0), fresh database, own
// NATS namespace, random port, run in a child process (stack-child.mjs) so that reading the services' logs
// never competes with the load generator. Abuse limits are raised: a load generator comes from one address.
import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect as natsConnect } from 'nats';
import { PASSWORD } from './api.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const log = (msg) => process.stderr.write(`[bench] ${msg}\n`);

/**
 * Starts the stack; resolves { url, databaseUrl, natsUrl, namespace, logDir, services, admin, stop, pid }
 * (`pid`: the stack process, parent of every service process). `extraEnv` goes to every service.
 */
export async function startOwnStack(extraEnv = {}) {
  const env = process.env;
  if (env.BENCH_BUILD !== '0') {
    const { buildBackend } = await import('../../scripts/lib/workspace.mjs');
    log('building the backend (tsc -b; BENCH_BUILD=0 skips)');
    try {
      await buildBackend({ quiet: true });
    } catch (err) {
      log(`build failed, using the existing dist/ (${err instanceof Error ? err.message.split('\n')[0] : err})`);
    }
  }
  const adminEmail = `bench-admin-${crypto.randomBytes(4).toString('hex')}@bench.tiredash.test`;
  const adminPassword = PASSWORD;
  const stackEnv = {
    SEED_ADMIN_EMAIL: adminEmail,
    SEED_ADMIN_PASSWORD: adminPassword,
    // One request log line per call would be written to a pipe and read back by the launcher: not what is measured.
    LOG_LEVEL: env.BENCH_LOG_LEVEL ?? 'warn',
    // A load generator from one address: the abuse limits (per address / account) would throttle the load itself.
    REGISTER_RATE_LIMIT: '1000000',
    LOGIN_RATE_LIMIT: '1000000',
    PAYMENT_RATE_LIMIT: '1000000',
    UPLOAD_RATE_LIMIT: '1000000',
    REQUEST_RATE_LIMIT: '1000000',
    BID_RATE_LIMIT: '1000000',
    // --cpu-prof is not allowed in NODE_OPTIONS: a preload samples instead, flushed per phase with SIGWINCH.
    ...(env.BENCH_CPU_PROF
      ? {
          NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --require ${path.join(HERE, 'cpu-profile-preload.cjs')}`.trim(),
          BENCH_CPU_PROF_DIR: path.resolve(env.BENCH_CPU_PROF),
        }
      : {}),
    ...extraEnv,
  };
  log('starting an isolated stack (fresh database, own NATS namespace)');
  const child = fork(path.join(HERE, 'stack-child.mjs'), [], {
    env: { ...env, BENCH_STACK_ENV: JSON.stringify(stackEnv) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const stack = await new Promise((resolve, reject) => {
    child.on('message', (m) => {
      if (m?.type === 'ready') resolve(m.stack);
      if (m?.type === 'failed') reject(new Error(`stack failed to start: ${m.message}`));
    });
    child.on('exit', (code) => reject(new Error(`stack process exited (${code})`)));
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.send({ type: 'stop' });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    await exited;
    clearTimeout(timer);
    // A replicated bench stack's private NATS cluster is gone with it: nothing left to delete.
    if (stack.natsUrl && /^bench[0-9a-f]+$/.test(stack.namespace))
      await deleteStreams(stack.natsUrl, stack.namespace).catch(() => undefined);
  };
  return { ...stack, admin: { email: adminEmail, password: adminPassword }, stop, pid: child.pid };
}

async function deleteStreams(natsUrl, namespace) {
  const nc = await natsConnect({ servers: natsUrl.split(','), name: `bench-cleanup-${namespace}` });
  try {
    const jsm = await nc.jetstreamManager();
    for await (const info of jsm.streams.list()) {
      if (info.config.name.startsWith(`${namespace}_`)) await jsm.streams.delete(info.config.name);
    }
  } finally {
    await nc.close();
  }
}

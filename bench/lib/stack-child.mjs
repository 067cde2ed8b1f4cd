// Runs the stack (scripts/lib/stack.mjs) in its own process for the benchmark, so that reading the services'
// log lines never competes with the load generator's event loop. Talks to its parent over IPC:
//   -> { type: 'ready', stack }   or   { type: 'failed', message }
//   <- { type: 'stop' }           (also stops when the parent goes away)
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { discoverServices } from '../../scripts/lib/workspace.mjs';
import { ROOT, freePort } from '../../scripts/lib/util.mjs';

const id = crypto.randomBytes(4).toString('hex');
let shadowRoot = null;

/**
 * The launcher refuses to start when any services/<name> is not built (e.g. one still being written). The
 * benchmark then runs the built ones from a shadow root: the launcher's scripts copied, everything else
 * symlinked, the unbuilt services left out (the launcher finds its root from its own location).
 */
async function loadStartStack() {
  const unbuilt = discoverServices().filter((s) => !fs.existsSync(s.main));
  if (unbuilt.length === 0) return (await import('../../scripts/lib/stack.mjs')).startStack;
  shadowRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'tiredash-bench-root-'));
  process.stderr.write(
    `[bench] not built, left out of the benchmark stack: ${unbuilt.map((s) => s.name).join(', ')}\n`,
  );
  for (const entry of fs.readdirSync(ROOT)) {
    if (['scripts', 'services', '.data'].includes(entry)) continue;
    fs.symlinkSync(path.join(ROOT, entry), path.join(shadowRoot, entry));
  }
  fs.mkdirSync(path.join(shadowRoot, 'scripts', 'lib'), { recursive: true });
  for (const f of fs.readdirSync(path.join(ROOT, 'scripts', 'lib'))) {
    fs.copyFileSync(path.join(ROOT, 'scripts', 'lib', f), path.join(shadowRoot, 'scripts', 'lib', f));
  }
  fs.mkdirSync(path.join(shadowRoot, 'services'));
  const skip = new Set(unbuilt.map((s) => path.basename(s.dir)));
  for (const entry of fs.readdirSync(path.join(ROOT, 'services'))) {
    if (skip.has(entry)) continue;
    // A real directory (the launcher lists directories) of links to the service's files.
    const real = path.join(ROOT, 'services', entry);
    if (!fs.statSync(real).isDirectory()) continue;
    fs.mkdirSync(path.join(shadowRoot, 'services', entry));
    for (const f of fs.readdirSync(real))
      fs.symlinkSync(path.join(real, f), path.join(shadowRoot, 'services', entry, f));
  }
  return (await import(pathToFileURL(path.join(shadowRoot, 'scripts', 'lib', 'stack.mjs')).href)).startStack;
}
let stopStack = null;
let stopping = false;

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  try {
    if (stopStack) await stopStack();
  } finally {
    if (shadowRoot) fs.rmSync(shadowRoot, { recursive: true, force: true });
    process.exit(code);
  }
}

process.on('message', (msg) => {
  if (msg && msg.type === 'stop') void shutdown(0);
});
process.on('disconnect', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
process.on('SIGINT', () => void shutdown(0));

try {
  const extraEnv = JSON.parse(process.env.BENCH_STACK_ENV ?? '{}');
  const startStack = await loadStartStack();
  const stack = await startStack({
    dataDir: path.join(ROOT, '.data', 'bench'),
    port: await freePort(),
    databaseName: `tiredash_bench_${id}`,
    namespace: `bench${id}`,
    quiet: true,
    install: false,
    build: false,
    dropDatabaseOnStop: true,
    readyTimeoutMs: 120000,
    // BENCH_REPLICAS=N: N of every stateless service behind HAProxy and a private 3-node NATS cluster, as
    // `npm start -- --replicas N` runs them (bench/capacity.mjs checks its model against such a run).
    replicas: Number(process.env.BENCH_REPLICAS ?? 1),
    natsCluster: true,
    env: extraEnv,
    onStopAvailable: (stop) => {
      stopStack = stop;
    },
  });
  stopStack = stack.stop;
  process.send?.({
    type: 'ready',
    stack: {
      url: stack.url,
      databaseUrl: stack.databaseUrl,
      natsUrl: stack.natsUrl,
      namespace: stack.namespace,
      logDir: stack.logDir,
      services: stack.services,
    },
  });
} catch (err) {
  const message = err instanceof Error ? `${err.message}${err.detail ? `\n${err.detail}` : ''}` : String(err);
  process.send?.({ type: 'failed', message });
  await shutdown(1);
}

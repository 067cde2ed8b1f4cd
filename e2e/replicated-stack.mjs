// The stack of `npm start -- --replicas N` (scripts/lib/stack.mjs with `replicas`: HAProxy, N of every stateless
// service, a private 3-node NATS cluster) in a child process, for src/replicated-stack.e2e-spec.ts. Its own
// database, namespace, port and data directory (removed on stop). Talks to its parent over IPC:
//   -> { type: 'ready', stack }   or   { type: 'failed', message }
//   <- { type: 'stop' }           (also stops when the parent goes away)
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { startStack } from '../scripts/lib/stack.mjs';
import { ROOT, freePort } from '../scripts/lib/util.mjs';

const id = crypto.randomBytes(4).toString('hex');
const dataDir = path.join(ROOT, '.data', `e2e-replicas-${id}`);
let stopStack = null;
let stopping = false;

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  try {
    if (stopStack) await stopStack();
  } finally {
    // E2E_KEEP_REPLICA_DATA=1 keeps the logs (<dataDir>/logs) for a look after a failure.
    if (process.env.E2E_KEEP_REPLICA_DATA !== '1') fs.rmSync(dataDir, { recursive: true, force: true });
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
  const stack = await startStack({
    replicas: Number(process.env.E2E_REPLICAS ?? 2),
    natsCluster: true,
    dataDir,
    port: await freePort(),
    databaseName: `tiredash_rep_${id}`,
    namespace: `rep${id}`,
    quiet: true,
    install: false,
    build: process.env.TIREDASH_BUILT !== '1',
    dropDatabaseOnStop: true,
    readyTimeoutMs: 90000,
    onStopAvailable: (stop) => {
      stopStack = stop;
    },
  });
  stopStack = stack.stop;
  const { stop: _stop, ...info } = stack;
  process.send?.({ type: 'ready', stack: { ...info, dataDir } });
} catch (err) {
  const message = err instanceof Error ? `${err.message}${err.detail ? `\n${err.detail}` : ''}` : String(err);
  process.send?.({ type: 'failed', message });
  await shutdown(1);
}

#!/usr/bin/env node
// `npm start`: install if needed, build, bring up PostgreSQL/NATS/Redis (private ones under .data/ when
// none answer), start every service, seed demo data, wait for the gateway's /ready, print the URL.
// Ctrl-C stops everything this started. `--replicas N` (or REPLICAS=N): N of every stateless service behind HAProxy
// and a 3-node NATS cluster (scripts/lib/replicas.mjs).
import { parseReplicas } from './lib/replicas.mjs';
import { startStack } from './lib/stack.mjs';
import { StackError, log } from './lib/util.mjs';

let stack = null;
let stopEarly = null;
let shuttingDown = false;
let starting = null;

async function shutdown(signal) {
  if (shuttingDown) return;
  shuttingDown = true;
  log(`${signal}: stopping ...`);
  const stop = stack ? stack.stop : stopEarly;
  if (stop) await stop().catch((err) => log(`while stopping: ${err instanceof Error ? err.message : String(err)}`));
  // A stack still starting unwinds (and stops what it started meanwhile) before we exit.
  await starting?.catch(() => undefined);
  log('stopped');
  process.exit(0);
}

process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  const replicas = parseReplicas();
  // An explicit NATS_URL is taken to be a cluster already; otherwise --replicas starts its own.
  starting = startStack({ replicas, natsCluster: !process.env.NATS_URL, onStopAvailable: (stop) => (stopEarly = stop) });
  stack = await starting;
  const lines = ['', `TireDash is running at ${stack.url}`];
  if (stack.replicas) {
    lines.push(
      `(${stack.replicas} replicas of every stateless service behind HAProxy, stats at ${stack.haproxyStatsUrl}; 3-node NATS cluster)`,
    );
  }
  if (stack.seedOutput.trim()) {
    lines.push('', 'Demo logins:', stack.seedOutput.trim());
  }
  lines.push('', `Logs: ${stack.logDir}/<service>.log   Stop: Ctrl-C`, '');
  process.stdout.write(`${lines.join('\n')}\n`);
} catch (err) {
  if (shuttingDown) await new Promise(() => undefined); // shutdown() exits
  if (err instanceof StackError) {
    process.stderr.write(`\n[tiredash] ${err.message}\n`);
    if (err.detail) process.stderr.write(`${err.detail}\n`);
  } else {
    process.stderr.write(`\n[tiredash] start failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  }
  process.exit(1);
}

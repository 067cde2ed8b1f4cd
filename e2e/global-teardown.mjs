import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../scripts/lib/util.mjs';

export default async function globalTeardown() {
  const stack = globalThis.__TIREDASH_E2E_STACK__;
  if (stack) await stack.stop();
  // A replicated run (E2E_REPLICAS) keeps its NATS cluster's store only for the run.
  if (stack?.replicas) {
    fs.rmSync(path.join(ROOT, '.data', 'e2e', 'nats-cluster'), { recursive: true, force: true });
    fs.rmSync(path.join(ROOT, '.data', 'e2e', 'haproxy.cfg'), { force: true });
  }
}

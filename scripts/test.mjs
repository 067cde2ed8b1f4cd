#!/usr/bin/env node
// `npm test`: install if needed, build libs/services/frontend, then run every project's tests:
//   1. each project's jest.config.js (unit tests, and the integration tests a project keeps beside them),
//      in one jest run over all projects, 2 workers;
//   2. each project's jest.int.config.js (suites that share state), in band;
//   3. the e2e suite (e2e/jest.config.js: a real stack and headless Chromium), in band.
// Exits non-zero when anything fails; ends with one line "tests: N passed, N failed".
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { ensureInfrastructure, withDatabase } from './lib/infra.mjs';
import { ROOT, StackError, log } from './lib/util.mjs';
import { buildAll, ensureInstalled } from './lib/workspace.mjs';

const JEST = path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js');

function configs(name) {
  const found = [];
  for (const group of ['libs', 'services']) {
    const dir = path.join(ROOT, group);
    if (!fs.existsSync(dir)) continue;
    for (const entry of fs.readdirSync(dir).sort()) {
      const file = path.join(dir, entry, name);
      if (fs.existsSync(file)) found.push(file);
    }
  }
  const fe = path.join(ROOT, 'frontend', name);
  if (fs.existsSync(fe)) found.push(fe);
  return found;
}

/** The largest `testTimeout` the given jest configs declare (5000, jest's default, when none does). */
function largestTestTimeout(files) {
  const require = createRequire(import.meta.url);
  return Math.max(5000, ...files.map((file) => Number(require(file).testTimeout ?? 0)));
}

/** ESLint over every project (the repo's one flat config, zero warnings), through Nx so the module-boundary rule sees the graph. */
function runLint(env) {
  log('lint: nx run-many -t lint');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'node_modules', 'nx', 'dist', 'bin', 'nx.js'), 'run-many', '-t', 'lint', '--outputStyle=static'], {
      cwd: ROOT,
      env: { ...env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
      stdio: 'inherit',
    });
    child.on('close', (code, signal) => {
      resolve({ label: 'lint', ok: code === 0, code: signal ?? code, passed: 0, failed: code === 0 ? 0 : 1, total: 0 });
    });
  });
}

function runJest(label, args, env) {
  const outputFile = path.join(os.tmpdir(), `tiredash-jest-${process.pid}-${label}.json`);
  fs.rmSync(outputFile, { force: true });
  log(`${label}: jest ${args.map((a) => path.relative(ROOT, a) || a).join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [JEST, '--ci', '--passWithNoTests', '--json', `--outputFile=${outputFile}`, ...args], {
      cwd: ROOT,
      env,
      stdio: 'inherit',
    });
    child.on('close', (code, signal) => {
      let result = null;
      try {
        result = JSON.parse(fs.readFileSync(outputFile, 'utf8'));
      } catch {
        /* jest died before writing its report */
      }
      fs.rmSync(outputFile, { force: true });
      resolve({
        label,
        ok: code === 0 && result !== null && result.success !== false,
        code: signal ?? code,
        passed: result?.numPassedTests ?? 0,
        failed: (result?.numFailedTests ?? 0) + (result ? result.numRuntimeErrorTestSuites ?? 0 : 1),
        total: result?.numTotalTests ?? 0,
      });
    });
  });
}

async function main() {
  const started = Date.now();
  await ensureInstalled();
  log('building libs, services and frontend');
  await buildAll();

  // Tests need PostgreSQL, NATS and Redis. Use the ones at DATABASE_URL/NATS_URL/REDIS_URL (or the
  // loopback defaults); when one does not answer, start a private one for the run.
  const infra = await ensureInfrastructure({
    env: process.env,
    dataDir: path.join(ROOT, '.data', 'test'),
    logDir: path.join(ROOT, '.data', 'test', 'logs'),
  });
  const env = { ...process.env, TIREDASH_BUILT: '1' };
  if (infra.startedNames.includes('postgres')) env.DATABASE_URL = withDatabase(infra.databaseUrl, 'postgres');
  if (infra.startedNames.includes('nats')) env.NATS_URL = infra.natsUrl;
  if (infra.startedNames.includes('redis')) env.REDIS_URL = infra.redisUrl;
  const stopInfra = () => infra.stop().catch(() => undefined);
  for (const sig of ['SIGINT', 'SIGTERM']) {
    process.on(sig, () => {
      void stopInfra().then(() => process.exit(130));
    });
  }

  const results = [await runLint(env)];
  try {
    const unit = configs('jest.config.js');
    // Jest takes testTimeout from the first project when several run at once (libs/auth declares none: 5 s for
    // every suite); the projects' own values (20-60 s) are what they were written for, so the largest applies.
    if (unit.length) results.push(await runJest('projects', ['--maxWorkers=2', `--testTimeout=${largestTestTimeout(unit)}`, '--projects', ...unit], env));
    const integration = configs('jest.int.config.js');
    if (integration.length) results.push(await runJest('integration', ['--runInBand', `--testTimeout=${largestTestTimeout(integration)}`, '--projects', ...integration], env));
    const e2e = path.join(ROOT, 'e2e', 'jest.config.js');
    if (fs.existsSync(e2e)) results.push(await runJest('e2e', ['--runInBand', '-c', e2e], env));
  } finally {
    await stopInfra();
  }

  const passed = results.reduce((n, r) => n + r.passed, 0);
  const failed = results.reduce((n, r) => n + r.failed, 0);
  const total = results.reduce((n, r) => n + r.total, 0);
  process.stdout.write('\n');
  for (const r of results) {
    const detail = r.label === 'lint' ? `(exit ${r.code})` : `${r.passed} passed, ${r.failed} failed (jest exit ${r.code})`;
    log(`${r.label.padEnd(12)} ${r.ok ? 'ok    ' : 'FAILED'} ${detail}`);
  }
  log(`total time ${Math.round((Date.now() - started) / 1000)} s`);
  const ok = results.every((r) => r.ok) && total > 0;
  if (total === 0) log('no test ran');
  process.stdout.write(`tests: ${passed} passed, ${failed} failed\n`);
  process.exit(ok ? 0 : 1);
}

main().catch((err) => {
  if (err instanceof StackError) {
    process.stderr.write(`[tiredash] ${err.message}\n`);
    if (err.detail) process.stderr.write(`${err.detail}\n`);
  } else {
    process.stderr.write(`[tiredash] ${err instanceof Error ? err.stack : String(err)}\n`);
  }
  process.stdout.write('tests: 0 passed, 1 failed\n');
  process.exit(1);
});

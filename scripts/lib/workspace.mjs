// The workspace as the launcher and the test runner see it: which libs, services and frontend exist,
// installing dependencies on a fresh clone, and building what is out of date.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, log, newestMtime, run } from './util.mjs';

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function subdirs(dir) {
  try {
    return fs
      .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => path.join(ROOT, dir, d.name))
      .sort();
  } catch {
    return [];
  }
}

/** libs/* that are TypeScript projects. */
export function discoverLibs() {
  return subdirs('libs').filter((dir) => fs.existsSync(path.join(dir, 'tsconfig.json')));
}

/**
 * Every runnable service: a workspace under services/<name> whose package.json has
 * `"tiredash": { "service": true }`. Start order: identity first (others depend on users), then the
 * services others reach by URL, the gateway (the public edge) last, the rest alphabetically in between.
 */
export function discoverServices() {
  const services = [];
  for (const dir of subdirs('services')) {
    const file = path.join(dir, 'package.json');
    if (!fs.existsSync(file)) continue;
    const pkg = readJson(file);
    if (!pkg.tiredash || pkg.tiredash.service !== true) continue;
    const name = path.basename(dir);
    const seed = path.join(dir, 'dist', 'seed', 'seed.js');
    services.push({
      name,
      packageName: pkg.name,
      dir,
      main: path.join(dir, pkg.main ?? 'dist/main.js'),
      hasTsconfig: fs.existsSync(path.join(dir, 'tsconfig.json')),
      seed,
      edge: name === 'gateway',
      // A service other services reach over HTTP declares the variable that carries its URL
      // (`"urlEnv": "REALTIME_URL"`) and, when it does not read PORT, its own port variable (`"portEnv"`).
      // `"skipWhenUrlSet": true`: an external one is used instead when that URL is already set (Stripe).
      urlEnv: pkg.tiredash.urlEnv ?? null,
      portEnv: pkg.tiredash.portEnv ?? null,
      skipWhenUrlSet: pkg.tiredash.skipWhenUrlSet === true,
      // Extra variables for this service alone; `{gatewayUrl}` stands for the gateway's local URL.
      env: pkg.tiredash.env ?? {},
    });
  }
  const rank = (s) => (s.name === 'identity' ? 0 : s.edge ? 3 : s.urlEnv ? 1 : 2);
  return services.sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

export function frontendInfo() {
  const dir = path.join(ROOT, 'frontend');
  const file = path.join(dir, 'package.json');
  if (!fs.existsSync(file)) return null;
  const pkg = readJson(file);
  return { dir, packageName: pkg.name, hasBuild: Boolean(pkg.scripts?.build), dist: path.join(dir, 'dist') };
}

/**
 * On a fresh clone: `npm ci` (or `npm install` without a lock file). A lock file `npm ci` refuses is a bug of the
 * commit, not something to paper over: the launcher stops and says how to refresh it, never rewriting it itself.
 * (The refusals seen so far were other platforms' optional packages missing from the lock, npm/cli#4828: a lock
 * refreshed with node_modules present drops them; `npm install --package-lock-only` on a clean tree restores them,
 * and e2e/src/lockfile.spec.ts fails when one is missing.)
 */
export async function ensureInstalled({ quiet = false } = {}) {
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  if (fs.existsSync(marker)) return false;
  const lock = fs.existsSync(path.join(ROOT, 'package-lock.json'));
  const flags = ['--no-audit', '--no-fund'];
  if (!lock) {
    log('installing dependencies (npm install) ...');
    await run('npm', ['install', ...flags], { quiet, label: 'npm install' });
    return true;
  }
  log('installing dependencies (npm ci) ...');
  try {
    await run('npm', ['ci', ...flags], { quiet: true, label: 'npm ci' });
  } catch (err) {
    if (/in sync|EUSAGE/.test(String(err.output ?? ''))) {
      err.message = `npm ci refused package-lock.json (out of sync with package.json): refresh it with \`npm install --package-lock-only\` and commit it. ${err.message}`;
    }
    throw err;
  }
  return true;
}

function tscBin() {
  return path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
}

/** `tsc -b` over every lib and service (tsc skips projects that are up to date). */
export async function buildBackend({ quiet = false } = {}) {
  const projects = [...discoverLibs(), ...discoverServices().filter((s) => s.hasTsconfig).map((s) => s.dir)];
  if (projects.length === 0) return;
  const rel = projects.map((p) => path.relative(ROOT, p));
  if (!quiet) log(`building ${rel.join(', ')}`);
  await run(process.execPath, [tscBin(), '-b', ...rel], { quiet: true, label: `tsc -b ${rel.join(' ')}` });
}

/** Vite build of the SPA, skipped when frontend/dist is newer than every source it is built from. */
export async function buildFrontend({ quiet = false, force = false } = {}) {
  const fe = frontendInfo();
  if (!fe || !fe.hasBuild) return false;
  const builtAt = (() => {
    try {
      return fs.statSync(path.join(fe.dist, 'index.html')).mtimeMs;
    } catch {
      return 0;
    }
  })();
  const inputs = fs
    .readdirSync(fe.dir)
    .filter((f) => !['dist', 'node_modules', 'coverage'].includes(f))
    .map((f) => path.join(fe.dir, f))
    .concat([path.join(ROOT, 'libs', 'contracts', 'src')]);
  if (!force && builtAt > 0 && builtAt >= newestMtime(inputs)) {
    if (!quiet) log('frontend is up to date');
    return false;
  }
  if (!quiet) log(`building ${fe.packageName}`);
  // Always the production bundle (what ships, and what the landing-page budget checks): a NODE_ENV inherited
  // from the caller (jest sets 'test' for the browser tests' global setup) would build React's development one.
  await run('npm', ['run', 'build', '-w', fe.packageName], {
    quiet: true,
    label: `npm run build -w ${fe.packageName}`,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return true;
}

export async function buildAll(opts = {}) {
  await buildBackend(opts);
  await buildFrontend(opts);
}

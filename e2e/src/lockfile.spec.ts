// The lock file must let `npm ci` install on a clean clone on any platform, without rewriting it. npm refuses a
// lock that lacks a locked package's optional dependency (e.g. @swc/core's or rollup's binaries for other
// platforms), which a lock refreshed with node_modules present loses (npm/cli#4828); and a workspace's package.json
// must agree with what the lock recorded for it.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

interface LockEntry {
  version?: string;
  link?: boolean;
  resolved?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
};

/** Where Node would find `name` from the package at `from`: its own node_modules, then each parent's. */
function resolveIn(from: string, name: string): LockEntry | undefined {
  let dir = from;
  for (;;) {
    const hit = lock.packages[dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`];
    if (hit) return hit;
    if (!dir) return undefined;
    const up = dir.lastIndexOf('/node_modules/');
    dir = up >= 0 ? dir.slice(0, up) : '';
  }
}

describe('package-lock.json', () => {
  it('is a lockfileVersion 3 lock', () => {
    expect(lock.lockfileVersion).toBe(3);
  });

  it("records every locked package's optional dependencies, for every platform", () => {
    const missing: string[] = [];
    for (const [at, entry] of Object.entries(lock.packages)) {
      if (!at.includes('node_modules/') || entry.link) continue;
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        if (!resolveIn(at, name)) missing.push(`${name} (optional dependency of ${at})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("records each workspace's dependencies as its package.json declares them", () => {
    const stale: string[] = [];
    for (const [at, entry] of Object.entries(lock.packages)) {
      if (at === '' || at.includes('node_modules/')) continue;
      const pkgFile = path.join(ROOT, at, 'package.json');
      if (!fs.existsSync(pkgFile)) continue;
      const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8')) as LockEntry;
      for (const field of ['dependencies', 'devDependencies', 'optionalDependencies'] as const) {
        if (JSON.stringify(pkg[field] ?? {}) !== JSON.stringify(entry[field] ?? {})) stale.push(`${at} ${field}`);
      }
    }
    expect(stale).toEqual([]);
  });
});

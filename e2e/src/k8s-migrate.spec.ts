// The Kubernetes init container `migrate` (deploy/k8s/base: `node /app/migrate.cjs` in each database service's pod)
// runs deploy/docker/migrate.cjs from the service's folder, as the image does (WORKDIR /app/services/<SERVICE>).
// Against a fresh database of its own: every service's migrations run, a second run finds nothing to do, and two
// pods starting together (two runs at once) migrate once. Needs the services built (dist/), as `npm test` does.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { parseAllDocuments } from 'yaml';

const ROOT = path.resolve(__dirname, '..', '..');
const SCRIPT = path.join(ROOT, 'deploy', 'docker', 'migrate.cjs');
const ADMIN_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = `tiredash_k8s_migrate_${crypto.randomBytes(4).toString('hex')}`;
const url = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${DATABASE}`;
  return u.toString();
})();

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function migrate(service: string, env: Record<string, string | undefined> = { DATABASE_URL: url }): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SCRIPT], {
      cwd: path.join(ROOT, 'services', service),
      env: { PATH: process.env.PATH, NODE_ENV: 'production', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The services whose Deployment runs the migrate init container, read from the base's manifests. */
function servicesWithMigrateInit(): string[] {
  const base = path.join(ROOT, 'deploy', 'k8s', 'base');
  const names: string[] = [];
  for (const file of fs.readdirSync(base).filter((f) => f.endsWith('.yaml'))) {
    for (const doc of parseAllDocuments(fs.readFileSync(path.join(base, file), 'utf8'))) {
      const o = doc.toJSON() as {
        kind?: string;
        metadata?: { name: string };
        spec?: { template?: { spec?: { initContainers?: Array<{ name: string; image: string; command?: string[] }> } } };
      } | null;
      if (o?.kind !== 'Deployment') continue;
      const init = o.spec?.template?.spec?.initContainers?.find((c) => c.name === 'migrate');
      if (!init) continue;
      expect(init.image).toBe(`tiredash/${o.metadata!.name}`);
      expect(init.command).toEqual(['node', '/app/migrate.cjs']);
      names.push(o.metadata!.name);
    }
  }
  return names.sort();
}

async function query<T>(sql: string): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

describe('deploy/docker/migrate.cjs (the migrate init container)', () => {
  const services = servicesWithMigrateInit();

  beforeAll(async () => {
    const admin = new Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${DATABASE}"`);
    await admin.end();
  });

  afterAll(async () => {
    const admin = new Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`);
    await admin.end();
  });

  it('runs in every service with a database', () => {
    expect(services).toEqual(['content', 'dispatch', 'identity', 'payments', 'requests']);
  });

  it('migrates each service into its own schema', async () => {
    // Like the pods of a first rollout: every service at once.
    const runs = await Promise.all(services.map((s) => migrate(s)));
    for (const [i, service] of services.entries()) {
      const run = runs[i]!;
      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(run.stdout).toMatch(new RegExp(`^${service} \\(schema ${service}\\): ran \\w+`));
      const ran = run.stdout.replace(/^.*: ran /, '').trim().split(', ');
      const rows = await query<{ name: string }>(`SELECT name FROM "${service}"."migrations" ORDER BY id`);
      expect(rows.map((r) => r.name)).toEqual(ran);
    }
  });

  it('runs the migrations once when two pods start together (the advisory lock)', async () => {
    await query('DROP SCHEMA "identity" CASCADE');
    const runs = await Promise.all([migrate('identity'), migrate('identity')]);
    expect(runs.map((r) => r.code)).toEqual([0, 0]);
    expect(runs.filter((r) => r.stdout.includes(': ran ')).length).toBe(1);
    expect(runs.filter((r) => r.stdout.endsWith(': up to date\n')).length).toBe(1);
    const [row] = await query<{ count: string; names: string }>('SELECT count(*) AS count, count(DISTINCT name) AS names FROM "identity"."migrations"');
    expect(Number(row!.count)).toBeGreaterThan(0);
    expect(row!.count).toBe(row!.names);
  });

  it('then finds nothing left to run, on DATABASE_DIRECT_URL when set (behind PgBouncer); fails in one line without a URL', async () => {
    const direct = await migrate('content', { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', DATABASE_DIRECT_URL: url });
    expect(direct).toEqual({ code: 0, stdout: 'content (schema content): up to date\n', stderr: '' });
    const none = await migrate('content', {});
    expect(none).toEqual({ code: 1, stdout: '', stderr: 'migrate: content: DATABASE_URL is required\n' });
  });
});

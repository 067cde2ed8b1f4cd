import { Client } from 'pg';
import { getTestInfra } from './infra';
import { uniqueToken } from './names';

export interface TestDatabase {
  /** Connection URL of the new database. */
  url: string;
  name: string;
  /** Terminates its connections and drops it. */
  drop(): Promise<void>;
}

/** The same URL pointing at another database. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function withAdmin<T>(adminUrl: string, fn: (c: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

async function terminate(c: Client, name: string): Promise<void> {
  await c.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [
    name,
  ]);
}

/**
 * A fresh database with a unique name (`t_<label>_<random>`), optionally copied from a template database
 * (for example one already migrated).
 */
export async function createTestDatabase(label?: string, opts: { template?: string } = {}): Promise<TestDatabase> {
  const { databaseUrl } = await getTestInfra();
  const name = uniqueToken('t', label, 63);
  await withAdmin(databaseUrl, async (c) => {
    if (opts.template) await terminate(c, opts.template);
    const template = opts.template ? ` TEMPLATE ${quoteIdent(opts.template)}` : '';
    await c.query(`CREATE DATABASE ${quoteIdent(name)}${template}`);
  });
  let dropped = false;
  return {
    url: withDatabase(databaseUrl, name),
    name,
    drop: async () => {
      if (dropped) return;
      dropped = true;
      await withAdmin(databaseUrl, async (c) => {
        await terminate(c, name);
        await c.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)}`);
      });
    },
  };
}

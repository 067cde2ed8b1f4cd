import { Client } from 'pg';

/** One fingerprint per table: its row count and the md5 of its rows ordered by primary key. */
export type Fingerprints = Record<string, string>;

/**
 * Columns left out of a table's fingerprint because they change without any state change. None today: every
 * column of every service schema takes part (the outbox relay's `published_at` and the inbox rows change only
 * after a write, and the tests let those settle before they compare; see `settle`).
 */
const EXCLUDED_COLUMNS: Record<string, string[]> = {};

/**
 * Cheap fingerprints of every table of every service schema of a test database (one round trip): what a refused call
 * must leave exactly as it was. Tables are found in the catalogue, so a table added by a new migration is covered
 * without a change here.
 */
export class DbFingerprint {
  private sql = '';

  private constructor(private readonly pg: Client) {}

  static async connect(url: string): Promise<DbFingerprint> {
    const pg = new Client({ connectionString: url });
    await pg.connect();
    const fp = new DbFingerprint(pg);
    await fp.refreshTables();
    return fp;
  }

  /** Lists the tables again (after migrations ran). */
  async refreshTables(): Promise<void> {
    const tables = await this.pg.query<{ schema: string; name: string; pk: string[] | null }>(`
      SELECT t.table_schema AS schema, t.table_name AS name,
             (SELECT array_agg(a.attname::text ORDER BY array_position(i.indkey, a.attnum))
                FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
               WHERE i.indrelid = (quote_ident(t.table_schema) || '.' || quote_ident(t.table_name))::regclass AND i.indisprimary) AS pk
        FROM information_schema.tables t
       WHERE t.table_type = 'BASE TABLE' AND t.table_schema NOT IN ('pg_catalog', 'information_schema', 'public')
       ORDER BY 1, 2`);
    if (tables.rows.length === 0) throw new Error('no service tables in the test database');
    this.sql = tables.rows
      .map(({ schema, name, pk }) => {
        const q = `"${schema}"."${name}"`;
        const excluded = EXCLUDED_COLUMNS[`${schema}.${name}`] ?? [];
        const row = excluded.length > 0 ? `(to_jsonb(x) - ARRAY[${excluded.map((c) => `'${c}'`).join(',')}]::text[])::text` : 'x::text';
        // Without a primary key the row text itself orders the rows.
        const order = pk && pk.length > 0 ? pk.map((c) => `x."${c}"`).join(', ') : row;
        return `SELECT '${schema}.${name}' AS t, count(*)::text || ':' || md5(coalesce(string_agg(${row}, E'\\n' ORDER BY ${order}), '')) AS f FROM ${q} x`;
      })
      .join('\nUNION ALL\n');
  }

  async take(): Promise<Fingerprints> {
    const res = await this.pg.query<{ t: string; f: string }>(this.sql);
    return Object.fromEntries(res.rows.map((r) => [r.t, r.f]));
  }

  /** Waits until nothing changes for `quietMs` (events of earlier writes relayed and consumed), and returns that state. */
  async settle(opts: { quietMs?: number; timeoutMs?: number } = {}): Promise<Fingerprints> {
    const quietMs = opts.quietMs ?? 150;
    const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
    let last = await this.take();
    let since = Date.now();
    for (;;) {
      await new Promise((r) => setTimeout(r, 40));
      const now = await this.take();
      if (diff(last, now).length > 0) {
        last = now;
        since = Date.now();
      } else if (Date.now() - since >= quietMs) return now;
      if (Date.now() > deadline) throw new Error(`the database never settled: ${diff(await this.take(), last).join(', ')}`);
    }
  }

  async close(): Promise<void> {
    await this.pg.end();
  }
}

/** The tables whose fingerprints differ. */
export function diff(before: Fingerprints, after: Fingerprints): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => before[n] !== after[n]).sort();
}

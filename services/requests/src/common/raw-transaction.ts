import { DomainError } from '@tiredash/contracts';
import type { Pool, PoolClient } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

/**
 * A transaction on a pg client of TypeORM's pool, for the hot paths that send several statements in one round trip
 * (the simple query protocol: `BEGIN; ...; SELECT ...` as one text, which is how the bid and the accept take two
 * round trips where the ORM took nine and fifteen). Every value in such a text goes through `literal` or `value`.
 */
export interface RawTransaction {
  client: PoolClient;
  /** The text sent ended with COMMIT, which answered: nothing is left to roll back. */
  committed(): void;
  /** A string as an SQL literal quoted by the driver; NUL, which PostgreSQL text cannot hold, is refused. */
  literal(value: string): string;
  /** NULL, a finite number, a timestamptz, or a quoted string. */
  value(value: string | number | Date | null): string;
}

/** The pg pool under TypeORM's connection. */
export function pgPool(dataSource: DataSource): Pool {
  return (dataSource.driver as PostgresDriver).master as Pool;
}

/**
 * Runs `work` on a checked-out client. A refusal or a failed statement before COMMIT answered rolls back; a client
 * that cannot even roll back, or whose server ended the connection meanwhile, is dropped instead of going back to the
 * pool.
 */
export async function inRawTransaction<T>(dataSource: DataSource, work: (tx: RawTransaction) => Promise<T>): Promise<T> {
  const client = await pgPool(dataSource).connect();
  // A checked-out pg client has no 'error' listener (the pool takes its own off): a server ending the connection
  // between two statements (PostgreSQL restarted: FATAL 57P01) would be an unhandled 'error' event that crashes
  // the process. Kept here, it drops the connection instead and the work fails like any failed write.
  let lost: Error | undefined;
  const onLost = (err: Error): void => {
    lost = err;
  };
  client.on('error', onLost);
  // Until COMMIT answered, a transaction may be open on the client (a multi-statement text that failed after its
  // BEGIN leaves one, aborted): it is rolled back before the client goes back to the pool. Outside a transaction,
  // ROLLBACK only warns.
  let open = true;
  const literal = (v: string): string => {
    if (v.includes('\u0000')) throw new DomainError('VALIDATION_FAILED', 'Text may not contain NUL characters');
    return client.escapeLiteral(v);
  };
  const tx: RawTransaction = {
    client,
    committed: () => void (open = false),
    literal,
    value: (v) => {
      if (v === null) return 'NULL';
      if (typeof v === 'number') {
        if (!Number.isFinite(v)) throw new Error(`Not a finite number: ${v}`);
        return String(v);
      }
      if (v instanceof Date) return `${client.escapeLiteral(v.toISOString())}::timestamptz`;
      return literal(v);
    },
  };
  try {
    return await work(tx);
  } finally {
    let broken: Error | undefined = lost;
    if (open && !broken) await client.query('ROLLBACK').catch((err: Error) => (broken = err));
    client.off('error', onLost);
    client.release(broken ?? lost);
  }
}

import { QueryFailedError } from 'typeorm';

/** True when the error is PostgreSQL's unique_violation (23505). */
export function isUniqueViolation(err: unknown): boolean {
  if (!(err instanceof QueryFailedError)) return false;
  const driverError: unknown = err.driverError;
  return typeof driverError === 'object' && driverError !== null && (driverError as { code?: unknown }).code === '23505';
}

/**
 * Runs an UPDATE/DELETE ... RETURNING through TypeORM and answers the returned rows (TypeORM's postgres driver
 * answers `[rows, affectedCount]` for those commands, plain rows for SELECT/INSERT).
 */
export async function queryReturning<T>(m: { query: (sql: string, params?: unknown[]) => Promise<unknown> }, sql: string, params: unknown[]): Promise<T[]> {
  const result = await m.query(sql, params);
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') {
    return result[0] as T[];
  }
  return result as T[];
}

import { QueryFailedError } from 'typeorm';

/** True when the error is PostgreSQL's unique_violation (23505), optionally on the given constraint/column. */
export function isUniqueViolation(err: unknown): boolean {
  if (!(err instanceof QueryFailedError)) return false;
  const driverError: unknown = err.driverError;
  return (
    typeof driverError === 'object' &&
    driverError !== null &&
    (driverError as { code?: unknown }).code === '23505'
  );
}

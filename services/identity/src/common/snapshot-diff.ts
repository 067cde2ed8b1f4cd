import { isDeepStrictEqual } from 'node:util';

/** The previous values of the fields that differ between two snapshots of the same record. */
export function previousValues<T extends object>(before: T, after: T): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof T & string)[]) {
    if (!isDeepStrictEqual(before[key], after[key])) changed[key] = before[key];
  }
  return changed;
}

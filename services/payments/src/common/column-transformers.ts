import type { ValueTransformer } from 'typeorm';

/** `bigint` columns (money in cents) come back from pg as strings; they hold safe integers here. */
export const bigintToNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null ? null : Number(value)),
};

import type { z } from 'zod';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export type Validation<T, K extends string> = { ok: true; data: T } | { ok: false; errors: FieldErrors<K> };

/** Runs a zod object schema and keeps the first message of each field. */
export function validateWith<S extends z.ZodTypeAny, K extends string>(schema: S, values: unknown): Validation<z.output<S>, K> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data as z.output<S> };
  const errors: FieldErrors<K> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '') as K;
    if (key && !(key in errors)) errors[key] = issue.message;
  }
  return { ok: false, errors };
}

import { DomainError, type FieldError } from '@tiredash/contracts';
import type { z } from 'zod';

export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

export const NUL_MESSAGE = 'Must not contain a NUL character (\\u0000)';

/**
 * The paths of the strings (values or keys) holding a NUL character. PostgreSQL stores none in text or jsonb, so
 * one that got through answered 500 (found by the route fuzz: an admin's page text with `\u0000`).
 */
export function nulPaths(value: unknown, path: (string | number)[] = [], out: string[] = []): string[] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) out.push(path.join('.'));
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => nulPaths(v, [...path, i], out));
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k.includes('\u0000')) out.push([...path, k].join('.'));
      nulPaths(v, [...path, k], out);
    }
  }
  return out;
}

/**
 * Parses with a contracts schema; failure is a 400 VALIDATION_FAILED carrying one `{path, message}` per problem.
 * A string with a NUL character in what the schema let through is refused the same way.
 */
export function parseOrThrow<S extends z.ZodTypeAny>(schema: S, value: unknown, what = 'Request body'): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new DomainError('VALIDATION_FAILED', `${what} is invalid`, fieldErrors(result.error));
  }
  const nul = nulPaths(result.data);
  if (nul.length > 0) {
    throw new DomainError('VALIDATION_FAILED', `${what} is invalid`, nul.map((path) => ({ path, message: NUL_MESSAGE })));
  }
  return result.data as z.output<S>;
}

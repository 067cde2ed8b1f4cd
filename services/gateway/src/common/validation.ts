import { DomainError, type FieldError } from '@tiredash/contracts';
import type { z } from 'zod';

export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

/** Parses with a contracts schema; failure is a 400 VALIDATION_FAILED carrying one `{path, message}` per problem. */
export function parseOrThrow<S extends z.ZodTypeAny>(schema: S, value: unknown, what = 'Request body'): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new DomainError('VALIDATION_FAILED', `${what} is invalid`, fieldErrors(result.error));
  }
  return result.data as z.output<S>;
}

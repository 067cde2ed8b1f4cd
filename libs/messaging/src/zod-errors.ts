import { DomainError, type FieldError } from '@tiredash/contracts';
import type { ZodError } from 'zod';

export function fieldErrorsOf(error: ZodError): FieldError[] {
  return error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

export function validationFailed(error: ZodError, message = 'Validation failed'): DomainError {
  return new DomainError('VALIDATION_FAILED', message, fieldErrorsOf(error));
}

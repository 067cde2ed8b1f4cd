import { DomainError, type ErrorCode } from '@tiredash/contracts';

/** Errors of the users domain; they cross NATS as {code, message, details}. */
export class UsersError extends DomainError {
  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(code, message, details);
    this.name = 'UsersError';
  }

  /** The same answer for an unknown email and a wrong password. */
  static invalidCredentials(): UsersError {
    return new UsersError('INVALID_CREDENTIALS', 'Invalid email or password');
  }

  static emailTaken(): UsersError {
    return new UsersError('EMAIL_TAKEN', 'This email is already registered', [
      { path: 'email', message: 'This email is already registered' },
    ]);
  }

  static adminNotAllowed(): UsersError {
    return new UsersError('ROLE_NOT_ALLOWED', 'The admin role cannot be requested');
  }

  static unknownRole(field: string): UsersError {
    return new UsersError('VALIDATION_FAILED', 'Unknown role', [
      { path: field, message: 'Role must be customer or provider' },
    ]);
  }

  static roleAlreadySet(): UsersError {
    return new UsersError('ROLE_NOT_ALLOWED', 'The role is already set and cannot be changed');
  }

  static userNotFound(): UsersError {
    return new UsersError('NOT_FOUND', 'User not found');
  }
}

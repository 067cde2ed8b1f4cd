import { DomainError, type ErrorCode } from '@tiredash/contracts';

/** Errors of the customers domain. */
export class CustomersError extends DomainError {
  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(code, message, details);
    this.name = 'CustomersError';
  }

  static notFound(): CustomersError {
    return new CustomersError('NOT_FOUND', 'Customer not found');
  }

  static profileExists(): CustomersError {
    return new CustomersError('PROFILE_EXISTS', 'This user already has a customer profile');
  }

  static wrongRole(role: string): CustomersError {
    return new CustomersError(
      'ROLE_NOT_ALLOWED',
      `A user with the role ${role} cannot have a customer profile`,
    );
  }
}

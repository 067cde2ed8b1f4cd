import { DomainError, type ErrorCode } from '@tiredash/contracts';

/** Errors of the providers domain. */
export class ProvidersError extends DomainError {
  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(code, message, details);
    this.name = 'ProvidersError';
  }

  static notFound(): ProvidersError {
    return new ProvidersError('NOT_FOUND', 'Provider not found');
  }

  static profileExists(): ProvidersError {
    return new ProvidersError('PROFILE_EXISTS', 'This user already has a provider profile');
  }

  static wrongRole(role: string): ProvidersError {
    return new ProvidersError(
      'ROLE_NOT_ALLOWED',
      `A user with the role ${role} cannot have a provider profile`,
    );
  }

  static fieldsNotWritable(fields: string[]): ProvidersError {
    return new ProvidersError(
      'FIELD_NOT_WRITABLE',
      `These fields cannot be changed here: ${fields.join(', ')}`,
      fields.map((f) => ({ path: `data.${f}`, message: notWritableReason(f) })),
    );
  }

  static pendingListAdminOnly(): ProvidersError {
    return new ProvidersError('FORBIDDEN', 'Only an admin may list pending or rejected providers');
  }
}

function notWritableReason(field: string): string {
  return field === 'walletBalance'
    ? 'The wallet balance is the sum of the payments ledger and cannot be set'
    : 'Only an admin may change this field';
}

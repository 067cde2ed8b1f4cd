import { DomainError, type RequestsConflictReason } from '@tiredash/contracts';

/** Errors of the service-requests and bids domain. Conflicts carry `details.reason`. */
export class RequestsError extends DomainError {
  constructor(code: ConstructorParameters<typeof DomainError>[0], message: string, details?: unknown) {
    super(code, message, details);
    this.name = 'RequestsError';
  }

  static conflict(reason: RequestsConflictReason, message: string): RequestsError {
    return new RequestsError('CONFLICT', message, { reason });
  }

  static requestNotFound(): RequestsError {
    return new RequestsError('NOT_FOUND', 'Service request not found');
  }

  static bidNotFound(): RequestsError {
    return new RequestsError('NOT_FOUND', 'Bid not found');
  }

  static notOwner(what: string): RequestsError {
    return new RequestsError('NOT_OWNER', `You may only access your own ${what}`);
  }

  static tooManyBids(): RequestsError {
    return new RequestsError('UNAVAILABLE', 'Too many bids are being placed right now; please try again in a moment', {
      reason: 'BIDS_OVERLOADED',
    });
  }

  static notOffered(): RequestsError {
    return new RequestsError('FORBIDDEN', 'This request was not offered to you', { reason: 'NOT_OFFERED' });
  }

  static fieldsNotWritable(fields: string[], why: string): RequestsError {
    return new RequestsError(
      'FIELD_NOT_WRITABLE',
      why,
      fields.map((f) => ({ path: `data.${f}`, message: why })),
    );
  }
}

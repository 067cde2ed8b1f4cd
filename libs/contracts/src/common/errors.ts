/**
 * Error codes shared by every domain. A service throws a DomainError; it crosses NATS as
 * {code, message, details}; the gateway maps the code to an HTTP status through HTTP_STATUS_BY_CODE,
 * the one place where that mapping lives.
 */
export const HTTP_STATUS_BY_CODE = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  NOT_OWNER: 403,
  FIELD_NOT_WRITABLE: 403,
  ROLE_NOT_ALLOWED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  ROLE_ALREADY_SET: 409,
  PROFILE_EXISTS: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  /** The domain service behind a route is down (the gateway's per-service breaker); other routes still work. */
  SERVICE_UNAVAILABLE: 503,
  TIMEOUT: 504,
} as const;

export type ErrorCode = keyof typeof HTTP_STATUS_BY_CODE;

export interface FieldError {
  path: string;
  message: string;
}

/** What crosses NATS when a command fails. */
export interface RpcErrorBody {
  code: ErrorCode;
  message: string;
  details?: unknown;
}

/** The uniform error body the gateway answers with. */
export interface ApiErrorBody {
  error: {
    status: number;
    code: ErrorCode;
    message: string;
    details?: unknown;
    requestId?: string;
  };
}

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  toRpc(): RpcErrorBody {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }
}

export function isRpcErrorBody(value: unknown): value is RpcErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as RpcErrorBody).code === 'string' &&
    (value as RpcErrorBody).code in HTTP_STATUS_BY_CODE &&
    typeof (value as RpcErrorBody).message === 'string'
  );
}

export function httpStatusOf(code: ErrorCode): number {
  return HTTP_STATUS_BY_CODE[code];
}

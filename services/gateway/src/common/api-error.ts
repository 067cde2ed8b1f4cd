import { HttpException } from '@nestjs/common';
import { DomainError, HTTP_STATUS_BY_CODE, type ApiErrorBody, type ErrorCode } from '@tiredash/contracts';

export interface ApiErrorResult {
  status: number;
  body: ApiErrorBody;
  /** True when the cause is a bug or an unknown failure; it is logged with its stack. */
  internal: boolean;
}

const CODE_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
  503: 'UNAVAILABLE',
  504: 'TIMEOUT',
};

/** Fastify's own client errors (body parsing, media type, ...) carry a 4xx statusCode and an FST_ code. */
interface FastifyLikeError {
  statusCode: number;
  code?: string;
  message: string;
}

function isFastifyClientError(err: unknown): err is FastifyLikeError {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as Partial<FastifyLikeError>;
  return typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500 && typeof e.message === 'string';
}

function httpExceptionMessage(err: HttpException): string {
  const res = err.getResponse();
  if (typeof res === 'string') return res;
  const msg = (res as { message?: unknown }).message;
  if (typeof msg === 'string') return msg;
  if (Array.isArray(msg)) return msg.map(String).join('; ');
  return err.message;
}

function build(status: number, code: ErrorCode, message: string, requestId: string, details?: unknown): ApiErrorBody {
  const error: ApiErrorBody['error'] = { status, code, message };
  if (details !== undefined) error.details = details;
  error.requestId = requestId;
  return { error };
}

/**
 * The one mapping from anything thrown to the uniform error body `{error:{status, code, message, details?, requestId}}`.
 * Domain codes map through HTTP_STATUS_BY_CODE; unknown errors become 500 without leaking internals.
 */
export function toApiError(err: unknown, requestId: string): ApiErrorResult {
  if (err instanceof DomainError) {
    const status = HTTP_STATUS_BY_CODE[err.code];
    if (err.code === 'INTERNAL') return { status, body: build(status, 'INTERNAL', 'Internal error', requestId), internal: true };
    return { status, body: build(status, err.code, err.message, requestId, err.details), internal: false };
  }
  if (err instanceof HttpException) {
    const status = err.getStatus();
    const code = CODE_BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
    if (status >= 500) return { status, body: build(status, code, 'Internal error', requestId), internal: true };
    return { status, body: build(status, code, httpExceptionMessage(err), requestId), internal: false };
  }
  if (isFastifyClientError(err)) {
    const status = err.statusCode;
    const code = CODE_BY_STATUS[status] ?? 'BAD_REQUEST';
    const message = err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError ? 'Malformed JSON body' : err.message;
    return { status, body: build(status, code, message, requestId), internal: false };
  }
  return { status: 500, body: build(500, 'INTERNAL', 'Internal error', requestId), internal: true };
}

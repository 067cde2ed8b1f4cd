/** Stripe's error object: `{error: {type, code, message, param, ...}}` with its HTTP status. */
export type StripeErrorType = 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: StripeErrorType,
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'StripeApiError';
  }

  toBody(requestLogUrl: string): { error: Record<string, unknown> } {
    const error: Record<string, unknown> = { type: this.type, message: this.message, request_log_url: requestLogUrl };
    if (this.code !== undefined) {
      error.code = this.code;
      error.doc_url = `https://stripe.com/docs/error-codes/${this.code.replace(/_/g, '-')}`;
    }
    if (this.param !== undefined) error.param = this.param;
    return { error: { ...error, ...this.extra } };
  }
}

export const missing = (what: string, id: string, param = 'id'): StripeApiError =>
  new StripeApiError(404, 'invalid_request_error', `No such ${what}: '${id}'`, 'resource_missing', param);

export const required = (param: string): StripeApiError =>
  new StripeApiError(400, 'invalid_request_error', `Missing required param: ${param}.`, 'parameter_missing', param);

export const invalid = (param: string, message: string, code = 'parameter_invalid_integer'): StripeApiError =>
  new StripeApiError(400, 'invalid_request_error', message, code, param);

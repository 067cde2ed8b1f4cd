import { BadRequestException, InternalServerErrorException, NotFoundException } from '@nestjs/common';
import { DomainError } from '@tiredash/contracts';
import { toApiError } from './api-error';

describe('toApiError', () => {
  it('maps domain codes through HTTP_STATUS_BY_CODE with details and request id', () => {
    const details = [{ path: 'data.walletBalance', message: 'no' }];
    expect(toApiError(new DomainError('FIELD_NOT_WRITABLE', 'Only an admin', details), 'r1')).toEqual({
      status: 403,
      internal: false,
      body: { error: { status: 403, code: 'FIELD_NOT_WRITABLE', message: 'Only an admin', details, requestId: 'r1' } },
    });
    expect(toApiError(new DomainError('EMAIL_TAKEN', 'taken'), 'r').status).toBe(409);
    expect(toApiError(new DomainError('TIMEOUT', 'slow'), 'r')).toMatchObject({ status: 504, internal: false });
  });

  it('never leaks the message of an internal error', () => {
    const r = toApiError(new DomainError('INTERNAL', 'identity.cmd.x failed: relation "users" does not exist'), 'r');
    expect(r).toMatchObject({ status: 500, internal: true });
    expect(r.body.error.message).toBe('Internal error');
    const plain = toApiError(new Error('secret stack detail'), 'r');
    expect(plain.body).toEqual({ error: { status: 500, code: 'INTERNAL', message: 'Internal error', requestId: 'r' } });
    expect(toApiError(new InternalServerErrorException('db down'), 'r').body.error.message).toBe('Internal error');
  });

  it('maps Nest HTTP exceptions and Fastify client errors', () => {
    expect(toApiError(new NotFoundException('Route GET /api/x not found'), 'r').body.error).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      message: 'Route GET /api/x not found',
    });
    expect(toApiError(new BadRequestException(), 'r').body.error.code).toBe('BAD_REQUEST');
    const fst = Object.assign(new Error('Body is not valid JSON but content-type is set to \'application/json\''), {
      statusCode: 400,
      code: 'FST_ERR_CTP_INVALID_JSON_BODY',
    });
    expect(toApiError(fst, 'r').body.error).toMatchObject({ status: 400, code: 'BAD_REQUEST', message: 'Malformed JSON body' });
    const tooLarge = Object.assign(new Error('Request body is too large'), { statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' });
    expect(toApiError(tooLarge, 'r').body.error).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
  });
});

import { Catch, NotFoundException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toApiError } from './api-error';

/** Decides whether a 404 GET should be answered with the SPA's index.html instead of JSON. */
export type SpaFallback = (req: FastifyRequest, reply: FastifyReply) => boolean;

/**
 * The one place errors become HTTP answers for routes handled by Nest (and for unknown routes, which Nest
 * routes through its filters too). Fastify-level errors (body parsing, rate limit) go through the same
 * `toApiError` in the Fastify error handler.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  constructor(private readonly spaFallback: SpaFallback | null) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    if (exception instanceof NotFoundException && this.spaFallback?.(req, reply)) return;
    sendApiError(exception, req, reply);
  }
}

export function sendApiError(exception: unknown, req: FastifyRequest, reply: FastifyReply): void {
  let err = exception;
  if (exception instanceof NotFoundException && isRouteNotFound(exception)) {
    err = new NotFoundException(`Route ${req.method} ${req.url.split('?')[0]} not found`);
  }
  const { status, body, internal } = toApiError(err, req.id);
  if (internal) req.log.error({ err: exception }, 'request failed');
  else if (status >= 500) req.log.warn({ code: body.error.code, message: body.error.message }, 'dependency failure');
  if (reply.sent) return;
  // A refusal that says when to come back (limits, admission) says it in Retry-After too.
  const retryAfter = (body.error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  if (typeof retryAfter === 'number' && Number.isFinite(retryAfter) && retryAfter > 0 && !reply.hasHeader('retry-after')) {
    void reply.header('retry-after', String(Math.ceil(retryAfter)));
  }
  void reply.status(status).header('content-type', 'application/json; charset=utf-8').send(body);
}

/** Nest's router answers unknown routes with NotFoundException('Cannot GET /x'). */
function isRouteNotFound(e: NotFoundException): boolean {
  return /^Cannot [A-Z]+ /.test(e.message);
}

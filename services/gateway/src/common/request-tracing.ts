import { type Span, SpanStatusCode, context } from '@opentelemetry/api';
import { SpanKind, contextFrom, spanContext, startSpan, withRequestId } from '@tiredash/runtime';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const spans = new WeakMap<FastifyRequest, Span>();

/**
 * Every HTTP request runs in its own context: its request id (x-request-id) current and a SERVER span, continuing
 * an incoming W3C traceparent when there is one, active. Log lines written meanwhile carry both; the NATS commands
 * it sends carry them on (MessagingClient), and so do the events the services write for it (outbox headers).
 * The context is entered at onRequest and again at preHandler (a request body is parsed outside of it).
 */
export function registerRequestTracing(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (req, _reply, done) => {
    const route = req.routeOptions.url;
    const span = startSpan(
      {
        name: `${req.method} ${route ?? 'unmatched'}`,
        kind: SpanKind.SERVER,
        service: 'gateway',
        attributes: { 'http.request.method': req.method, 'url.path': req.url.split('?')[0], ...(route ? { 'http.route': route } : {}) },
      },
      contextFrom(req.headers as Record<string, string | undefined>),
    );
    spans.set(req, span);
    enter(req, span, done);
  });
  fastify.addHook('preHandler', (req, _reply, done) => {
    const span = spans.get(req);
    if (span) enter(req, span, done);
    else done();
  });
  fastify.addHook('onResponse', (req, reply, done) => {
    const span = spans.get(req);
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
      spans.delete(req);
    }
    done();
  });
}

function enter(req: FastifyRequest, span: Span, done: () => void): void {
  withRequestId(req.id, () => context.with(spanContext(span, context.active()), done));
}

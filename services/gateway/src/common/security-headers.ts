import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers for `options`, computed once. @fastify/helmet builds helmet's middleware anew on every request
 * (re-parsing the Content-Security-Policy directives each time: 4-5 % of the gateway's CPU per bid in the
 * bench:peer profile); the headers only depend on the options, so they are captured here at start-up.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return res;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/** Sets helmet's headers (computed once from `options`) on every answer. */
export function registerSecurityHeaders(fastify: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const headers = securityHeaders(options);
  fastify.addHook('onRequest', (_req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    void reply.headers(headers);
    done();
  });
}

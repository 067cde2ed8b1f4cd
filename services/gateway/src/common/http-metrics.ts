import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { renderMetrics, serviceMetrics } from '@tiredash/runtime';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The route label of a request Fastify matched no route for (404s, scanners): one series, not one per path. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The gateway's Prometheus side: every answered request observed in tiredash_http_request_duration_seconds by
 * method, route template (`/api/requests/:id`, never the raw path, so the series stay bounded) and status; and
 * `GET /metrics` on the gateway's HTTP port (the process's metrics, see @tiredash/runtime).
 */
export function registerHttpMetrics(fastify: FastifyInstance): void {
  const histogram = serviceMetrics().httpRequestDuration;
  fastify.addHook('onResponse', (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const route = req.routeOptions.url ?? UNMATCHED_ROUTE;
    histogram.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });
  fastify.get('/metrics', async (_req, reply) => {
    const { contentType, body } = await renderMetrics();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
  });
}

/** Registers the above on the gateway's Fastify instance when the application initialises. */
@Injectable()
export class HttpMetrics implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    registerHttpMetrics(this.adapterHost.httpAdapter.getInstance<FastifyInstance>());
  }
}

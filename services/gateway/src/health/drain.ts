import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';

/**
 * The gateway's SIGTERM drain state. From the signal on, /readyz answers 503 (the load balancer stops sending new
 * requests) and every answer carries `Connection: close`, so a client with a kept-alive connection to this pod opens
 * its next one elsewhere; the requests already received are served to the end (see drainGateway).
 */
@Injectable()
export class GatewayDrain implements OnModuleInit {
  private draining = false;
  /** Requests received and not yet answered (logged by the drain; tests). */
  inFlight = 0;

  constructor(private readonly adapterHost: HttpAdapterHost) {}

  get active(): boolean {
    return this.draining;
  }

  start(): void {
    this.draining = true;
  }

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.addHook('onRequest', (_req, _reply, done) => {
      this.inFlight += 1;
      done();
    });
    // At answer time: a request received before the signal is answered with it too.
    fastify.addHook('onSend', (_req, reply, payload, done) => {
      if (this.draining) void reply.header('connection', 'close');
      done(null, payload);
    });
    fastify.addHook('onResponse', (_req, _reply, done) => {
      this.inFlight -= 1;
      done();
    });
  }
}

/**
 * SIGTERM: /readyz 503 and `Connection: close` at once; then app.close(): Fastify stops accepting connections and
 * waits for the requests in flight (they are answered, not cut: return503OnClosing is off), the session-revocations
 * consumer stops, and NATS and Redis close last, after the last request that needs them.
 */
export async function drainGateway(app: NestFastifyApplication): Promise<void> {
  app.get(GatewayDrain).start();
  await app.close();
}

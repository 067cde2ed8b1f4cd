import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { onScrape, renderMetrics, serviceMetrics } from '@tiredash/runtime';
import type { FastifyInstance } from 'fastify';
import { SocketServer } from '../sockets/socket-server.service';

/**
 * realtime's Prometheus side: `GET /metrics` on its HTTP port (beside /socket.io and the health routes), with
 * tiredash_realtime_connected_sockets (this pod's Socket.IO connections) read at each scrape; the JetStream
 * fan-out's consumers and dead letters come from MessagingModule's collectors.
 */
@Injectable()
export class RealtimeMetrics implements OnModuleInit, OnModuleDestroy {
  private off?: () => void;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly sockets: SocketServer,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.get('/metrics', async (_req, reply) => {
      const { contentType, body } = await renderMetrics();
      return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
    });
    this.off = onScrape('sockets', () => {
      serviceMetrics().realtimeSockets.set(this.sockets.io.engine.clientsCount);
    });
  }

  onModuleDestroy(): void {
    this.off?.();
  }
}

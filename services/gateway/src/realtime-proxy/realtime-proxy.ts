import fastifyHttpProxy from '@fastify/http-proxy';
import { SOCKET_IO_PATH } from '@tiredash/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * Proxies /socket.io (Engine.IO long-polling and the websocket upgrade) to the realtime service, so the SPA
 * talks to one origin. Authentication stays with realtime (the JWT in the handshake); the gateway only forwards.
 * Registered by createGatewayApp before Nest initialises, like every other Fastify plugin, so that Nest's
 * error handler covers every route.
 */
export async function registerRealtimeProxy(fastify: FastifyInstance, realtimeUrl: string): Promise<void> {
  // An encapsulated scope: the proxy forwards bodies untouched (its own '*' parser) without clashing with the
  // JSON parser the API routes use.
  await fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    await scope.register(fastifyHttpProxy, {
      upstream: realtimeUrl,
      prefix: SOCKET_IO_PATH,
      rewritePrefix: SOCKET_IO_PATH,
      // Upgrades on /socket.io are piped to realtime; long-polling requests go through undici's keep-alive pool.
      websocket: true,
    });
  });
}

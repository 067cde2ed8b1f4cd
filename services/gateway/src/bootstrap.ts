import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import { setAbuseLimits } from './common/abuse-limits';
import { registerAdmission } from './common/admission';
import { registerSecurityHeaders } from './common/security-headers';
import fastifyStatic from '@fastify/static';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { DomainError, PRODUCT_NAME } from '@tiredash/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import { ApiExceptionFilter, type SpaFallback } from './common/api-exception.filter';
import { createRootLogger, PinoNestLogger } from './common/logger';
import { genRequestId, REQUEST_ID_HEADER } from './common/request-id';
import { registerRequestTracing } from './common/request-tracing';
import { AppModule } from './app.module';
import { staticDirExists, type GatewayConfig } from './config';
import { REDIS } from './health/redis.token';
import { registerRealtimeProxy } from './realtime-proxy/realtime-proxy';
import { RpcService } from './common/rpc.service';
import { askStripeJsStandInSources } from './payments/stripe-js-sources';

export interface GatewayAppOptions {
  /** Defaults to a JSON pino logger at config.logLevel. */
  logger?: Logger;
}

/** Paths that never fall back to the SPA. */
const NON_SPA_PREFIXES = ['/api', '/pay', '/socket.io', '/health', '/ready', '/livez', '/readyz'];

/**
 * Builds the gateway (not yet listening): Fastify with request ids and pino, CORS, security headers,
 * the Redis-backed rate limit on login/register, the uniform error body, OpenAPI at /api/docs and the SPA.
 */
export async function createGatewayApp(config: GatewayConfig, opts: GatewayAppOptions = {}): Promise<NestFastifyApplication> {
  const logger = opts.logger ?? createRootLogger(config.logLevel);
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    genReqId: genRequestId,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Draining (SIGTERM): requests arriving on open connections are served, not answered 503 (drainGateway).
    return503OnClosing: false,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    logger: new PinoNestLogger(logger),
    bufferLogs: false,
  });
  const fastify = app.getHttpAdapter().getInstance();

  // Request id out on every answer (Fastify puts it as reqId in every request log line).
  fastify.addHook('onRequest', (req, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, req.id);
    done();
  });
  // The request id and trace context of each request, current while it runs (logs, NATS headers) and a span.
  registerRequestTracing(fastify);
  // Errors raised by Fastify itself (body parsing, the rate limit hook) reach ApiExceptionFilter through the
  // error handler Nest installs at init, so every error gets the same uniform body.

  await app.register(fastifyCors, {
    hook: 'onRequest',
    delegator: (req: FastifyRequest, cb: (error: Error | null, options?: { origin: boolean; credentials: boolean; exposedHeaders: string[]; maxAge: number }) => void) => {
      cb(null, { origin: corsAllows(config, req), credentials: true, exposedHeaders: [REQUEST_ID_HEADER, 'retry-after'], maxAge: 600 });
    },
  });

  // The refresh token travels in an httpOnly cookie (services/gateway/src/auth/refresh-cookie.ts).
  await app.register(fastifyCookie);

  // Stripe.js is Stripe's own, or on a local stack the Stripe emulator's stand-in, whose origin is allowed only then.
  const stripeJs = await askStripeJsStandInSources(app.get(RpcService), config.rpcTimeoutMs, logger);

  registerSecurityHeaders(fastify, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", 'https://js.stripe.com', ...stripeJs],
        styleSrc: ["'self'", "'unsafe-inline'", 'https:'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:', 'https:', ...stripeJs],
        frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });

  const redis = app.get<Redis>(REDIS);
  setAbuseLimits(config.abuseLimits);
  registerAdmission(fastify, config.admissionLimits);
  await app.register(fastifyRateLimit, {
    global: false,
    redis,
    nameSpace: `${config.natsNamespace || 'tiredash'}:rate-limit:`,
    max: config.loginRateLimit.max,
    timeWindow: config.loginRateLimit.windowMs,
    hook: 'preHandler',
    skipOnError: true,
    keyGenerator: (req: FastifyRequest) => `${req.ip}|${identifierOf(req.body)}`,
    errorResponseBuilder: (_req: FastifyRequest, ctx: { ttl: number; after: string }) =>
      new DomainError('RATE_LIMITED', `Too many attempts; try again in ${ctx.after}`, {
        retryAfterSeconds: Math.max(1, Math.ceil(ctx.ttl / 1000)),
      }),
  });

  // Uploads: files are read with `req.parts()` by the upload route, which enforces the per-purpose limits.
  await app.register(fastifyMultipart, { throwFileSizeLimit: false });
  await registerRealtimeProxy(fastify, config.realtimeUrl);

  let spaFallback: SpaFallback | null = null;
  if (staticDirExists(config)) {
    // The frontend build writes .br and .gz beside each file (preCompressed serves them, no per-request
    // compression). Hashed files under /assets never change: cached for a year; index.html and the other
    // unhashed files are revalidated on every load, so a new deployment is picked up at once.
    const hashedAssets = `${config.staticDir}/assets/`;
    await app.register(fastifyStatic, {
      root: config.staticDir,
      prefix: '/',
      wildcard: true,
      index: 'index.html',
      preCompressed: true,
      setHeaders: (reply, file) => {
        reply.header('cache-control', file.startsWith(hashedAssets) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    spaFallback = spaFallbackHandler;
  } else {
    logger.warn({ staticDir: config.staticDir }, 'SPA not served: no index.html in STATIC_DIR (build the frontend first)');
  }
  app.useGlobalFilters(new ApiExceptionFilter(spaFallback));

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle(`${PRODUCT_NAME} API`)
      .setDescription('Public HTTP API of the gateway. Errors: {error:{status, code, message, details?, requestId}}.')
      .setVersion('1')
      .addBearerAuth()
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });

  return app;
}

/** The email a login or registration is for, normalised, so each account gets its own counter per IP. */
function identifierOf(body: unknown): string {
  if (typeof body !== 'object' || body === null) return '-';
  const b = body as { identifier?: unknown; email?: unknown };
  const v = typeof b.identifier === 'string' ? b.identifier : typeof b.email === 'string' ? b.email : '-';
  return v.trim().toLowerCase().slice(0, 254);
}

const LOCAL_DEV_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

export function corsAllows(config: Pick<GatewayConfig, 'corsOrigins'>, req: FastifyRequest): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  if (config.corsOrigins === '*') return true;
  if (config.corsOrigins !== null) return config.corsOrigins.includes(origin);
  return origin === `${req.protocol}://${req.host}` || LOCAL_DEV_ORIGIN.test(origin);
}

function spaFallbackHandler(req: FastifyRequest, reply: FastifyReply): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = req.url.split('?')[0] ?? '/';
  if (NON_SPA_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`))) return false;
  const last = path.slice(path.lastIndexOf('/') + 1);
  if (last.includes('.')) return false; // a missing asset stays a 404
  const accept = req.headers.accept;
  if (accept !== undefined && !accept.includes('text/html') && !accept.includes('*/*')) return false;
  void reply.status(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
  return true;
}

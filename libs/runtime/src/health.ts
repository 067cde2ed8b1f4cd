import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { type Env, LOCAL_FLAG, parseEnv, withoutEmpty } from './env';
import { serveMetrics } from './metrics';

/** A check passes when it returns (or resolves); it fails when it throws (or rejects, or takes too long). */
export type HealthCheck = () => void | Promise<void>;

/**
 * What a pod reports about itself, never about other services:
 * - `live`: the process can still do its work (e.g. its NATS connection is not closed for good). A failure makes
 *   Kubernetes restart the container, so nothing here may touch a dependency that can be down for a while.
 * - `ready`: this pod's own dependencies answer (its database pool, its NATS connection is connected).
 */
export interface ServiceHealth {
  live: Record<string, HealthCheck>;
  ready: Record<string, HealthCheck>;
}

export interface HealthCheckResult {
  ok: boolean;
  ms: number;
  error?: string;
}

export interface HealthReport {
  status: 'ok' | 'failing';
  checks: Record<string, HealthCheckResult>;
  failed: string[];
}

/** The port of the per-pod health listener when HEALTH_PORT is unset (one service per container or pod). */
export const DEFAULT_HEALTH_PORT = 8081;

/** The health listener's variable, validated by runService. */
export const healthEnv = {
  /** The port of `/livez` and `/readyz`; 0 turns the listener off. */
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).optional(),
};

/**
 * HEALTH_PORT, or when unset: 8081, except in a local run or a test (TIREDASH_LOCAL=1, even with
 * NODE_ENV=production as `npm start` may set it; NODE_ENV=test), where every service shares one host and the
 * listener is off (0).
 */
export function healthPortOf(service: string, env: Env): number {
  const port = parseEnv(service, z.object(healthEnv), env).HEALTH_PORT;
  if (port !== undefined) return port;
  const clean = withoutEmpty(env);
  const sharedHost = clean[LOCAL_FLAG] === '1' || clean[LOCAL_FLAG] === 'true' || clean.NODE_ENV === 'test';
  return sharedHost ? 0 : DEFAULT_HEALTH_PORT;
}

/** Runs every check at once, each bounded by `timeoutMs`. */
export async function runHealthChecks(checks: Record<string, HealthCheck>, timeoutMs: number): Promise<HealthReport> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]): Promise<[string, HealthCheckResult]> => {
      const start = Date.now();
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          Promise.resolve().then(check),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
          }),
        ]);
        return [name, { ok: true, ms: Date.now() - start }];
      } catch (err) {
        return [name, { ok: false, ms: Date.now() - start, error: err instanceof Error ? err.message : String(err) }];
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  const failed = entries.filter(([, r]) => !r.ok).map(([n]) => n);
  return { status: failed.length === 0 ? 'ok' : 'failing', checks: Object.fromEntries(entries), failed };
}

export interface HealthServer {
  port: number;
  close(): Promise<void>;
}

/**
 * The per-pod health listener: `GET /livez` and `GET /readyz` answer 200 with the report when every check passes,
 * else 503 naming the failed ones; `GET /metrics` serves the process's Prometheus metrics. Anything else is 404.
 */
export async function startHealthServer(opts: {
  port: number;
  health: ServiceHealth;
  host?: string;
  /** Per check. Default 2000 (below the probes' timeoutSeconds). */
  timeoutMs?: number;
}): Promise<HealthServer> {
  const timeoutMs = opts.timeoutMs ?? 2000;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '').split('?')[0];
    if (path === '/metrics' && (req.method === 'GET' || req.method === 'HEAD')) return serveMetrics(req, res);
    const checks = path === '/livez' ? opts.health.live : path === '/readyz' ? opts.health.ready : null;
    if (!checks || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'application/json', connection: 'close' }).end('{"error":"not found"}');
      return;
    }
    void runHealthChecks(checks, timeoutMs).then((report) => {
      res.writeHead(report.failed.length === 0 ? 200 : 503, { 'content-type': 'application/json', 'cache-control': 'no-store', connection: 'close' });
      res.end(req.method === 'HEAD' ? undefined : JSON.stringify(report));
    });
  });
  // Probes must not keep the process alive once the service has shut down.
  server.unref();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '0.0.0.0', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

import { ConfigError, type Env } from './env';
import { type HealthServer, type ServiceHealth, healthPortOf, startHealthServer } from './health';
import { initMetrics } from './metrics';
import { createLogger, logLevelOf, useLoggerForNest } from './logger';
import { startTracing, stopTracing, tracingSettingsOf } from './tracing';

export interface ServiceProcessIo {
  env: Env;
  log: (line: string) => void;
  error: (line: string) => void;
  exit: (code: number) => void;
  /** Calls the handler once on SIGTERM or SIGINT (the process's own signals by default). */
  onSignal?: (handler: (signal: string) => void) => void;
}

/** The most a drain may take before the process exits anyway (Kubernetes' terminationGracePeriodSeconds is 30). */
export const SHUTDOWN_TIMEOUT_MS = 25_000;

/** The service's JSON logger once runService made it: the process's own lines go through it too. */
let processLogger: ReturnType<typeof createLogger> | null = null;

const processIo: ServiceProcessIo = {
  env: process.env,
  log: (line) => (processLogger ? processLogger.info(line) : process.stdout.write(`${line}\n`)),
  error: (line) => (processLogger ? processLogger.error(line) : process.stderr.write(`${line}\n`)),
  exit: (code) => process.exit(code),
  onSignal: (handler) => {
    process.once('SIGTERM', () => handler('SIGTERM'));
    process.once('SIGINT', () => handler('SIGINT'));
  },
};

/** What start() may return instead of a bare description: the service's own health checks, served on HEALTH_PORT. */
export interface StartedService {
  description: string;
  health?: ServiceHealth;
  /**
   * The drain on SIGTERM/SIGINT (e.g. `app.close()`: stop taking messages, finish the handlers running, close the
   * connections). /readyz answers 503 from the signal on; the process exits 0 once it resolves, 1 when it fails or
   * takes longer than SHUTDOWN_TIMEOUT_MS.
   */
  close?: () => Promise<void>;
}

/**
 * The whole of a service's main(): validate the environment (a ConfigError is printed as its one line,
 * exit 1), start the service, print `<service> <what start() describes>`; any start-up failure is printed
 * with its stack and the process exits 1. When start() returns health checks and HEALTH_PORT is not 0, they are
 * served on HEALTH_PORT (default 8081) as `/livez` and `/readyz`; the listener is returned (null when none). Shutdown on SIGTERM/SIGINT is the started app's business.
 */
export async function runService<C>(
  service: string,
  loadConfig: (env: Env) => C,
  start: (config: C) => Promise<string | StartedService>,
  io: ServiceProcessIo = processIo,
): Promise<HealthServer | null> {
  let config: C;
  let healthPort: number;
  initMetrics(service);
  try {
    config = loadConfig(io.env);
    healthPort = healthPortOf(service, io.env);
    // JSON logs (Nest's too) with the request and trace ids; traces exported when OTEL_EXPORTER_OTLP_ENDPOINT is set.
    const logger = useLoggerForNest(createLogger(service, { level: logLevelOf(service, io.env) }));
    // The process's own lines (started, draining, drained) are what launchers and operators wait for: they are
    // written at info even when LOG_LEVEL is warn or error (a bench stack runs at warn), never dropped.
    if (io === processIo) processLogger = logger.isLevelEnabled('info') ? logger : logger.child({}, { level: 'info' });
    startTracing(service, tracingSettingsOf(service, io.env));
  } catch (err) {
    if (err instanceof ConfigError) {
      io.error(err.message);
      io.exit(1);
      return null;
    }
    throw err;
  }
  try {
    const started = await start(config);
    if (typeof started === 'string') {
      io.log(`${service} ${started}`);
      return null;
    }
    let draining = false;
    let server: HealthServer | null = null;
    if (started.health && healthPort !== 0) {
      const notDraining = (): void => {
        if (draining) throw new Error('shutting down');
      };
      const health = { live: started.health.live, ready: { ...started.health.ready, shutdown: notDraining } };
      server = await startHealthServer({ port: healthPort, health });
    }
    if (started.close) {
      const close = started.close;
      io.onSignal?.((signal) => {
        if (draining) return;
        draining = true;
        const t0 = Date.now();
        io.log(`${service} ${signal}: draining`);
        let timer: NodeJS.Timeout | undefined;
        const deadline = new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), SHUTDOWN_TIMEOUT_MS);
        });
        void Promise.race([close().then(() => 'closed' as const), deadline])
          .then(
            (how) => {
              if (how === 'timeout') {
                io.error(`${service} did not drain within ${SHUTDOWN_TIMEOUT_MS} ms; exiting`);
                return 1;
              }
              io.log(`${service} drained in ${Date.now() - t0} ms`);
              return 0;
            },
            (err: unknown) => {
              io.error(`${service} shutdown failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
              return 1;
            },
          )
          .then(async (code) => {
            clearTimeout(timer);
            await server?.close();
            await stopTracing();
            io.exit(code);
          });
      });
    }
    io.log(`${service} ${started.description}${server ? `; health on :${server.port} (/livez, /readyz)` : ''}`);
    return server;
  } catch (err) {
    io.error(`${service} failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    io.exit(1);
    return null;
  }
}

/** ` (namespace x)` when a NATS namespace isolates this process, for start-up lines. */
export function namespaceNote(namespace: string): string {
  return namespace ? ` (namespace ${namespace})` : '';
}

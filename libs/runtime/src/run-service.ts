import { ConfigError, type Env } from './env';
import { type HealthServer, type ServiceHealth, healthPortOf, startHealthServer } from './health';

export interface ServiceProcessIo {
  env: Env;
  log: (line: string) => void;
  error: (line: string) => void;
  exit: (code: number) => void;
}

const processIo: ServiceProcessIo = {
  env: process.env,
  log: (line) => process.stdout.write(`${line}\n`),
  error: (line) => process.stderr.write(`${line}\n`),
  exit: (code) => process.exit(code),
};

/** What start() may return instead of a bare description: the service's own health checks, served on HEALTH_PORT. */
export interface StartedService {
  description: string;
  health?: ServiceHealth;
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
  try {
    config = loadConfig(io.env);
    healthPort = healthPortOf(service, io.env);
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
    let server: HealthServer | null = null;
    if (started.health && healthPort !== 0) server = await startHealthServer({ port: healthPort, health: started.health });
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

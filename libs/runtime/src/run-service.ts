import { ConfigError, type Env } from './env';

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

/**
 * The whole of a service's main(): validate the environment (a ConfigError is printed as its one line,
 * exit 1), start the service, print `<service> <what start() describes>`; any start-up failure is printed
 * with its stack and the process exits 1. Shutdown on SIGTERM/SIGINT is the started app's business.
 */
export async function runService<C>(
  service: string,
  loadConfig: (env: Env) => C,
  start: (config: C) => Promise<string>,
  io: ServiceProcessIo = processIo,
): Promise<void> {
  let config: C;
  try {
    config = loadConfig(io.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      io.error(err.message);
      io.exit(1);
      return;
    }
    throw err;
  }
  try {
    io.log(`${service} ${await start(config)}`);
  } catch (err) {
    io.error(`${service} failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    io.exit(1);
  }
}

/** ` (namespace x)` when a NATS namespace isolates this process, for start-up lines. */
export function namespaceNote(namespace: string): string {
  return namespace ? ` (namespace ${namespace})` : '';
}

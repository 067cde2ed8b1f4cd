import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isPortOpen } from './infra';
import { waitFor } from './wait-for';

/** A free TCP port on the loopback interface (closed again before it is returned). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface PrivateNatsServer {
  url: string;
  /** The HTTP monitoring endpoint (e.g. /jsz, /connz), when asked for. */
  monitorUrl: string | null;
  /** Everything the server wrote so far (permission violations are logged there). */
  log(): string;
  /** Stops the server but keeps its port and JetStream store, for `restart()`. */
  kill(): Promise<void>;
  /** Starts it again on the same port with the same store (streams and durable consumers survive). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A nats-server of the test's own (random loopback port, JetStream store in a temp folder) running `conf` (e.g. the
 * generated authorization block) with `env` in its environment (the config's `$VARIABLES`, such as passwords).
 */
export async function startPrivateNatsServer(opts: { conf: string; env?: Record<string, string>; monitor?: boolean }): Promise<PrivateNatsServer> {
  const dir = mkdtempSync(join(tmpdir(), 'tiredash-nats-'));
  writeFileSync(join(dir, 'auth.conf'), opts.conf);
  writeFileSync(join(dir, 'nats.conf'), 'include ./auth.conf\n');
  mkdirSync(join(dir, 'js'));
  const port = await freePort();
  const monitor = opts.monitor ? await freePort() : null;
  const args = ['-c', join(dir, 'nats.conf'), '-a', '127.0.0.1', '-p', String(port), '-js', '-sd', join(dir, 'js')];
  if (monitor !== null) args.push('-m', String(monitor));
  let log = '';
  const spawnServer = (): ChildProcess => {
    const child = spawn(process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server', args, {
      env: { ...process.env, ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (b: Buffer) => (log += b.toString()));
    child.stderr?.on('data', (b: Buffer) => (log += b.toString()));
    return child;
  };
  let server = spawnServer();
  const kill = async (): Promise<void> => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
  };
  const stop = async (): Promise<void> => {
    await kill();
    rmSync(dir, { recursive: true, force: true });
  };
  const ready = (): Promise<void> =>
    waitFor(
      () => {
        if (server.exitCode !== null) throw new Error(`nats-server exited: ${log}`);
        return isPortOpen('127.0.0.1', port, 200);
      },
      { timeoutMs: 10_000, message: 'nats-server did not start' },
    ).then(() => undefined);
  const restart = async (): Promise<void> => {
    await kill();
    server = spawnServer();
    await ready();
  };
  try {
    await ready();
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: `nats://127.0.0.1:${port}`, monitorUrl: monitor === null ? null : `http://127.0.0.1:${monitor}`, log: () => log, kill, restart, stop };
}

import { Socket } from 'node:net';

export interface TestInfra {
  databaseUrl: string;
  natsUrl: string;
  redisUrl: string;
}

type ServiceKey = 'postgres' | 'nats' | 'redis';

interface ServiceSpec {
  key: ServiceKey;
  env: 'DATABASE_URL' | 'NATS_URL' | 'REDIS_URL';
  localUrl: string;
  host: string;
  port: number;
  label: string;
  startCommand: string;
}

const SERVICES: readonly ServiceSpec[] = [
  {
    key: 'postgres',
    env: 'DATABASE_URL',
    localUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
    host: '127.0.0.1',
    port: 5432,
    label: 'PostgreSQL (127.0.0.1:5432)',
    startCommand: 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
  },
  {
    key: 'nats',
    env: 'NATS_URL',
    localUrl: 'nats://127.0.0.1:4222',
    host: '127.0.0.1',
    port: 4222,
    label: 'NATS with JetStream (127.0.0.1:4222)',
    startCommand:
      'start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log',
  },
  {
    key: 'redis',
    env: 'REDIS_URL',
    localUrl: 'redis://127.0.0.1:6379',
    host: '127.0.0.1',
    port: 6379,
    label: 'Redis (127.0.0.1:6379)',
    startCommand:
      'redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log',
  },
];

/** True when a TCP connection to host:port opens within timeoutMs. */
export function isPortOpen(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean): void => {
      socket.removeAllListeners();
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs);
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
    socket.connect(port, host);
  });
}

async function dockerAvailable(): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

async function startContainer(key: ServiceKey): Promise<string> {
  const { GenericContainer, Wait } = await import('testcontainers');
  switch (key) {
    case 'postgres': {
      const c = await new GenericContainer('postgres:16-alpine')
        .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
        .withExposedPorts(5432)
        .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
        .start();
      return `postgres://postgres@${c.getHost()}:${c.getMappedPort(5432)}/postgres`;
    }
    case 'nats': {
      const c = await new GenericContainer('nats:2.10-alpine')
        .withCommand(['-js'])
        .withExposedPorts(4222)
        .withWaitStrategy(Wait.forLogMessage(/Server is ready/))
        .start();
      return `nats://${c.getHost()}:${c.getMappedPort(4222)}`;
    }
    case 'redis': {
      const c = await new GenericContainer('redis:7-alpine')
        .withExposedPorts(6379)
        .withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/))
        .start();
      return `redis://${c.getHost()}:${c.getMappedPort(6379)}`;
    }
  }
}

async function resolveInfra(): Promise<TestInfra> {
  const urls: Partial<Record<ServiceKey, string>> = {};
  const missing: ServiceSpec[] = [];
  for (const s of SERVICES) {
    const fromEnv = process.env[s.env];
    if (fromEnv) urls[s.key] = fromEnv;
    else if (await isPortOpen(s.host, s.port)) urls[s.key] = s.localUrl;
    else missing.push(s);
  }
  if (missing.length > 0) {
    if (!(await dockerAvailable())) {
      const lines = missing.map((s) => `- ${s.label} is not reachable (and ${s.env} is unset). Start it with:\n    ${s.startCommand}`);
      throw new Error(
        `Test infrastructure missing and no Docker engine answers for testcontainers:\n${lines.join('\n')}`,
      );
    }
    for (const s of missing) {
      urls[s.key] = await startContainer(s.key);
      // Child processes (jest workers started after a globalSetup) reuse the same containers.
      process.env[s.env] = urls[s.key];
    }
  }
  const { postgres, nats, redis } = urls;
  if (!postgres || !nats || !redis) throw new Error('Test infrastructure could not be resolved');
  return { databaseUrl: postgres, natsUrl: nats, redisUrl: redis };
}

let infra: Promise<TestInfra> | undefined;

/**
 * URLs of the PostgreSQL, NATS (JetStream) and Redis the tests use: DATABASE_URL / NATS_URL / REDIS_URL,
 * else the local default ports when reachable, else containers started once per run through testcontainers
 * when a Docker engine answers. Otherwise it throws, naming what is missing and how to start it.
 */
export function getTestInfra(): Promise<TestInfra> {
  if (!infra) {
    infra = resolveInfra();
    infra.catch(() => {
      infra = undefined;
    });
  }
  return infra;
}

/** Usable as a jest `globalSetup`: resolves (or starts) the infrastructure once, before any worker starts. */
export async function testInfraGlobalSetup(): Promise<void> {
  const i = await getTestInfra();
  process.env.DATABASE_URL = i.databaseUrl;
  process.env.NATS_URL = i.natsUrl;
  process.env.REDIS_URL = i.redisUrl;
}

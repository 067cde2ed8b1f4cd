// "/metrics answers on every service" (Operable at scale item 4): the stack global-setup started gives each NATS service
// a health listener (HEALTH_PORT); each process is scraped where it serves /metrics (the health listener, the gateway's
// and realtime's HTTP port) after a sign-in and a socket connection, and each shows its service's families.
import { io, type Socket } from 'socket.io-client';
import { baseUrl, demoLogin } from './support/stack-env';

interface MetricsTarget {
  name: string;
  service: string;
  url: string;
}

const SERVICES = ['gateway', 'realtime', 'identity', 'requests', 'content', 'payments', 'dispatch'];
const NATS_SERVICES = ['identity', 'requests', 'content', 'payments', 'dispatch'];

function targets(): MetricsTarget[] {
  const raw = process.env.E2E_METRICS_URLS;
  if (!raw) throw new Error('E2E_METRICS_URLS is not set: run the e2e suite through its jest config (global-setup.mjs)');
  return (JSON.parse(raw) as MetricsTarget[]).filter((t) => SERVICES.includes(t.service));
}

async function scrape(url: string): Promise<string> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

/** The sample lines of a family (`name{...} value`), for one service. */
function samples(body: string, name: string, service: string): string[] {
  return body.split('\n').filter((l) => l.startsWith(`${name}{`) && l.includes(`service="${service}"`));
}

describe('/metrics on every service', () => {
  let socket: Socket | undefined;
  const bodies = new Map<string, string>();

  beforeAll(async () => {
    // Traffic first: a sign-in (gateway -> identity over NATS) and a socket on realtime.
    const customer = demoLogin('customer');
    const login = await fetch(`${baseUrl()}/api/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: customer.email, password: customer.password }),
    });
    expect(login.status).toBe(200);
    const { jwt } = (await login.json()) as { jwt: string };
    socket = io(baseUrl(), { path: '/socket.io', transports: ['websocket'], auth: { token: jwt }, forceNew: true, reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket!.once('connect', () => resolve());
      socket!.once('connect_error', reject);
    });
    for (const t of targets()) bodies.set(t.name, await scrape(t.url));
  });

  afterAll(() => {
    socket?.close();
  });

  it('answers on every service, each series labelled with its service, with the process metrics', () => {
    expect([...new Set(targets().map((t) => t.service))].sort()).toEqual([...SERVICES].sort());
    for (const t of targets()) {
      const body = bodies.get(t.name) ?? '';
      expect(samples(body, 'process_cpu_user_seconds_total', t.service)).toHaveLength(1);
      expect(samples(body, 'nodejs_eventloop_lag_p99_seconds', t.service)).toHaveLength(1);
    }
  });

  it('the gateway: request latency by route template and status, admission', () => {
    for (const t of targets().filter((x) => x.service === 'gateway')) {
      const body = bodies.get(t.name) ?? '';
      expect(body).toMatch(/^tiredash_http_request_duration_seconds_count\{service="gateway",method="POST",route="\/api\/auth\/local",status="200"\} [1-9]/m);
      expect(samples(body, 'tiredash_admission_refused_total', 'gateway').length).toBeGreaterThan(0);
      expect(samples(body, 'tiredash_admission_in_flight', 'gateway').length).toBeGreaterThan(0);
    }
  });

  it('the NATS services: handler latency, outbox lag, PostgreSQL pool; JetStream pending and dead letters of their consumers', () => {
    for (const t of targets().filter((x) => NATS_SERVICES.includes(x.service))) {
      const body = bodies.get(t.name) ?? '';
      for (const family of ['tiredash_db_pool_connections', 'tiredash_db_pool_max_connections', 'tiredash_db_pool_waiting_clients']) {
        expect([t.name, family, body.match(new RegExp(`^${family}\\{service="${t.service}"\\} \\d+$`, 'm')) !== null]).toEqual([t.name, family, true]);
      }
      expect(body).toMatch(new RegExp(`^tiredash_outbox_oldest_unpublished_age_seconds\\{service="${t.service}"\\} `, 'm'));
      if (t.service !== 'identity') {
        expect([t.name, samples(body, 'tiredash_jetstream_consumer_pending_messages', t.service).length > 0]).toEqual([t.name, true]);
        expect(samples(body, 'tiredash_dead_letters', t.service).every((l) => l.includes(`consumer="${t.service}-`))).toBe(true);
      }
    }
    const identity = bodies.get(targets().find((t) => t.service === 'identity')!.name) ?? '';
    expect(identity).toMatch(/^tiredash_nats_handler_duration_seconds_count\{service="identity",subject="identity\.cmd\.[a-z-]+",outcome="ok"\} [1-9]/m);
  });

  it('realtime: connected sockets and its fan-out consumers', () => {
    const rt = targets().filter((x) => x.service === 'realtime');
    const connected = rt.map((t) => Number(/^tiredash_realtime_connected_sockets\{service="realtime"\} (\d+)$/m.exec(bodies.get(t.name) ?? '')?.[1]));
    expect(connected.every((n) => Number.isInteger(n))).toBe(true);
    expect(connected.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(rt.some((t) => samples(bodies.get(t.name) ?? '', 'tiredash_jetstream_consumer_pending_messages', 'realtime').some((l) => l.includes('consumer="realtime-')))).toBe(true);
  });
});

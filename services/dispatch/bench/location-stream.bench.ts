/**
 * Live-location bench: JOBS simultaneous jobs, each provider socket streaming one point a second for SECONDS
 * through realtime (driver_location_update -> checks -> driver_location to the customer's socket, core NATS to
 * dispatch -> Redis latest + sampled track). realtime and dispatch run as their own processes (built dist), so
 * their CPU and memory are measured alone; identity's GetMe is answered by a stand-in here.
 *
 *   npm run bench -w @tiredash/dispatch            # JOBS=1000 SECONDS=30 by default
 *   JOBS=300 SECONDS=20 npm run bench -w @tiredash/dispatch
 *
 * Prints points/s sent and delivered, delivery latency p50/p95/p99 (emit -> customer socket), drops, the track
 * rows written, and each process's CPU (% of one core) and RSS; then the same run's baseline, a bare Socket.IO
 * server emitting at the same total rate (bench/lib/baselines.mjs), the ratio of the two p99s (goal: at most 5x)
 * and one `BENCH_RESULT {json}` line.
 */
import 'reflect-metadata';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { Controller, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { jwtConfigFromEnv, signAccessToken } from '@tiredash/auth';
import { DispatchPing, GetJobAccess, GetMe, RequestAccepted, type CommandParsed, type UserView } from '@tiredash/contracts';
import { Command, createMicroserviceOptions, EventPublisher, MessagingClient, MessagingModule } from '@tiredash/messaging';
import { cleanupNamespace, createTestDatabase, getTestInfra, testNamespace } from '@tiredash/testing';
import { Pool } from 'pg';
import { io as ioClient, type Socket } from 'socket.io-client';

const JOBS = Number(process.env.JOBS ?? 1000);
const SECONDS = Number(process.env.SECONDS ?? 30);
const ROOT = resolve(__dirname, '..', '..', '..', '..', '..');

const businessOf = new Map<string, string>();

@Controller()
class IdentityStandIn {
  @Command(GetMe)
  me(req: CommandParsed<typeof GetMe>): UserView {
    const business = req.actor ? businessOf.get(req.actor.userId) : undefined;
    return { id: req.actor?.userId, business: business ? { documentId: business } : null, customer: null } as unknown as UserView;
  }
}

@Module({ controllers: [IdentityStandIn] })
class IdentityStandInModule {}

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
    s.on('error', rej);
  });
}

/** utime + stime in seconds and RSS in MB of a process, from /proc. */
function usage(pid: number): { cpu: number; rssMb: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return { cpu: ticks / 100, rssMb: rss ? Number(rss[1]) / 1024 : 0 };
}

function pct(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function until<T>(fn: () => Promise<T | null>, what: string, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      const v = await fn();
      if (v !== null) return v;
    } catch {
      // not yet
    }
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function main(): Promise<void> {
  const infra = await getTestInfra();
  const db = await createTestDatabase('bench_tracking');
  const ns = testNamespace('bench_tracking');
  const env = { ...process.env, NODE_ENV: 'development', TIREDASH_LOCAL: '1', DATABASE_URL: db.url, NATS_URL: infra.natsUrl, NATS_NAMESPACE: ns, REDIS_URL: infra.redisUrl };
  const children: ChildProcess[] = [];
  const stand = await NestFactory.createMicroservice(IdentityStandInModule, {
    ...createMicroserviceOptions({ serviceName: 'identity', natsUrl: infra.natsUrl, namespace: ns }),
    logger: false,
  });
  await stand.listen();
  @Module({ imports: [MessagingModule.forRoot({ serviceName: 'bench', natsUrl: infra.natsUrl, namespace: ns, streams: ['REQUESTS'] })] })
  class BenchClientModule {}
  const ctx = await NestFactory.createApplicationContext(BenchClientModule, { logger: false });
  const client = ctx.get(MessagingClient);
  const publisher = ctx.get(EventPublisher);
  const sockets: Socket[] = [];
  try {
    const port = await freePort();
    const dispatch = spawn(process.execPath, [resolve(ROOT, 'services/dispatch/dist/main.js')], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    const realtime = spawn(process.execPath, [resolve(ROOT, 'services/realtime/dist/main.js')], {
      env: { ...env, REALTIME_PORT: String(port), REALTIME_HOST: '127.0.0.1' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(dispatch, realtime);
    const url = `http://127.0.0.1:${port}`;
    await until(async () => ((await client.send(DispatchPing, {}, { timeoutMs: 1000 })).ok ? true : null), 'dispatch');
    await until(async () => ((await fetch(`${url}/health`)).ok ? true : null), 'realtime');

    // JOBS accepted requests: dispatch creates their jobs from the event, as in production.
    const jwt = jwtConfigFromEnv({ TIREDASH_LOCAL: '1' });
    const jobs = Array.from({ length: JOBS }, () => ({
      requestId: randomUUID(),
      providerId: randomUUID(),
      providerUserId: randomUUID(),
      customerId: randomUUID(),
      customerUserId: randomUUID(),
    }));
    for (const j of jobs) {
      businessOf.set(j.providerUserId, j.providerId);
      await publisher.publishRaw(RequestAccepted.subject, {
        id: randomUUID(),
        subject: RequestAccepted.subject,
        occurredAt: new Date().toISOString(),
        payload: {
          ...j,
          bidId: randomUUID(),
          amount: 100,
          budget: 100,
          paymentMethod: 'cash',
          estimatedArrival: '12',
          closedBids: [],
          acceptedAt: new Date().toISOString(),
          origin: { lat: 37.7, lng: -122.4 },
          destination: { lat: 37.8, lng: -122.3, address: 'Bench St' },
        },
      });
    }
    await until(async () => ((await client.send(GetJobAccess, { requestId: jobs.at(-1)!.requestId }, { timeoutMs: 1000 })).active ? true : null), 'jobs');

    // Before any socket: realtime's memory, to tell what a connected socket costs (bench/capacity.mjs).
    const idleBefore = usage(realtime.pid!);
    const connect = (userId: string, role: 'provider' | 'customer'): Promise<Socket> =>
      new Promise((res, rej) => {
        const token = signAccessToken({ sub: userId, role, email: `${userId}@bench.test` }, jwt);
        const s = ioClient(url, { path: '/socket.io', transports: ['websocket'], auth: { token }, forceNew: true, reconnection: false });
        sockets.push(s);
        s.once('connect', () => res(s));
        s.once('connect_error', rej);
      });
    const latencies: number[] = [];
    const sentAt = new Map<string, number>();
    let delivered = 0;
    const pairs: Array<{ provider: Socket; job: (typeof jobs)[number] }> = [];
    for (let i = 0; i < jobs.length; i += 1) {
      const job = jobs[i]!;
      const customer = await connect(job.customerUserId, 'customer');
      customer.on('driver_location', (p: { lat: number; requestId: string }) => {
        const key = `${p.requestId}|${p.lat}`;
        const t = sentAt.get(key);
        if (t !== undefined) {
          latencies.push(performance.now() - t);
          sentAt.delete(key);
        }
        delivered += 1;
      });
      pairs.push({ provider: await connect(job.providerUserId, 'provider'), job });
    }
    process.stdout.write(`${JOBS} jobs, ${sockets.length} sockets connected; streaming 1 point/s per job for ${SECONDS} s\n`);
    // Connected and silent for IDLE_SECONDS: what holding the sockets costs (heartbeats, timers), and their memory.
    const IDLE_SECONDS = Number(process.env.IDLE_SECONDS ?? 5);
    const idleStart = { at: performance.now(), realtime: usage(realtime.pid!) };
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    const idleEnd = { at: performance.now(), realtime: usage(realtime.pid!) };
    const idle = {
      sockets: sockets.length,
      seconds: Number(((idleEnd.at - idleStart.at) / 1000).toFixed(2)),
      realtimeCpuMs: Math.round((idleEnd.realtime.cpu - idleStart.realtime.cpu) * 1000),
      realtimeRssMbBefore: Number(idleBefore.rssMb.toFixed(1)),
      realtimeRssMbConnected: Number(idleEnd.realtime.rssMb.toFixed(1)),
    };

    const before = { realtime: usage(realtime.pid!), dispatch: usage(dispatch.pid!) };
    const started = performance.now();
    let sent = 0;
    const timers = pairs.map(({ provider, job }, i) => {
      let seq = 0;
      const tick = (): void => {
        seq += 1;
        const lat = Number((37.7 + seq * 0.0002 + (i % 100) * 1e-7).toFixed(7));
        sentAt.set(`${job.requestId}|${lat}`, performance.now());
        provider.emit('driver_location_update', { lat, lng: -122.4 + seq * 0.0002, customerId: job.customerId, requestId: job.requestId });
        sent += 1;
      };
      // Staggered over the first second, then one a second.
      return setTimeout(() => {
        tick();
        timers[i] = setInterval(tick, 1000);
      }, (i * 1000) / JOBS);
    });
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    for (const t of timers) clearInterval(t);
    await new Promise((r) => setTimeout(r, 1500));
    const elapsed = (performance.now() - started) / 1000;
    const after = { realtime: usage(realtime.pid!), dispatch: usage(dispatch.pid!) };
    const health = (await (await fetch(`${url}/health`)).json()) as { locations: unknown };
    const pool = new Pool({ connectionString: db.url, max: 1 });
    const { rows } = await pool.query<{ n: string }>(`SELECT count(*)::text AS n FROM dispatch.track_points`);
    await pool.end();
    latencies.sort((a, b) => a - b);
    const f = (n: number): string => n.toFixed(1);
    // Baseline, same run: a bare Socket.IO server (own process, no auth, adapter or checks) at the same total rate.
    const bare = JSON.parse(
      execFileSync(process.execPath, [resolve(ROOT, 'bench/lib/socket-baseline-cli.mjs'), String(JOBS), String(Math.min(SECONDS, 10))], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      }),
    ) as { rate: number; lost: number; latency: { p50: number; p95: number; p99: number } };
    const p99 = pct(latencies, 99);
    const ratio = p99 / bare.latency.p99;
    const result = {
      jobs: JOBS,
      seconds: SECONDS,
      sent,
      delivered,
      lost: sent - delivered,
      latencyMs: { p50: Number(pct(latencies, 50).toFixed(2)), p95: Number(pct(latencies, 95).toFixed(2)), p99: Number(p99.toFixed(2)) },
      baseline: { bareSocketIo: bare },
      p99OverBare: Number(ratio.toFixed(2)),
      goal: 'p99 <= 5x the bare socket.io p99',
      verdict: ratio <= 5 ? 'ok' : 'MISSED',
      cpuPercent: {
        realtime: Number((((after.realtime.cpu - before.realtime.cpu) / elapsed) * 100).toFixed(1)),
        dispatch: Number((((after.dispatch.cpu - before.dispatch.cpu) / elapsed) * 100).toFixed(1)),
      },
      elapsedSeconds: Number(elapsed.toFixed(2)),
      cpuMs: {
        realtime: Math.round((after.realtime.cpu - before.realtime.cpu) * 1000),
        dispatch: Math.round((after.dispatch.cpu - before.dispatch.cpu) * 1000),
      },
      idle,
    };
    process.stdout.write(
      [
        `sent ${sent} points in ${f(elapsed)} s: ${f(sent / elapsed)} points/s; delivered ${delivered} (${f(delivered / elapsed)}/s), lost ${sent - delivered}`,
        `delivery latency driver_location_update -> driver_location: p50 ${f(pct(latencies, 50))} ms, p95 ${f(pct(latencies, 95))} ms, p99 ${f(pct(latencies, 99))} ms, max ${f(latencies.at(-1) ?? NaN)} ms`,
        `realtime: CPU ${f(((after.realtime.cpu - before.realtime.cpu) / elapsed) * 100)} % of a core, RSS ${f(after.realtime.rssMb)} MB; location stats ${JSON.stringify(health.locations)}`,
        `dispatch: CPU ${f(((after.dispatch.cpu - before.dispatch.cpu) / elapsed) * 100)} % of a core, RSS ${f(after.dispatch.rssMb)} MB; track rows ${rows[0]?.n}`,
        `baseline (same run): bare socket.io emit -> receipt at ${bare.rate}/s: p50 ${f(bare.latency.p50)} ms, p95 ${f(bare.latency.p95)} ms, p99 ${f(bare.latency.p99)} ms (lost ${bare.lost})`,
        `${result.verdict.padEnd(6)} delivery p99 / bare p99: ${f(p99)} / ${f(bare.latency.p99)} = ${result.p99OverBare}x (goal <= 5x)`,
        `BENCH_RESULT ${JSON.stringify(result)}`,
      ].join('\n') + '\n',
    );
  } finally {
    for (const s of sockets) s.disconnect();
    for (const c of children) if (c.pid && c.exitCode === null) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    await ctx.close();
    await stand.close();
    await cleanupNamespace(infra.natsUrl, ns);
    await db.drop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});

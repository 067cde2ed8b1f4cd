import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { ContentPing, DispatchPing, IdentityPing, PaymentsPing, RequestsPing } from '@tiredash/contracts';
import { MessagingConnection } from '@tiredash/messaging';
import type Redis from 'ioredis';
import { Pool } from 'pg';
import type { GatewayConfig } from '../config';
import { GATEWAY_CONFIG } from '../common/gateway-config.token';
import { RpcService } from '../common/rpc.service';
import { REDIS } from './redis.token';

export type CheckName = 'shutdown' | 'postgres' | 'nats' | 'redis' | 'identity' | 'content' | 'realtime' | 'requests' | 'payments' | 'dispatch';
export interface CheckResult {
  ok: boolean;
  ms: number;
  error?: string;
}
export interface ReadinessReport {
  status: 'ready' | 'not ready';
  checks: Record<CheckName, CheckResult>;
  failed: CheckName[];
}

export interface PodReport {
  status: 'ready' | 'not ready';
  checks: Partial<Record<CheckName, CheckResult>>;
  failed: CheckName[];
}

class CheckTimeout extends Error {}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/** /ready: PostgreSQL answers SELECT 1, NATS is connected, Redis answers PING, every domain service answers its ping and realtime its /health. */
@Injectable()
export class ReadinessService implements OnApplicationShutdown {
  private readonly pool: Pool;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly cfg: GatewayConfig,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly nats: MessagingConnection,
    private readonly rpc: RpcService,
  ) {
    this.pool = new Pool({
      connectionString: cfg.databaseUrl,
      max: 1,
      idleTimeoutMillis: 10_000,
      connectionTimeoutMillis: cfg.readyTimeoutMs,
    });
    // An idle client losing its connection must not crash the process; the next check reports it.
    this.pool.on('error', () => undefined);
  }

  async check(): Promise<ReadinessReport> {
    const t = this.cfg.readyTimeoutMs;
    const entries = await Promise.all([
      this.run('postgres', async () => {
        await this.pool.query('SELECT 1');
      }),
      this.run('nats', async () => {
        const nc = this.nats.connection;
        if (nc.isClosed()) throw new Error('connection closed');
        await nc.flush();
      }),
      this.run('redis', async () => {
        const pong = await this.redis.ping();
        if (pong !== 'PONG') throw new Error(`unexpected answer ${pong}`);
      }),
      this.run('identity', async () => {
        await this.rpc.send(IdentityPing, {}, t);
      }),
      this.run('content', async () => {
        await this.rpc.send(ContentPing, {}, t);
      }),
      this.run('requests', async () => {
        await this.rpc.send(RequestsPing, {}, t);
      }),
      this.run('payments', async () => {
        await this.rpc.send(PaymentsPing, {}, t);
      }),
      this.run('dispatch', async () => {
        await this.rpc.send(DispatchPing, {}, t);
      }),
      this.run('realtime', async () => {
        const res = await fetch(`${this.cfg.realtimeUrl}/health`, { signal: AbortSignal.timeout(t) });
        if (res.status !== 200) throw new Error(`/health answered ${res.status}`);
      }),
    ]);
    const checks = Object.fromEntries(entries) as Record<CheckName, CheckResult>;
    const failed = entries.filter(([, r]) => !r.ok).map(([n]) => n);
    return { status: failed.length === 0 ? 'ready' : 'not ready', checks, failed };
  }

  /**
   * /readyz: this pod's own dependencies only, NATS connected and Redis answering PING; the domain services and
   * PostgreSQL (which the gateway does not use for requests) are left out, so one slow service never takes every
   * gateway pod out of the load balancer.
   */
  async checkPod(draining = false): Promise<PodReport> {
    const entries = await Promise.all([
      // Only once SIGTERM came: the pod leaves the load balancer while it finishes the requests it holds.
      ...(draining ? [this.run('shutdown', () => Promise.reject(new Error('shutting down')))] : []),
      this.run('nats', async () => {
        const state = this.nats.natsState;
        if (state !== 'connected') throw new Error(`connection ${state}`);
        await Promise.resolve();
      }),
      this.run('redis', async () => {
        const pong = await this.redis.ping();
        if (pong !== 'PONG') throw new Error(`unexpected answer ${pong}`);
      }),
    ]);
    const failed = entries.filter(([, r]) => !r.ok).map(([n]) => n);
    return { status: failed.length === 0 ? 'ready' : 'not ready', checks: Object.fromEntries(entries), failed };
  }

  /** /livez: the process serves HTTP and its NATS connection is not closed for good (it reconnects forever otherwise). */
  checkLive(): PodReport {
    const closed = this.nats.natsState === 'closed';
    const nats: CheckResult = closed ? { ok: false, ms: 0, error: 'NATS connection closed' } : { ok: true, ms: 0 };
    return { status: closed ? 'not ready' : 'ready', checks: { nats }, failed: closed ? ['nats'] : [] };
  }

  private async run(name: CheckName, fn: () => Promise<void>): Promise<[CheckName, CheckResult]> {
    const start = Date.now();
    try {
      await withTimeout(fn(), this.cfg.readyTimeoutMs);
      return [name, { ok: true, ms: Date.now() - start }];
    } catch (err) {
      return [name, { ok: false, ms: Date.now() - start, error: err instanceof Error ? err.message : String(err) }];
    }
  }

  async onApplicationShutdown(): Promise<void> {
    // Once: the drain (SIGTERM) may already have closed the application.
    if (!this.pool.ended) await this.pool.end();
  }
}

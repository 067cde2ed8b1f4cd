import { Inject, Injectable } from '@nestjs/common';
import { DomainError, GetJobAccess, type JobAccessView } from '@tiredash/contracts';
import { MessagingClient } from '@tiredash/messaging';
import { REALTIME_CONFIG } from '../common/realtime-config.token';
import type { RealtimeConfig } from '../config';

interface Entry {
  /** null: dispatch has no job for the request (not accepted, or its event not applied yet). */
  value: JobAccessView | null;
  until: number;
}

/** A missing job is asked again soon: dispatch creates it a few milliseconds after the acceptance. */
const NEGATIVE_CACHE_MS = 1000;
const MAX_ENTRIES = 100_000;

/**
 * Who may stream points for a request's job and whose room receives them, from dispatch (GetJobAccess), cached
 * per node for REALTIME_JOB_CACHE_MS so a stream of points costs one lookup. Concurrent lookups of one job
 * share one request, and callers awaiting it resume in arrival order (points keep their order).
 */
@Injectable()
export class JobDirectory {
  private readonly cache = new Map<string, Entry>();
  private readonly inflight = new Map<string, Promise<JobAccessView | null>>();

  constructor(
    private readonly messaging: MessagingClient,
    @Inject(REALTIME_CONFIG) private readonly config: RealtimeConfig,
  ) {}

  /** The cached answer when fresh (undefined: not cached). */
  peek(requestId: string): JobAccessView | null | undefined {
    const hit = this.cache.get(requestId);
    if (hit && hit.until > Date.now()) return hit.value;
    return undefined;
  }

  /** Rejects with a DomainError (UNAVAILABLE, TIMEOUT) when dispatch cannot answer. */
  lookup(requestId: string): Promise<JobAccessView | null> {
    const hit = this.peek(requestId);
    if (hit !== undefined) return Promise.resolve(hit);
    const pending = this.inflight.get(requestId);
    if (pending) return pending;
    const p = this.fetch(requestId).finally(() => this.inflight.delete(requestId));
    this.inflight.set(requestId, p);
    return p;
  }

  /** Drops a job's entry (after a state change this node saw). */
  forget(requestId: string): void {
    this.cache.delete(requestId);
  }

  private async fetch(requestId: string): Promise<JobAccessView | null> {
    let value: JobAccessView | null;
    try {
      value = await this.messaging.send(GetJobAccess, { requestId }, { timeoutMs: this.config.rpcTimeoutMs });
    } catch (err) {
      if (!(err instanceof DomainError) || err.code !== 'NOT_FOUND') throw err;
      value = null;
    }
    if (this.cache.size >= MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value as string);
    const ttl = value === null ? Math.min(NEGATIVE_CACHE_MS, this.config.jobCacheMs) : this.config.jobCacheMs;
    if (ttl > 0) this.cache.set(requestId, { value, until: Date.now() + ttl });
    return value;
  }
}

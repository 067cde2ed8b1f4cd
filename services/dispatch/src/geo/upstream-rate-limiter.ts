import type Redis from 'ioredis';

/**
 * Takes one slot of a fixed one-second window in Redis, timed by the Redis server's clock (TIME), so that every
 * replica shares one budget and clock skew between pods cannot open a second window. KEYS[1]: the bucket's key
 * prefix; ARGV[1]: slots per second. Answers {1, 0} when taken, {0, ms to the next window} when spent.
 */
const TAKE_SCRIPT = `
local t = redis.call('TIME')
local nowMs = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local second = math.floor(nowMs / 1000)
local key = KEYS[1] .. ':' .. second
local n = redis.call('INCR', key)
if n == 1 then redis.call('PEXPIRE', key, 2000) end
if n > tonumber(ARGV[1]) then return {0, 1000 - (nowMs % 1000)} end
return {1, 0}
`;

export interface TakeResult {
  ok: boolean;
  /** When refused: milliseconds until the next window opens. */
  retryAfterMs: number;
}

/**
 * One global budget of upstream calls per second, per upstream (`geocoder`, `directions`), shared by every
 * dispatch replica through Redis: the public Nominatim and OSRM demo servers allow one request a second for the
 * whole application, whatever the number of pods. Callers that can wait (an explicit search) wait up to
 * `maxWaitMs` for a slot; the others get a refusal at once.
 */
export class UpstreamRateLimiter {
  constructor(
    private readonly redis: Redis,
    /** Key prefix of the buckets (per NATS namespace, so test stacks never share one). */
    private readonly prefix: string,
    private readonly perSecond: Record<string, number>,
  ) {}

  async take(bucket: string, maxWaitMs = 0): Promise<TakeResult> {
    const limit = this.perSecond[bucket];
    if (limit === undefined) throw new Error(`no upstream rate configured for ${bucket}`);
    const deadline = Date.now() + maxWaitMs;
    for (;;) {
      const [taken, retryAfterMs] = (await this.redis.eval(TAKE_SCRIPT, 1, `${this.prefix}${bucket}`, String(limit))) as [number, number];
      if (taken === 1) return { ok: true, retryAfterMs: 0 };
      // Spread the waiters over the next window instead of all retrying at its first millisecond.
      const wait = retryAfterMs + Math.floor(Math.random() * 50);
      if (Date.now() + wait > deadline) return { ok: false, retryAfterMs };
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

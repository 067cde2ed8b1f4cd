import { Inject, Injectable, Logger } from '@nestjs/common';
import { DomainError } from '@tiredash/contracts';
import type Redis from 'ioredis';
import { GATEWAY_CONFIG } from '../common/gateway-config.token';
import type { GatewayConfig } from '../config';
import { REDIS } from '../health/redis.token';

/**
 * Bytes a window: INCRBY the account's counter (its window starts with its first upload), give the bytes back and
 * answer the time left when the new total is over the limit. One round trip, atomic across gateway replicas.
 */
const TAKE = `
local total = redis.call('INCRBY', KEYS[1], ARGV[1])
if total == tonumber(ARGV[1]) then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
if total > tonumber(ARGV[2]) then
  redis.call('DECRBY', KEYS[1], ARGV[1])
  return {0, redis.call('PTTL', KEYS[1]), total - tonumber(ARGV[1])}
end
return {1, 0, total}`;

const MB = 1024 * 1024;
const mb = (bytes: number): string => `${Math.round((bytes / MB) * 10) / 10} MB`;

/**
 * The bytes an account may upload per window (UPLOAD_BYTES_LIMIT per UPLOAD_BYTES_LIMIT_WINDOW_MS, a day by
 * default), beside the count of upload calls (UPLOAD_RATE_LIMIT): 30 calls of 10 files of 5 MB would otherwise be
 * 1.5 GB an hour from one account. Taken before anything is written, given back when the upload is not kept.
 * Redis unreachable: the upload goes on (like the other limits), since refusing every upload would take the
 * feature down with Redis.
 */
@Injectable()
export class UploadBytesBudget {
  private readonly logger = new Logger(UploadBytesBudget.name);

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  private key(userId: string): string {
    return `${this.config.natsNamespace || 'tiredash'}:upload-bytes:${userId}`;
  }

  /** Takes `bytes` from the account's budget, or refuses with 429 RATE_LIMITED (retryAfterSeconds) and takes nothing. */
  async take(userId: string, bytes: number): Promise<void> {
    const { max, windowMs } = this.config.uploadBytesLimit;
    let answer: [number, number, number];
    try {
      answer = (await this.redis.eval(TAKE, 1, this.key(userId), bytes, max, windowMs)) as [number, number, number];
    } catch (err) {
      this.logger.warn(`upload byte budget not checked (Redis): ${err instanceof Error ? err.message : String(err)}`);
      return;
    }
    const [ok, ttlMs, used] = answer;
    if (ok === 1) return;
    const retryAfterSeconds = Math.max(1, Math.ceil(ttlMs / 1000));
    throw new DomainError(
      'RATE_LIMITED',
      `Upload limit reached: ${mb(used)} of ${mb(max)} used, and these files are ${mb(bytes)}. Try again in ${Math.ceil(retryAfterSeconds / 3600)} h`,
      { retryAfterSeconds, limitBytes: max, usedBytes: used },
    );
  }

  /** Gives back bytes taken for an upload that was not kept. */
  async giveBack(userId: string, bytes: number): Promise<void> {
    await this.redis.decrby(this.key(userId), bytes).catch(() => undefined);
  }
}

import { revokedTokenKey, sessionEndedChannel, type TokenRevocations } from '@tiredash/auth';
import type Redis from 'ioredis';

/**
 * Ended sessions in Redis (every gateway replica and realtime see them): a revoked token's id is kept until the
 * token would have expired anyway. Redis unreachable: the token is taken as valid (the limiter does the same),
 * since refusing every request would take the whole site down with Redis.
 */
export class RedisTokenRevocations implements TokenRevocations {
  constructor(
    private readonly redis: Redis,
    private readonly namespace: string,
  ) {}

  async isRevoked(token: { jti: string | null }): Promise<boolean> {
    if (!token.jti) return false;
    try {
      return (await this.redis.exists(revokedTokenKey(this.namespace, token.jti))) === 1;
    } catch {
      return false;
    }
  }

  /** Ends the session of one token until its expiry (`exp`, seconds since the epoch). */
  async revoke(jti: string, exp: number): Promise<void> {
    const ttl = Math.max(1, exp - Math.floor(Date.now() / 1000));
    await this.redis.set(revokedTokenKey(this.namespace, jti), '1', 'EX', ttl);
    // Realtime disconnects the sockets opened with it, on every node.
    await this.redis.publish(sessionEndedChannel(this.namespace), jti);
  }
}

import { refusedBySessionState, revokedTokenKey, sessionEndedChannel, sessionVersionKey, userSessionsEndedMessage, type TokenRevocations } from '@tiredash/auth';
import type Redis from 'ioredis';

/**
 * Keeps a user's session version at least `version` (a redelivered or late event never lowers it) for `ttl`
 * seconds; answers the version now stored.
 */
const RAISE_VERSION = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local wanted = tonumber(ARGV[1])
if wanted >= current then
  redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
  return wanted
end
return current`;

/**
 * Ended sessions in Redis (every gateway replica and realtime see them): a revoked token's id is kept until the
 * token would have expired anyway, and a user's session version (raised by a role, approval or password change)
 * for as long as a token issued before it could live. Both are read with ONE round trip per request (MGET: the bid
 * path is hot). Redis unreachable: the token is taken as valid (the limiter does the same), since refusing every
 * request would take the whole site down with Redis.
 */
export class RedisTokenRevocations implements TokenRevocations {
  constructor(
    private readonly redis: Redis,
    private readonly namespace: string,
    /** The longest an access token lives (JWT_EXPIRES_IN_SECONDS): a session version is kept that long. */
    private readonly accessTokenSeconds: number,
  ) {}

  async isRevoked(token: { jti: string | null; sub: string; sv: number }): Promise<boolean> {
    try {
      const versionKey = sessionVersionKey(this.namespace, token.sub);
      if (!token.jti) return refusedBySessionState(token, null, await this.redis.get(versionKey));
      const [revoked, version] = await this.redis.mget(revokedTokenKey(this.namespace, token.jti), versionKey);
      return refusedBySessionState(token, revoked ?? null, version ?? null);
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

  /**
   * Ends every token of the user issued before `version` (identity raised it): refused from now on by every replica
   * and the socket handshake, and realtime disconnects their open sockets.
   */
  async endSessionsBefore(userId: string, version: number): Promise<void> {
    // At least a day: identity may be configured with longer-lived tokens than this replica knows of.
    const ttl = Math.max(this.accessTokenSeconds, 86_400) + 60;
    const stored = Number(await this.redis.eval(RAISE_VERSION, 1, sessionVersionKey(this.namespace, userId), String(version), String(ttl)));
    await this.redis.publish(sessionEndedChannel(this.namespace), userSessionsEndedMessage(userId, stored));
  }
}

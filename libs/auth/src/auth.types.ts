import type { Actor } from '@tiredash/contracts';

/** What the guards need of an HTTP request (Fastify's and Express's both fit). */
export interface AuthenticatedRequest {
  headers: Record<string, string | string[] | undefined>;
  actor?: Actor;
}

export const JWT_CONFIG = Symbol('JWT_CONFIG');

/** Ended sessions: a token revoked before its expiry (logout) is refused like an invalid one. */
export interface TokenRevocations {
  isRevoked(token: { jti: string | null; sub: string }): Promise<boolean>;
}

export const TOKEN_REVOCATIONS = Symbol('TOKEN_REVOCATIONS');

/** The Redis key marking a revoked token (shared by the gateway, which writes it, and realtime, which reads it). */
export function revokedTokenKey(namespace: string, jti: string): string {
  return `${namespace || 'tiredash'}:revoked-token:${jti}`;
}

/** The Redis pub/sub channel on which the gateway announces a revoked token id: realtime disconnects its sockets. */
export function sessionEndedChannel(namespace: string): string {
  return `${namespace || 'tiredash'}:session-ended`;
}

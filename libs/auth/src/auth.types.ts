import type { Actor } from '@tiredash/contracts';

/** What the guards need of an HTTP request (Fastify's and Express's both fit). */
export interface AuthenticatedRequest {
  headers: Record<string, string | string[] | undefined>;
  actor?: Actor;
}

export const JWT_CONFIG = Symbol('JWT_CONFIG');

/**
 * Ended sessions: a token revoked before its expiry (logout), or issued before its user's current session version
 * (a role, approval or password change), is refused like an invalid one.
 */
export interface TokenRevocations {
  isRevoked(token: { jti: string | null; sub: string; sv: number }): Promise<boolean>;
}

export const TOKEN_REVOCATIONS = Symbol('TOKEN_REVOCATIONS');

/** The Redis key marking a revoked token (shared by the gateway, which writes it, and realtime, which reads it). */
export function revokedTokenKey(namespace: string, jti: string): string {
  return `${namespace || 'tiredash'}:revoked-token:${jti}`;
}

/**
 * The Redis key holding a user's session version (written by the gateway from identity's UserSessionsRevoked, read
 * by the gateway and realtime): a token whose `sv` is lower was issued before the change and is refused.
 */
export function sessionVersionKey(namespace: string, userId: string): string {
  return `${namespace || 'tiredash'}:session-version:${userId}`;
}

/**
 * The Redis pub/sub channel on which the gateway announces ended sessions: a revoked token id (logout), or
 * `user:<userId>:<version>` (every token of the user older than that version). Realtime disconnects their sockets.
 */
export function sessionEndedChannel(namespace: string): string {
  return `${namespace || 'tiredash'}:session-ended`;
}

/** The message announcing that a user's tokens older than `version` ended. */
export function userSessionsEndedMessage(userId: string, version: number): string {
  return `user:${userId}:${version}`;
}

/** A session-ended message: one token id, or a user's tokens below a version. */
export type SessionEnded = { kind: 'token'; jti: string } | { kind: 'user'; userId: string; version: number };

export function parseSessionEnded(message: string): SessionEnded | null {
  const user = /^user:([0-9a-f-]{36}):(\d+)$/i.exec(message);
  if (user?.[1] && user[2]) return { kind: 'user', userId: user[1], version: Number(user[2]) };
  if (message && !message.includes(':')) return { kind: 'token', jti: message };
  return null;
}

/** Whether a token is refused by what Redis holds: its id revoked, or its session version below the user's. */
export function refusedBySessionState(token: { sv: number }, revokedFlag: string | null, currentVersion: string | null): boolean {
  if (revokedFlag !== null) return true;
  if (currentVersion === null) return false;
  const v = Number(currentVersion);
  return Number.isFinite(v) && token.sv < v;
}

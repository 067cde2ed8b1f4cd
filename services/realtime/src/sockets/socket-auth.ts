import { verifyAccessToken, type JwtConfig, type VerifiedAccessToken } from '@tiredash/auth';
import type { Actor } from '@tiredash/contracts';

/** What the handshake offers: socket.io's `handshake` (auth payload, headers, query). */
export interface HandshakeLike {
  auth?: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, string | string[] | undefined>;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * The access token of a handshake: `auth.token`, else `Authorization: Bearer`. Never a URL query parameter: URLs end
 * up in access logs, proxies and browser history.
 */
export function extractHandshakeToken(h: HandshakeLike): string | null {
  const fromAuth = h.auth?.token;
  if (typeof fromAuth === 'string' && fromAuth.trim() !== '') return fromAuth.trim().replace(/^Bearer\s+/i, '');
  const header = h.headers.authorization;
  const headerValue = Array.isArray(header) ? header[0] : header;
  const m = headerValue ? BEARER.exec(headerValue) : null;
  if (m?.[1]) return m[1];
  return null;
}

/** The verified token of a handshake, or null (no token, bad signature, expired, wrong issuer/audience). */
export function verifyHandshake(h: HandshakeLike, jwt: JwtConfig): VerifiedAccessToken | null {
  const token = extractHandshakeToken(h);
  if (!token) return null;
  try {
    return verifyAccessToken(token, jwt);
  } catch {
    return null;
  }
}

/** The verified caller of a handshake, or null. */
export function authenticateHandshake(h: HandshakeLike, jwt: JwtConfig): NonNullable<Actor> | null {
  const claims = verifyHandshake(h, jwt);
  return claims ? { userId: claims.sub, role: claims.role } : null;
}

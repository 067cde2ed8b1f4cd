import type { AuthResponse, SessionRenewed } from '@tiredash/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../config';

/** The refresh token's cookie: httpOnly (no script reads it), sent back only to /api/auth (refresh and logout). */
export const REFRESH_COOKIE = 'tiredash_refresh';
export const REFRESH_COOKIE_PATH = '/api/auth';

/** Secure on https (X-Forwarded-Proto counts behind TRUST_PROXY) and always in production. */
function secureFlag(config: GatewayConfig): true | 'auto' {
  return config.nodeEnv === 'production' ? true : 'auto';
}

/** Sets the refresh cookie of a session identity issued (none when it rotated nothing) and answers the spec's `{jwt, user}` only. */
export function sendSession(reply: FastifyReply, session: SessionRenewed, config: GatewayConfig): AuthResponse {
  if (session.refresh === null) return { jwt: session.jwt, user: session.user };
  const maxAge = Math.max(1, Math.floor((Date.parse(session.refresh.expiresAt) - Date.now()) / 1000));
  void reply.setCookie(REFRESH_COOKIE, session.refresh.token, {
    httpOnly: true,
    sameSite: 'strict',
    path: REFRESH_COOKIE_PATH,
    secure: secureFlag(config),
    maxAge,
  });
  return { jwt: session.jwt, user: session.user };
}

export function clearRefreshCookie(reply: FastifyReply): void {
  void reply.clearCookie(REFRESH_COOKIE, { httpOnly: true, sameSite: 'strict', path: REFRESH_COOKIE_PATH });
}

export function refreshCookieOf(req: FastifyRequest): string | undefined {
  const value = req.cookies[REFRESH_COOKIE];
  return value && value.length >= 20 && value.length <= 200 ? value : undefined;
}

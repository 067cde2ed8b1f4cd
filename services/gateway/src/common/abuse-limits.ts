import type { FastifyRequest } from 'fastify';

/** One limit: at most `max` calls per `windowMs`, per key. */
export interface AbuseLimit {
  max: number;
  windowMs: number;
}

/**
 * Limits where abuse is cheap (issue Trust, item 6), counted in Redis so every gateway replica shares them:
 * registrations per client address, card authorisations and attachments, uploads, request creation and bids per
 * account (the token's subject; the client address when there is none).
 */
export interface AbuseLimits {
  register: AbuseLimit;
  payment: AbuseLimit;
  upload: AbuseLimit;
  requestCreate: AbuseLimit;
  bid: AbuseLimit;
  /** Job chat messages sent (POST /api/service-requests/{id}/messages). */
  chat: AbuseLimit;
}

export type AbuseLimitName = keyof AbuseLimits;

export const DEFAULT_ABUSE_LIMITS: AbuseLimits = {
  register: { max: 5, windowMs: 10 * 60_000 },
  payment: { max: 10, windowMs: 10 * 60_000 },
  upload: { max: 30, windowMs: 60 * 60_000 },
  requestCreate: { max: 10, windowMs: 60 * 60_000 },
  bid: { max: 60, windowMs: 60_000 },
  chat: { max: 30, windowMs: 60_000 },
};

/** Bytes an account may upload a day, all its files together (services/gateway/src/content/upload-bytes-budget.ts). */
export const DEFAULT_UPLOAD_BYTES_LIMIT: AbuseLimit = { max: 100 * 1024 * 1024, windowMs: 24 * 60 * 60_000 };

let current: AbuseLimits = DEFAULT_ABUSE_LIMITS;

/** The gateway's configured limits (bootstrap sets them before the first request). */
export function setAbuseLimits(limits: AbuseLimits): void {
  current = limits;
}

/** The account a request acts for: the bearer token's subject (not verified here: a forged one fails auth next). */
export function accountKey(req: Pick<FastifyRequest, 'headers' | 'ip'>): string {
  const auth = req.headers.authorization;
  const token = typeof auth === 'string' && auth.startsWith('Bearer ') ? auth.slice(7) : null;
  const payload = token?.split('.')[1];
  if (payload) {
    try {
      const sub = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: unknown }).sub;
      if (typeof sub === 'string' && sub.length > 0 && sub.length <= 64) return `user:${sub}`;
    } catch {
      // not a JWT: counted by address
    }
  }
  return `ip:${req.ip}`;
}

/** Fastify route config for @fastify/rate-limit: the named limit, keyed by address or account (each route counts on its own). */
export function abuseLimit(name: AbuseLimitName, by: 'address' | 'account') {
  return {
    rateLimit: {
      groupId: `:${name}`,
      max: async () => current[name].max,
      timeWindow: async () => current[name].windowMs,
      keyGenerator: (req: FastifyRequest) => (by === 'address' ? `ip:${req.ip}` : accountKey(req)),
    },
  };
}

import type { Actor } from '@tiredash/contracts';

/** What the guards need of an HTTP request (Fastify's and Express's both fit). */
export interface AuthenticatedRequest {
  headers: Record<string, string | string[] | undefined>;
  actor?: Actor;
}

export const JWT_CONFIG = Symbol('JWT_CONFIG');

import { Inject, Injectable, Optional, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError, type Role } from '@tiredash/contracts';
import { IS_PUBLIC_KEY, OPTIONAL_AUTH_KEY, ROLES_KEY } from './auth.decorators';
import { JWT_CONFIG, TOKEN_REVOCATIONS, type AuthenticatedRequest, type TokenRevocations } from './auth.types';
import type { JwtConfig } from './jwt-config';
import { verifyAccessToken } from './jwt';

/** The bearer token of the request, undefined when there is no Authorization header. */
export function bearerToken(req: AuthenticatedRequest): string | undefined {
  const raw = req.headers['authorization'];
  const header = Array.isArray(raw) ? raw[0] : raw;
  if (header === undefined || header.trim() === '') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) throw new DomainError('UNAUTHENTICATED', 'Authorization header must be "Bearer <token>"');
  return match[1];
}

/**
 * Verifies `Authorization: Bearer <jwt>` and sets `request.actor`.
 * Routes are protected by default; `@Public()` routes skip the check, `@OptionalAuth()` routes
 * get actor = null without a token (an invalid token is still refused).
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(JWT_CONFIG) private readonly cfg: JwtConfig,
    @Optional() @Inject(TOKEN_REVOCATIONS) private readonly revocations?: TokenRevocations,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (ctx.getType() !== 'http') return true;
    const targets = [ctx.getHandler(), ctx.getClass()];
    const req = ctx.switchToHttp().getRequest<AuthenticatedRequest>();
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, targets)) {
      req.actor = null;
      return true;
    }
    const optional = this.reflector.getAllAndOverride<boolean>(OPTIONAL_AUTH_KEY, targets) === true;
    const token = bearerToken(req);
    if (token === undefined) {
      if (optional) {
        req.actor = null;
        return true;
      }
      throw new DomainError('UNAUTHENTICATED', 'Authentication required');
    }
    const claims = verifyAccessToken(token, this.cfg);
    if (this.revocations && (await this.revocations.isRevoked(claims))) throw new DomainError('UNAUTHENTICATED', 'Session ended: sign in again');
    req.actor = { userId: claims.sub, role: claims.role };
    return true;
  }
}

/** Enforces `@Roles(...)`: 401 without a caller, 403 when the caller's role is not listed. */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(ctx: ExecutionContext): boolean {
    if (ctx.getType() !== 'http') return true;
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [ctx.getHandler(), ctx.getClass()]);
    if (!roles || roles.length === 0) return true;
    const actor = ctx.switchToHttp().getRequest<AuthenticatedRequest>().actor ?? null;
    if (actor === null) throw new DomainError('UNAUTHENTICATED', 'Authentication required');
    if (actor.role === null || !roles.includes(actor.role)) {
      throw new DomainError('FORBIDDEN', `Only ${roles.join(' or ')} may do this`);
    }
    return true;
  }
}

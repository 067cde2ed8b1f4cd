import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { Actor, Role } from '@tiredash/contracts';
import type { AuthenticatedRequest } from './auth.types';

export const IS_PUBLIC_KEY = 'tiredash:auth:public';
export const OPTIONAL_AUTH_KEY = 'tiredash:auth:optional';
export const ROLES_KEY = 'tiredash:auth:roles';

/** The route needs no token; a token, if sent, is ignored. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC_KEY, true);

/** The route works without a token (actor = null); a token, if sent, must be valid. */
export const OptionalAuth = (): MethodDecorator & ClassDecorator => SetMetadata(OPTIONAL_AUTH_KEY, true);

/** Only callers with one of these roles pass `RolesGuard`. */
export const Roles = (...roles: Role[]): MethodDecorator & ClassDecorator => SetMetadata(ROLES_KEY, roles);

/** The caller, as set by `JwtAuthGuard` (null when anonymous). */
export const CurrentActor = createParamDecorator((_data: unknown, ctx: ExecutionContext): Actor => {
  const req = ctx.switchToHttp().getRequest<AuthenticatedRequest>();
  return req.actor ?? null;
});

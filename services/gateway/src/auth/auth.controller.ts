import { Body, Controller, Headers, HttpCode, Inject, Post } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiTags } from '@nestjs/swagger';
import { JWT_CONFIG, Public, verifyAccessToken, type JwtConfig } from '@tiredash/auth';
import { RedisTokenRevocations } from './token-revocations';
import { DomainError, Login, RegisterUser, loginBodySchema, registerBodySchema, type AuthResponse } from '@tiredash/contracts';
import { abuseLimit } from '../common/abuse-limits';
import { ApiRoute } from '../common/api-docs.decorators';
import { RpcService } from '../common/rpc.service';
import { parseOrThrow } from '../common/validation';

/** Fastify route config read by @fastify/rate-limit (limits and key come from the plugin options). */
export const LOGIN_RATE_LIMIT_GROUP = { rateLimit: { groupId: ':login' } };
/** Registrations per client address (REGISTER_RATE_LIMIT): 15 sign-ups from one address in seconds are refused. */
export const REGISTER_RATE_LIMIT_GROUP = abuseLimit('register', 'address');

@ApiTags('auth')
@Controller('api/auth/local')
export class AuthController {
  constructor(private readonly rpc: RpcService) {}

  @Public()
  @Post()
  @HttpCode(200)
  @RouteConfig(LOGIN_RATE_LIMIT_GROUP)
  @ApiRoute({ summary: 'Log in with email (identifier) and password; returns jwt and user', body: loginBodySchema, auth: false, errors: [400, 401, 429] })
  login(@Body() raw: unknown): Promise<AuthResponse> {
    return this.rpc.send(Login, parseOrThrow(loginBodySchema, raw));
  }

  @Public()
  @Post('register')
  @HttpCode(200)
  @RouteConfig(REGISTER_RATE_LIMIT_GROUP)
  @ApiRoute({ summary: 'Register a user (role customer or provider); returns jwt and user', body: registerBodySchema, auth: false, errors: [400, 403, 409, 429] })
  register(@Body() raw: unknown): Promise<AuthResponse> {
    if (requestsAdminRole(raw)) {
      throw new DomainError('ROLE_NOT_ALLOWED', 'Nobody can register as admin', [
        { path: 'role', message: 'The admin role cannot be chosen' },
      ]);
    }
    return this.rpc.send(RegisterUser, parseOrThrow(registerBodySchema, raw));
  }
}

function requestsAdminRole(raw: unknown): boolean {
  if (typeof raw !== 'object' || raw === null) return false;
  const role = (raw as { role?: unknown }).role;
  return typeof role === 'string' && role.trim().toLowerCase() === 'admin';
}

/** POST /api/auth/logout: ends the caller's session. */
@ApiTags('auth')
@Controller('api/auth')
export class SessionsController {
  constructor(
    private readonly revocations: RedisTokenRevocations,
    @Inject(JWT_CONFIG) private readonly jwt: JwtConfig,
  ) {}

  /** Ends this session: the token is refused from now on (every replica, and the socket handshake). */
  @Post('logout')
  @HttpCode(204)
  @ApiRoute({ summary: 'Log out: the bearer token is revoked until it would have expired', errors: [401] })
  async logout(@Headers('authorization') authorization: string | undefined): Promise<void> {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
    if (!token) throw new DomainError('UNAUTHENTICATED', 'Authentication required');
    const claims = verifyAccessToken(token, this.jwt);
    if (claims.jti) await this.revocations.revoke(claims.jti, claims.exp);
  }

}

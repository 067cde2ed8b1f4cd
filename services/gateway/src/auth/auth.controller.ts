import { Body, Controller, Headers, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiTags } from '@nestjs/swagger';
import { JWT_CONFIG, Public, verifyAccessToken, type JwtConfig } from '@tiredash/auth';
import {
  DomainError,
  EndRefreshFamily,
  Login,
  RefreshSession,
  RegisterUser,
  loginBodySchema,
  registerBodySchema,
  type AuthResponse,
} from '@tiredash/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RedisTokenRevocations } from './token-revocations';
import { clearRefreshCookie, refreshCookieOf, sendSession } from './refresh-cookie';
import { abuseLimit } from '../common/abuse-limits';
import { GATEWAY_CONFIG } from '../common/gateway-config.token';
import type { GatewayConfig } from '../config';
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
  constructor(
    private readonly rpc: RpcService,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Public()
  @Post()
  @HttpCode(200)
  @RouteConfig(LOGIN_RATE_LIMIT_GROUP)
  @ApiRoute({
    summary: 'Log in with email (identifier) and password; returns jwt and user, and sets the refresh cookie (httpOnly)',
    body: loginBodySchema,
    auth: false,
    errors: [400, 401, 429],
  })
  async login(@Body() raw: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<AuthResponse> {
    return sendSession(reply, await this.rpc.send(Login, parseOrThrow(loginBodySchema, raw)), this.config);
  }

  @Public()
  @Post('register')
  @HttpCode(200)
  @RouteConfig(REGISTER_RATE_LIMIT_GROUP)
  @ApiRoute({
    summary: 'Register a user (role customer or provider); returns jwt and user, and sets the refresh cookie (httpOnly)',
    body: registerBodySchema,
    auth: false,
    errors: [400, 403, 409, 429],
  })
  async register(@Body() raw: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<AuthResponse> {
    if (requestsAdminRole(raw)) {
      throw new DomainError('ROLE_NOT_ALLOWED', 'Nobody can register as admin', [
        { path: 'role', message: 'The admin role cannot be chosen' },
      ]);
    }
    return sendSession(reply, await this.rpc.send(RegisterUser, parseOrThrow(registerBodySchema, raw)), this.config);
  }
}

function requestsAdminRole(raw: unknown): boolean {
  if (typeof raw !== 'object' || raw === null) return false;
  const role = (raw as { role?: unknown }).role;
  return typeof role === 'string' && role.trim().toLowerCase() === 'admin';
}

/** POST /api/auth/refresh and POST /api/auth/logout: sessions go on, or end. */
@ApiTags('auth')
@Controller('api/auth')
export class SessionsController {
  constructor(
    private readonly rpc: RpcService,
    private readonly revocations: RedisTokenRevocations,
    @Inject(JWT_CONFIG) private readonly jwt: JwtConfig,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /**
   * Exchanges the refresh cookie for a new access token (`{jwt, user}`, with the user's current role and claims) and
   * a new refresh cookie of the same family; the old refresh token is spent. A spent token presented again ends the
   * whole family (it was stolen, or replayed): 401, the cookie cleared.
   */
  @Public()
  @Post('refresh')
  @HttpCode(200)
  @ApiRoute({ summary: 'Renew the access token with the refresh cookie (rotated); returns jwt and user', auth: false, errors: [401] })
  async refresh(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<AuthResponse> {
    const refreshToken = refreshCookieOf(req);
    if (!refreshToken) {
      clearRefreshCookie(reply);
      throw new DomainError('UNAUTHENTICATED', 'No session to renew: sign in again');
    }
    try {
      return sendSession(reply, await this.rpc.send(RefreshSession, { refreshToken }), this.config);
    } catch (err) {
      if (err instanceof DomainError && err.code === 'UNAUTHENTICATED') clearRefreshCookie(reply);
      throw err;
    }
  }

  /**
   * Ends this session: the bearer token is refused from now on (every replica, and the socket handshake), the refresh
   * family of the cookie is ended and the cookie cleared. An expired bearer with the cookie still ends the family.
   */
  @Public()
  @Post('logout')
  @HttpCode(204)
  @ApiRoute({ summary: 'Log out: the bearer token is revoked until it would have expired, the refresh cookie ended and cleared', errors: [401] })
  async logout(
    @Headers('authorization') authorization: string | undefined,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
    const refreshToken = refreshCookieOf(req);
    if (!token && !refreshToken) throw new DomainError('UNAUTHENTICATED', 'Authentication required');
    clearRefreshCookie(reply);
    if (refreshToken) await this.rpc.send(EndRefreshFamily, { refreshToken });
    if (!token) return;
    let claims;
    try {
      claims = verifyAccessToken(token, this.jwt);
    } catch (err) {
      // The refresh family is ended: an expired access token has nothing left to revoke.
      if (refreshToken) return;
      throw err;
    }
    if (claims.jti) await this.revocations.revoke(claims.jti, claims.exp);
  }
}

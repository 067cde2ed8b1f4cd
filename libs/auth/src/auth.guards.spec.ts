import { randomUUID } from 'node:crypto';
import { Catch, Controller, Get, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { DomainError, httpStatusOf, type Actor } from '@tiredash/contracts';
import type { FastifyReply } from 'fastify';
import { CurrentActor, OptionalAuth, Public, Roles } from './auth.decorators';
import { AuthModule } from './auth.module';
import type { JwtConfig } from './jwt-config';
import { signAccessToken } from './jwt';

const cfg: JwtConfig = { secret: 'guard-test-secret-long-enough-0123456789', issuer: 'i', audience: 'a', expiresInSeconds: 60 };

@Catch(DomainError)
class DomainErrorFilter implements ExceptionFilter {
  catch(err: DomainError, host: ArgumentsHost): void {
    void host.switchToHttp().getResponse<FastifyReply>().status(httpStatusOf(err.code)).send({ code: err.code });
  }
}

@Controller()
class ProbeController {
  @Get('private')
  priv(@CurrentActor() actor: Actor) {
    return { actor };
  }

  @Public()
  @Get('public')
  pub(@CurrentActor() actor: Actor) {
    return { actor };
  }

  @OptionalAuth()
  @Get('optional')
  opt(@CurrentActor() actor: Actor) {
    return { actor };
  }

  @Roles('admin')
  @Get('admin')
  admin() {
    return { ok: true };
  }
}

describe('JwtAuthGuard and RolesGuard', () => {
  let app: NestFastifyApplication;
  const userId = randomUUID();
  const token = (role: 'customer' | 'admin' | null) => signAccessToken({ sub: userId, role, email: 'u@x.io' }, cfg);
  const get = (url: string, auth?: string) =>
    app.inject({ method: 'GET', url, headers: auth === undefined ? {} : { authorization: auth } });

  beforeAll(async () => {
    const mod = await Test.createTestingModule({
      imports: [AuthModule.forRoot({ jwt: cfg })],
      controllers: [ProbeController],
      providers: [{ provide: APP_FILTER, useClass: DomainErrorFilter }],
    }).compile();
    app = mod.createNestApplication<NestFastifyApplication>(new FastifyAdapter());
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('protects routes by default and sets the actor from the token', async () => {
    expect((await get('/private')).statusCode).toBe(401);
    const ok = await get('/private', `Bearer ${token('customer')}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ actor: { userId, role: 'customer' } });
  });

  it('refuses a bad token and a malformed header', async () => {
    expect((await get('/private', 'Bearer nonsense')).statusCode).toBe(401);
    expect((await get('/private', `Token ${token('customer')}`)).statusCode).toBe(401);
    const foreign = signAccessToken({ sub: userId, role: 'admin', email: 'u@x.io' }, { ...cfg, secret: 'x'.repeat(40) });
    expect((await get('/private', `Bearer ${foreign}`)).statusCode).toBe(401);
  });

  it('lets @Public routes through with actor null', async () => {
    const res = await get('/public');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ actor: null });
  });

  it('gives @OptionalAuth routes null without a token, the actor with one, 401 with a bad one', async () => {
    expect((await get('/optional')).json()).toEqual({ actor: null });
    expect((await get('/optional', `Bearer ${token(null)}`)).json()).toEqual({ actor: { userId, role: null } });
    expect((await get('/optional', 'Bearer broken')).statusCode).toBe(401);
  });

  it('enforces @Roles', async () => {
    expect((await get('/admin')).statusCode).toBe(401);
    const forbidden = await get('/admin', `Bearer ${token('customer')}`);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ code: 'FORBIDDEN' });
    expect((await get('/admin', `Bearer ${token('admin')}`)).statusCode).toBe(200);
  });
});

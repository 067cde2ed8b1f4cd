import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import type { HelmetOptions } from 'helmet';
import { registerSecurityHeaders, securityHeaders } from './security-headers';

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", 'https://js.stripe.com'],
      imgSrc: ["'self'", 'data:', 'https:'],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

async function headersOf(register: (app: ReturnType<typeof Fastify>) => Promise<void> | void): Promise<Record<string, unknown>> {
  const app = Fastify();
  await register(app);
  app.get('/', async () => ({ ok: true }));
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  const { date: _date, 'content-length': _len, connection: _c, ...rest } = res.headers;
  return rest;
}

describe('security headers computed once', () => {
  it("answers exactly the headers @fastify/helmet answers for the same options", async () => {
    const once = await headersOf((app) => registerSecurityHeaders(app, OPTIONS));
    const perRequest = await headersOf(async (app) => {
      await app.register(fastifyHelmet, OPTIONS);
    });
    expect(once).toEqual(perRequest);
    expect(once['content-security-policy']).toContain("script-src 'self' https://js.stripe.com");
    expect(once['x-content-type-options']).toBe('nosniff');
  });

  it('refuses options helmet refuses, at start-up', () => {
    expect(() => securityHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], scriptSrc: 'self' as never } } })).toThrow();
  });
});

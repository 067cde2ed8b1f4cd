import { PASSWORD, register, startGatewayStack, uniqueEmail, type ErrorBody, type GatewayStack } from './support/gateway-harness';

interface ReadyBody {
  status: string;
  failed: string[];
  checks: Record<string, { ok: boolean; error?: string }>;
}

describe('gateway: edge concerns (errors, request ids, rate limit, CORS, headers, docs, SPA, health)', () => {
  let s: GatewayStack;

  beforeAll(async () => {
    s = await startGatewayStack('gw_edge', { LOGIN_RATE_LIMIT: '3', LOGIN_RATE_LIMIT_WINDOW_MS: '60000' }, { services: ['requests', 'payments', 'dispatch'] });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('answers unknown /api routes with a 404 JSON error body', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/service-requests-typo'],
      ['GET', '/api'],
      ['DELETE', '/api/providers'],
    ] as const) {
      const res = await s.request<ErrorBody>(method, url, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body.error).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      expect(res.body.error.requestId).toBe(res.headers['x-request-id']);
    }
  });

  it('echoes x-request-id, generates one when absent, and logs it with the request', async () => {
    const given = await s.request('GET', '/health', { headers: { 'x-request-id': 'trace-abc.123' } });
    expect(given.headers['x-request-id']).toBe('trace-abc.123');
    const generated = await s.request('GET', '/health');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const unsafe = await s.request('GET', '/health', { headers: { 'x-request-id': 'bad id with spaces\u0001' } });
    expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const failing = await s.request<ErrorBody>('GET', '/api/users/me', { headers: { 'x-request-id': 'req-401-check' } });
    expect(failing.body.error.requestId).toBe('req-401-check');
    const lines = s.logs.filter((l) => l.reqId === 'req-401-check');
    expect(lines.length).toBeGreaterThanOrEqual(2); // incoming request + request completed
    expect(lines.some((l) => (l.res as { statusCode?: number } | undefined)?.statusCode === 401)).toBe(true);
    // Every request-scoped line carries the id, and no line carries a bearer token.
    expect(s.logs.filter((l) => l.req !== undefined || l.res !== undefined).every((l) => typeof l.reqId === 'string')).toBe(true);
    const c = await register(s, 'customer');
    await s.request('GET', '/api/users/me', { token: c.token });
    expect(JSON.stringify(s.logs)).not.toContain(c.token);
  });

  it('answers /health without touching dependencies and /ready with every check', async () => {
    const health = await s.request<{ status: string }>('GET', '/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
    const ready = await s.request<ReadyBody>('GET', '/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ready');
    expect(ready.body.failed).toEqual([]);
    expect(Object.keys(ready.body.checks).sort()).toEqual(['content', 'dispatch', 'identity', 'nats', 'payments', 'postgres', 'realtime', 'redis', 'requests']);
    expect(Object.values(ready.body.checks).every((c) => c.ok)).toBe(true);
  });

  it('rate-limits login per IP and identifier with a 429 in the uniform body, shared through Redis', async () => {
    const { email } = await register(s, 'customer');
    for (let i = 0; i < 3; i++) {
      const res = await s.request('POST', '/api/auth/local', { body: { identifier: email, password: 'wrong password' } });
      expect(res.status).toBe(401);
    }
    const limited = await s.request<ErrorBody>('POST', '/api/auth/local', { body: { identifier: email, password: PASSWORD } });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(limited.body.error.requestId).toBe(limited.headers['x-request-id']);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another account from the same IP is not affected.
    const other = await register(s, 'customer');
    expect((await s.request('POST', '/api/auth/local', { body: { identifier: other.email, password: PASSWORD } })).status).toBe(200);
    // The counter lives in Redis under the gateway's namespace, so every replica sees it.
    const redis = (await import('ioredis')).default;
    const client = new redis(s.config.redisUrl);
    try {
      const keys = await client.keys(`${s.config.natsNamespace}:rate-limit:*`);
      expect(keys.some((k) => k.includes(email) && k.endsWith(':login'))).toBe(true);
    } finally {
      client.disconnect();
    }
  });

  it('sends CORS headers to allowed origins only', async () => {
    const dev = await s.request('OPTIONS', '/api/auth/local', {
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization' },
    });
    expect(dev.status).toBe(204);
    expect(dev.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(String(dev.headers['access-control-allow-methods'])).toMatch(/POST/);
    const same = await s.request('GET', '/health', { headers: { origin: 'http://localhost:80', host: 'localhost:80' } });
    expect(same.headers['access-control-allow-origin']).toBe('http://localhost:80');
    const evil = await s.request('GET', '/health', { headers: { origin: 'https://evil.example' } });
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sets security headers with a CSP that lets the SPA run', async () => {
    const res = await s.request('GET', '/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/connect-src 'self' ws: wss: https:/);
    expect(csp).toMatch(/img-src 'self' data: blob: https:/);
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('serves the OpenAPI document generated from code, bodies described from the zod schemas', async () => {
    const ui = await s.request('GET', '/api/docs');
    expect(ui.status).toBe(200);
    expect(ui.text).toMatch(/swagger/i);
    const doc = await s.request<{
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> } }>>;
    }>('GET', '/api/docs-json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    for (const path of ['/api/auth/local', '/api/auth/local/register', '/api/users/me', '/api/users/{id}', '/api/user-role/update', '/api/users', '/api/customers', '/api/customers/{id}', '/api/providers', '/api/providers/{id}']) {
      expect(doc.body.paths[path]).toBeDefined();
    }
    const login = doc.body.paths['/api/auth/local']!.post!.requestBody!.content['application/json']!.schema;
    expect(login.required).toEqual(['identifier', 'password']);
    const provider = doc.body.paths['/api/providers/{id}']!.put!.requestBody!.content['application/json']!.schema;
    expect(Object.keys((provider.properties!.data as { properties: Record<string, unknown> }).properties)).toEqual(
      expect.arrayContaining(['businessName', 'isApproved', 'walletBalance']),
    );
  });

  it('serves the SPA: files, index.html for client routes, 404 JSON for missing assets', async () => {
    const page = await s.request('GET', '/provider/dashboard', { headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('TireDash SPA');
    const root = await s.request('GET', '/', { headers: { accept: 'text/html' } });
    expect(root.status).toBe(200);
    expect(root.text).toContain('TireDash SPA');
    const asset = await s.request('GET', '/assets/app.js');
    expect(asset.status).toBe(200);
    expect(asset.text).toContain('console.log("spa")');
    const missing = await s.request<ErrorBody>('GET', '/assets/missing.js');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('NOT_FOUND');
    const post = await s.request<ErrorBody>('POST', '/dashboard', { body: {} });
    expect(post.status).toBe(404);
  });

  it('answers /ready 503 naming identity when identity stops, while /health stays up', async () => {
    await s.stopIdentity();
    const ready = await s.request<ReadyBody>('GET', '/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.failed).toEqual(['identity']);
    expect(ready.body.checks.identity!.ok).toBe(false);
    expect((await s.request('GET', '/health')).status).toBe(200);
    // The per-pod probes: this gateway's own NATS and Redis are fine, so it stays live and ready.
    const podReady = await s.request<ReadyBody>('GET', '/readyz');
    expect(podReady.status).toBe(200);
    expect(podReady.body.failed).toEqual([]);
    expect(Object.keys(podReady.body.checks).sort()).toEqual(['nats', 'redis']);
    expect((await s.request('GET', '/livez')).status).toBe(200);
    const login = await s.request<ErrorBody>('POST', '/api/auth/local', { body: { identifier: uniqueEmail('x'), password: PASSWORD } });
    // Only identity's routes: a clear 503 naming it, with when to come back (RpcService's breaker).
    expect(login.status).toBe(503);
    expect(login.body.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(login.headers['retry-after']).toBe('5');
  });
});

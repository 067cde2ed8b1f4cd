// Black-box smoke test of the running stack through the gateway's public HTTP surface.
import crypto from 'node:crypto';
import { baseUrl } from './support/stack-env';

interface Json {
  [key: string]: unknown;
}

async function call(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; json: Json; text: string; type: string }> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  let json: Json = {};
  if (type.includes('application/json') && text) json = JSON.parse(text) as Json;
  return { status: res.status, json, text, type };
}

function errorOf(json: Json): { status: number; code: string; message: string } {
  return json.error as { status: number; code: string; message: string };
}

describe('API smoke (through the gateway)', () => {
  it('answers /health and /ready', async () => {
    expect((await call('GET', '/health')).status).toBe(200);
    expect((await call('GET', '/ready')).status).toBe(200);
  });

  it('registers a customer and reads it back from /api/users/me', async () => {
    const id = crypto.randomBytes(5).toString('hex');
    const email = `smoke-${id}@example.com`;
    const password = `Smoke-${id}-pw`;

    const registered = await call('POST', '/api/auth/local/register', { username: `smoke-${id}`, email, password });
    expect(registered.status).toBe(200);
    const { jwt, user } = registered.json as { jwt: string; user: { id: string; email: string } };
    expect(typeof jwt).toBe('string');
    expect(jwt.split('.')).toHaveLength(3);
    expect(user.email).toBe(email);

    const role = await call('POST', '/api/user-role/update', { userId: user.id, roleName: 'customer' }, jwt);
    expect(role.status).toBeLessThan(300);
    // A role change ends the tokens issued before it: the answer carries the new one.
    const withRole = (role.json as { jwt: string }).jwt;

    const me = await call('GET', '/api/users/me?populate=*', undefined, withRole);
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ id: user.id, email, role: { name: 'customer' } });

    // The same credentials log in.
    const login = await call('POST', '/api/auth/local', { identifier: email, password });
    expect(login.status).toBe(200);
    expect((login.json.user as { id: string }).id).toBe(user.id);

    // A wrong password does not, with the uniform error body.
    const bad = await call('POST', '/api/auth/local', { identifier: email, password: `${password}x` });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
    expect(errorOf(bad.json).status).toBe(bad.status);
  });

  it('refuses /api/users/me without a token (401 JSON error)', async () => {
    const res = await call('GET', '/api/users/me');
    expect(res.status).toBe(401);
    expect(errorOf(res.json)).toMatchObject({ status: 401 });
  });

  it('answers unknown API routes with a 404 JSON error', async () => {
    const res = await call('GET', `/api/no-such-route-${Date.now()}`);
    expect(res.status).toBe(404);
    expect(errorOf(res.json)).toMatchObject({ status: 404 });
  });

  it('serves the built SPA at / and for client-side routes', async () => {
    for (const path of ['/', '/login', '/dashboard']) {
      const res = await call('GET', path);
      expect(res.status).toBe(200);
      expect(res.type).toContain('text/html');
      expect(res.text).toContain('id="root"');
    }
  });
});

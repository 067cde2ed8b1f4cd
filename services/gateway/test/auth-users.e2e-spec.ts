import { randomUUID } from 'node:crypto';
import { signAccessToken } from '@tiredash/auth';
import jwt from 'jsonwebtoken';
import {
  PASSWORD,
  register,
  startGatewayStack,
  uniqueEmail,
  type ErrorBody,
  type GatewayStack,
} from './support/gateway-harness';

interface AuthBody {
  jwt: string;
  user: { id: string; documentId: string; email: string; role: { name: string } | null; accountType: string | null };
}
interface UserBody {
  id: string;
  documentId: string;
  email: string;
  username: string;
  accountType: string | null;
  role: { name: string; type: string } | null;
}

describe('gateway: authentication and users (against the real identity service)', () => {
  let s: GatewayStack;

  beforeAll(async () => {
    s = await startGatewayStack('gw_auth');
  });
  afterAll(async () => {
    await s?.close();
  });

  describe('POST /api/auth/local/register', () => {
    it('registers a customer and answers jwt and user', async () => {
      const email = uniqueEmail('Cust');
      const res = await s.request<AuthBody>('POST', '/api/auth/local/register', {
        body: { username: 'Casey Customer', email, password: PASSWORD, role: 'customer' },
      });
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ email: email.toLowerCase(), role: { name: 'customer' } });
      expect(res.body.user.documentId).toBe(res.body.user.id);
      const claims = jwt.decode(res.body.jwt) as jwt.JwtPayload;
      expect(claims).toMatchObject({ sub: res.body.user.id, role: 'customer', iss: 'tiredash-identity', aud: 'tiredash-api' });
    });

    it('refuses to register anyone as admin (any casing)', async () => {
      for (const role of ['admin', 'Admin', ' ADMIN ']) {
        const res = await s.request<ErrorBody>('POST', '/api/auth/local/register', {
          body: { username: 'Mallory', email: uniqueEmail('mallory'), password: PASSWORD, role },
        });
        expect(res.status).toBe(403);
        expect(res.body.error).toMatchObject({ status: 403, code: 'ROLE_NOT_ALLOWED' });
        expect(typeof res.body.error.requestId).toBe('string');
      }
    });

    it('answers 400 with field errors for a malformed body', async () => {
      const res = await s.request<ErrorBody>('POST', '/api/auth/local/register', {
        body: { username: '', email: 'not-an-email', password: 'short', extra: 1 },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      const paths = res.body.error.details!.map((d) => d.path);
      expect(paths).toEqual(expect.arrayContaining(['username', 'email', 'password']));
      expect(res.body.error.details!.find((d) => d.path === 'password')!.message).toBe('Password must be at least 8 characters');
      expect(res.body.error.details!.some((d) => /extra/.test(d.message))).toBe(true);
    });

    it('answers 409 for an email already taken', async () => {
      const { email } = await register(s, 'customer');
      const res = await s.request<ErrorBody>('POST', '/api/auth/local/register', {
        body: { username: 'Again', email, password: PASSWORD, role: 'customer' },
      });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('EMAIL_TAKEN');
    });
  });

  describe('POST /api/auth/local', () => {
    it('logs in with the right password', async () => {
      const { email, id } = await register(s, 'provider');
      const res = await s.request<AuthBody>('POST', '/api/auth/local', { body: { identifier: email.toUpperCase(), password: PASSWORD } });
      expect(res.status).toBe(200);
      expect(res.body.user.id).toBe(id);
      expect((jwt.decode(res.body.jwt) as jwt.JwtPayload).role).toBe('provider');
    });

    it('answers 401 for a wrong password or an unknown user, with the same message', async () => {
      const { email } = await register(s, 'customer');
      const wrong = await s.request<ErrorBody>('POST', '/api/auth/local', { body: { identifier: email, password: 'wrong password' } });
      const unknown = await s.request<ErrorBody>('POST', '/api/auth/local', { body: { identifier: uniqueEmail('ghost'), password: PASSWORD } });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body.error.code).toBe('INVALID_CREDENTIALS');
      expect(unknown.body.error.message).toBe(wrong.body.error.message);
    });

    it('answers 400 for a malformed body and for malformed JSON', async () => {
      const res = await s.request<ErrorBody>('POST', '/api/auth/local', { body: { identifier: 'nope' } });
      expect(res.status).toBe(400);
      expect(res.body.error.details!.map((d) => d.path).sort()).toEqual(['identifier', 'password']);
      const raw = await s.request<ErrorBody>('POST', '/api/auth/local', { raw: '{"identifier": ' });
      expect(raw.status).toBe(400);
      expect(raw.body.error).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
      expect(raw.body.error.message).toMatch(/not valid JSON/);
    });
  });

  describe('GET /api/users/me', () => {
    it('answers the user with its role (populate=* accepted)', async () => {
      const c = await register(s, 'customer');
      const res = await s.request<UserBody>('GET', '/api/users/me?populate=*', { token: c.token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: c.id, documentId: c.id, role: { name: 'customer', type: 'customer' } });
    });

    it('answers 401 without a token, with a bad token, an expired one and one signed with alg none', async () => {
      const noToken = await s.request<ErrorBody>('GET', '/api/users/me');
      expect(noToken.status).toBe(401);
      expect(noToken.body.error).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
      expect((await s.request('GET', '/api/users/me', { token: 'garbage' })).status).toBe(401);
      const c = await register(s, 'customer');
      const expired = jwt.sign(
        { sub: c.id, role: 'customer', email: c.email, iat: Math.floor(Date.now() / 1000) - 100, exp: Math.floor(Date.now() / 1000) - 10 },
        s.config.jwt.secret,
        { algorithm: 'HS256', issuer: s.config.jwt.issuer, audience: s.config.jwt.audience },
      );
      expect((await s.request('GET', '/api/users/me', { token: expired })).status).toBe(401);
      const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
      const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: c.id, role: 'admin', email: c.email, iss: s.config.jwt.issuer, aud: s.config.jwt.audience, exp: Math.floor(Date.now() / 1000) + 60 })}.`;
      expect((await s.request('GET', '/api/users/me', { token: none })).status).toBe(401);
      const forged = signAccessToken({ sub: c.id, role: 'admin', email: c.email }, { ...s.config.jwt, secret: 'x'.repeat(48) });
      expect((await s.request('GET', '/api/users/me', { token: forged })).status).toBe(401);
    });
  });

  describe('PUT /api/users/:id', () => {
    it('lets a user change its own account', async () => {
      const c = await register(s, 'customer');
      const res = await s.request<UserBody>('PUT', `/api/users/${c.id}`, { token: c.token, body: { accountType: 'customer', username: 'Renamed' } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: c.id, accountType: 'customer', username: 'Renamed' });
    });

    it("refuses to change another user's account (403) but lets an admin do it", async () => {
      const a = await register(s, 'customer');
      const b = await register(s, 'customer');
      const res = await s.request<ErrorBody>('PUT', `/api/users/${b.id}`, { token: a.token, body: { username: 'Hacked' } });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('NOT_OWNER');
      const admin = await s.anAdmin();
      const ok = await s.request<UserBody>('PUT', `/api/users/${b.id}`, { token: admin.token, body: { username: 'Fixed by admin' } });
      expect(ok.status).toBe(200);
      expect(ok.body.username).toBe('Fixed by admin');
    });

    it('answers 400 for an invalid body, 401 without a token, 404 for an unknown or malformed id', async () => {
      const c = await register(s, 'customer');
      const bad = await s.request<ErrorBody>('PUT', `/api/users/${c.id}`, { token: c.token, body: { accountType: 'admin' } });
      expect(bad.status).toBe(400);
      expect(bad.body.error.details![0]!.path).toBe('accountType');
      expect((await s.request('PUT', `/api/users/${c.id}`, { body: { username: 'x' } })).status).toBe(401);
      const admin = await s.anAdmin();
      expect((await s.request('PUT', `/api/users/${randomUUID()}`, { token: admin.token, body: { username: 'x' } })).status).toBe(404);
      expect((await s.request('PUT', '/api/users/42', { token: admin.token, body: { username: 'x' } })).status).toBe(404);
    });
  });

  describe('POST /api/user-role/update', () => {
    it('lets a user set its own role once, with a fresh token', async () => {
      const u = await register(s, null);
      const res = await s.request<AuthBody>('POST', '/api/user-role/update', { token: u.token, body: { userId: u.id, roleName: 'provider' } });
      expect(res.status).toBe(200);
      expect(res.body.user.role).toMatchObject({ name: 'provider' });
      expect((jwt.decode(res.body.jwt) as jwt.JwtPayload).role).toBe('provider');
      const again = await s.request<ErrorBody>('POST', '/api/user-role/update', { token: res.body.jwt, body: { userId: u.id, roleName: 'customer' } });
      // Refused (identity answers ROLE_NOT_ALLOWED 403; the contracts also know ROLE_ALREADY_SET 409).
      expect([403, 409]).toContain(again.status);
      expect(['ROLE_NOT_ALLOWED', 'ROLE_ALREADY_SET']).toContain(again.body.error.code);
      const me = await s.request<UserBody>('GET', '/api/users/me', { token: res.body.jwt });
      expect(me.body.role).toMatchObject({ name: 'provider' });
    });

    it('accepts the anonymous call of the spec only when it changes nothing, and then without token or personal data', async () => {
      const c = await register(s, 'customer');
      const same = await s.request<Record<string, unknown>>('POST', '/api/user-role/update', { body: { userId: c.id, roleName: 'customer' } });
      expect(same.status).toBe(200);
      expect(same.body).toEqual({ user: { id: c.id, documentId: c.id, role: { name: 'customer', type: 'customer' } } });
      const change = await s.request<ErrorBody>('POST', '/api/user-role/update', { body: { userId: c.id, roleName: 'provider' } });
      expect(change.status).toBe(401);
      const fresh = await register(s, null);
      const anonymousSet = await s.request<ErrorBody>('POST', '/api/user-role/update', { body: { userId: fresh.id, roleName: 'customer' } });
      expect(anonymousSet.status).toBe(401);
      const me = await s.request<UserBody>('GET', '/api/users/me', { token: fresh.token });
      expect(me.body.role).toBeNull();
    });

    it("never grants admin and never sets another user's role", async () => {
      const u = await register(s, null);
      const admin = await s.request<ErrorBody>('POST', '/api/user-role/update', { token: u.token, body: { userId: u.id, roleName: 'admin' } });
      expect(admin.status).toBe(403);
      expect(admin.body.error.code).toBe('ROLE_NOT_ALLOWED');
      const other = await register(s, null);
      const res = await s.request<ErrorBody>('POST', '/api/user-role/update', { token: u.token, body: { userId: other.id, roleName: 'customer' } });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('NOT_OWNER');
      const bad = await s.request<ErrorBody>('POST', '/api/user-role/update', { token: u.token, body: { userId: 'nope' } });
      expect(bad.status).toBe(400);
      expect(bad.body.error.details!.map((d) => d.path).sort()).toEqual(['roleName', 'userId']);
    });
  });

  describe('GET /api/users', () => {
    it('lists users for an admin only', async () => {
      const c = await register(s, 'customer');
      const admin = await s.anAdmin();
      const res = await s.request<{ data: UserBody[]; meta: { pagination: { page: number; pageSize: number; total: number } } }>(
        'GET',
        '/api/users?pagination[page]=1&pagination[pageSize]=100',
        { token: admin.token },
      );
      expect(res.status).toBe(200);
      expect(res.body.data.map((u) => u.id)).toContain(c.id);
      expect(res.body.meta.pagination).toMatchObject({ page: 1, pageSize: 100 });
      const forbidden = await s.request<ErrorBody>('GET', '/api/users', { token: c.token });
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.error.code).toBe('FORBIDDEN');
      expect((await s.request('GET', '/api/users')).status).toBe(401);
      const badPage = await s.request<ErrorBody>('GET', '/api/users?pagination[pageSize]=1000', { token: admin.token });
      expect(badPage.status).toBe(400);
      expect(badPage.body.error.details![0]!.path).toBe('pageSize');
    });
  });
});

import { createHash } from 'node:crypto';
import { signAccessToken } from '@tiredash/auth';
import { waitFor } from '@tiredash/testing';
import jwt from 'jsonwebtoken';
import { io, type Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { PASSWORD, providerData, register, uniqueEmail, startGatewayStack, type ApiResponse, type ErrorBody, type GatewayStack } from './support/gateway-harness';

interface AuthBody {
  jwt: string;
  user: { id: string; role: { name: string } | null };
}

/** Trust, sessions: short-lived access tokens, a rotating refresh cookie, and sessions that end on a change. */
describe('refresh tokens and revocation on change (gateway + identity + realtime, Redis)', () => {
  let s: GatewayStack;
  let admin: { token: string; id: string };

  beforeAll(async () => {
    s = await startGatewayStack('gw_trust_refresh');
    admin = await s.anAdmin();
  });

  afterAll(async () => {
    await s?.close();
  });

  /** The Set-Cookie lines of an answer. */
  const setCookies = (res: ApiResponse): string[] => {
    const raw = res.headers['set-cookie'];
    return raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)];
  };
  const refreshCookie = (res: ApiResponse): string | undefined => setCookies(res).find((c) => c.startsWith('tiredash_refresh='));
  /** The cookie's value as a browser would send it back. */
  const cookieValue = (line: string | undefined): string => {
    const value = /^tiredash_refresh=([^;]*)/.exec(line ?? '')?.[1];
    if (!value) throw new Error(`no refresh cookie in ${line}`);
    return value;
  };
  const refresh = (value: string) => s.request<AuthBody & ErrorBody>('POST', '/api/auth/refresh', { headers: { cookie: `tiredash_refresh=${value}` } });
  const login = (email: string, password = PASSWORD) => s.request<AuthBody>('POST', '/api/auth/local', { body: { identifier: email, password } });
  const me = (token: string) => s.request<ErrorBody>('GET', '/api/users/me', { token });
  /** The gateway applies identity's event shortly after the change: wait until the old token is refused. */
  const refusedSoon = (token: string) =>
    waitFor(async () => (await me(token)).status === 401, { timeoutMs: 10_000, message: 'older token refused' });

  const openSocket = (token: string) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = io(s.realtimeUrl, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, auth: { token } });
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', (err) => {
        socket.disconnect();
        reject(err);
      });
    });
  const disconnected = (socket: Socket, withinMs: number) =>
    new Promise<string>((resolve, reject) => {
      if (!socket.connected) {
        resolve('already');
        return;
      }
      const timer = setTimeout(() => reject(new Error(`still connected after ${withinMs} ms`)), withinMs);
      socket.once('disconnect', (reason) => {
        clearTimeout(timer);
        resolve(reason);
      });
    });

  it('login and register answer {jwt, user} with a 15-minute access token and set the refresh token as an httpOnly cookie', async () => {
    const email = uniqueEmail('cookie');
    const reg = await s.request<AuthBody>('POST', '/api/auth/local/register', { body: { username: 'Cookie Test', email, password: PASSWORD, role: 'customer' } });
    expect(reg.status).toBe(200);
    expect(Object.keys(reg.body).sort()).toEqual(['jwt', 'user']);
    const line = refreshCookie(reg);
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Strict/);
    expect(line).toMatch(/; Path=\/api\/auth/);
    expect(line).toMatch(/; Max-Age=(2591\d{3}|2592000);/);
    // The test runs over http outside production: no Secure flag (a browser would drop the cookie on http).
    expect(line).not.toMatch(/; Secure/);
    const claims = jwt.decode(reg.body.jwt) as jwt.JwtPayload;
    expect(claims.exp! - claims.iat!).toBe(900);

    const logged = await login(email);
    expect(logged.status).toBe(200);
    expect(Object.keys(logged.body).sort()).toEqual(['jwt', 'user']);
    expect(cookieValue(refreshCookie(logged))).not.toBe(cookieValue(line));
    // A failed login sets nothing.
    const failed = await login(email, 'wrong-password-1');
    expect([failed.status, refreshCookie(failed)]).toEqual([401, undefined]);
  });

  it('refresh rotates the cookie and answers a new access token; the spent cookie presented again ends the whole family', async () => {
    const user = await register(s, 'customer');
    const first = cookieValue(refreshCookie(await login(user.email)));

    const renewed = await refresh(first);
    expect(renewed.status).toBe(200);
    expect(Object.keys(renewed.body).sort()).toEqual(['jwt', 'user']);
    expect(renewed.body.user.id).toBe(user.id);
    expect((await me(renewed.body.jwt)).status).toBe(200);
    const second = cookieValue(refreshCookie(renewed));
    expect(second).not.toBe(first);
    expect(refreshCookie(renewed)).toMatch(/; HttpOnly/);

    // The same cookie again at once (a second tab renewing at the same moment): an access token, no new cookie.
    const twin = await refresh(first);
    expect([twin.status, refreshCookie(twin)]).toEqual([200, undefined]);
    expect((await me(twin.body.jwt)).status).toBe(200);

    // The spent token again later (REFRESH_REUSE_GRACE_SECONDS, 10 s, made to have passed): refused, the cookie
    // cleared, and the newer token of the family is dead too.
    await s.identity
      .get(DataSource)
      .query(`UPDATE identity.refresh_tokens SET rotated_at = rotated_at - interval '1 minute' WHERE token_hash = $1`, [
        createHash('sha256').update(first).digest('hex'),
      ]);
    const replay = await refresh(first);
    expect([replay.status, replay.body.error.code]).toEqual([401, 'UNAUTHENTICATED']);
    expect(refreshCookie(replay)).toMatch(/^tiredash_refresh=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/);
    const afterReuse = await refresh(second);
    expect([afterReuse.status, afterReuse.body.error.message]).toEqual([401, 'Session ended: sign in again']);
    // The access token the family issued last (it may be a thief's) ends with it.
    await refusedSoon(renewed.body.jwt);

    // Another sign-in of the same user is another family: it goes on.
    const other = cookieValue(refreshCookie(await login(user.email)));
    expect((await refresh(other)).status).toBe(200);
  });

  it('refuses a refresh without a cookie or with an unknown one', async () => {
    const none = await s.request<ErrorBody>('POST', '/api/auth/refresh', {});
    expect([none.status, none.body.error.code]).toEqual([401, 'UNAUTHENTICATED']);
    expect((await refresh('x'.repeat(43))).status).toBe(401);
  });

  it('refuses an expired access token; the refresh cookie then gets a working one', async () => {
    const user = await register(s, 'customer');
    const cookie = cookieValue(refreshCookie(await login(user.email)));
    const expired = signAccessToken({ sub: user.id, role: 'customer', email: user.email }, { ...s.config.jwt, expiresInSeconds: -10 });
    const refused = await me(expired);
    expect([refused.status, refused.body.error.message]).toEqual([401, 'Token expired']);
    const renewed = await refresh(cookie);
    expect(renewed.status).toBe(200);
    expect((await me(renewed.body.jwt)).status).toBe(200);
  });

  it('logout ends the access token and the refresh family, and clears the cookie', async () => {
    const user = await register(s, 'customer');
    const logged = await login(user.email);
    const cookie = cookieValue(refreshCookie(logged));
    const out = await s.request('POST', '/api/auth/logout', { token: logged.body.jwt, headers: { cookie: `tiredash_refresh=${cookie}` } });
    expect(out.status).toBe(204);
    expect(refreshCookie(out)).toMatch(/^tiredash_refresh=;.*Path=\/api\/auth/);
    expect((await me(logged.body.jwt)).status).toBe(401);
    const after = await refresh(cookie);
    expect([after.status, after.body.error.message]).toEqual([401, 'Session ended: sign in again']);
  });

  it('a role change refuses the older tokens (API, socket handshake, open socket); the answer and a refresh carry the new role', async () => {
    const user = await register(s, null);
    const logged = await login(user.email);
    const cookie = cookieValue(refreshCookie(logged));
    const old = logged.body.jwt;
    const socket = await openSocket(old);
    const ended = disconnected(socket, 10_000);

    const set = await s.request<AuthBody>('POST', '/api/user-role/update', { token: old, body: { userId: user.id, roleName: 'customer' } });
    expect(set.status).toBe(200);
    await refusedSoon(old);
    expect((await me(old)).body.error.message).toBe('Session ended: sign in again');
    expect(await ended).toBe('io server disconnect');
    await expect(openSocket(old)).rejects.toThrow('unauthorized');

    // The token the change answered, and one renewed from the cookie, work and name the new role.
    expect((await me(set.body.jwt)).status).toBe(200);
    const renewed = await refresh(cookie);
    expect(renewed.status).toBe(200);
    expect((jwt.decode(renewed.body.jwt) as jwt.JwtPayload).role).toBe('customer');
    expect(renewed.body.user.role).toMatchObject({ name: 'customer' });
    (await openSocket(renewed.body.jwt)).disconnect();
  });

  it('rejecting or unapproving a provider refuses its older tokens; its refresh goes on; an approval ends nothing', async () => {
    const provider = await register(s, 'provider');
    const logged = await login(provider.email);
    const cookie = cookieValue(refreshCookie(logged));
    const created = await s.request<{ data: { documentId: string } }>('POST', '/api/providers', { token: provider.token, body: providerData({ user: provider.id }) });
    expect(created.status).toBe(201);
    const url = `/api/providers/${created.body.data.documentId}`;

    // Approved: the token from before goes on (no token carries the approval; the dashboard reads it from the server).
    expect((await s.request('PUT', url, { token: admin.token, body: { data: { isApproved: true } } })).status).toBe(200);
    const approvedSocket = await openSocket(logged.body.jwt);
    await new Promise((r) => setTimeout(r, 500));
    expect((await me(logged.body.jwt)).status).toBe(200);
    expect(approvedSocket.connected).toBe(true);
    const ended = disconnected(approvedSocket, 10_000);

    // Unapproved: the older tokens end, on the API, at the handshake and on the open socket.
    expect((await s.request('PUT', url, { token: admin.token, body: { data: { isApproved: null } } })).status).toBe(200);
    await refusedSoon(logged.body.jwt);
    expect(await ended).toBe('io server disconnect');
    await expect(openSocket(logged.body.jwt)).rejects.toThrow('unauthorized');
    expect((await s.request('GET', url, { token: provider.token })).status).toBe(401);

    // The app renews its token from the cookie and reads its standing (its own profile stays visible to it).
    const renewed = await refresh(cookie);
    expect(renewed.status).toBe(200);
    const own = await s.request<{ data: { isApproved: boolean | null } }>('GET', url, { token: renewed.body.jwt });
    expect([own.status, own.body.data.isApproved]).toEqual([200, null]);

    // Rejected: the same again for the renewed token.
    const socket = await openSocket(renewed.body.jwt);
    const endedAgain = disconnected(socket, 10_000);
    expect((await s.request('PUT', url, { token: admin.token, body: { data: { isApproved: false } } })).status).toBe(200);
    await refusedSoon(renewed.body.jwt);
    expect(await endedAgain).toBe('io server disconnect');
    const again = await refresh(cookieValue(refreshCookie(renewed)));
    expect(again.status).toBe(200);
    expect((await me(again.body.jwt)).status).toBe(200);
  });

  it('a password change (by an admin) ends every session of the user: access tokens, refresh tokens, sockets', async () => {
    const user = await register(s, 'customer');
    const logged = await login(user.email);
    const cookie = cookieValue(refreshCookie(logged));
    const socket = await openSocket(logged.body.jwt);
    const ended = disconnected(socket, 10_000);

    // Only an admin sets a password through PUT /api/users/:id.
    const self = await s.request<ErrorBody>('PUT', `/api/users/${user.id}`, { token: logged.body.jwt, body: { password: 'another-password-1' } });
    expect([self.status, self.body.error.code]).toEqual([403, 'FORBIDDEN']);
    expect((await me(logged.body.jwt)).status).toBe(200);

    const changed = await s.request('PUT', `/api/users/${user.id}`, { token: admin.token, body: { password: 'another-password-1' } });
    expect(changed.status).toBe(200);
    await refusedSoon(logged.body.jwt);
    expect((await me(user.token)).status).toBe(401);
    expect(await ended).toBe('io server disconnect');
    await expect(openSocket(logged.body.jwt)).rejects.toThrow('unauthorized');
    const renewal = await refresh(cookie);
    expect([renewal.status, renewal.body.error.message]).toEqual([401, 'Session ended: sign in again']);

    // The old password is refused, the new one signs in.
    expect((await login(user.email)).status).toBe(401);
    const fresh = await login(user.email, 'another-password-1');
    expect(fresh.status).toBe(200);
    expect((await me(fresh.body.jwt)).status).toBe(200);
  });
});

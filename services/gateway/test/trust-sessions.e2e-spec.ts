import { signAccessToken } from '@tiredash/auth';
import { io, type Socket } from 'socket.io-client';
import { PASSWORD, register, startGatewayStack, type ErrorBody, type GatewayStack } from './support/gateway-harness';

/** Trust, sessions: logging out ends the session for every replica and for the socket handshake. */
describe('sessions that can end (gateway + realtime, Redis)', () => {
  let s: GatewayStack;

  beforeAll(async () => {
    s = await startGatewayStack('gw_trust_sessions');
  });

  afterAll(async () => {
    await s?.close();
  });

  const socketWith = (token: string) =>
    new Promise<void>((resolve, reject) => {
      const socket = io(s.realtimeUrl, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, auth: { token } });
      socket.once('connect', () => {
        socket.disconnect();
        resolve();
      });
      socket.once('connect_error', (err) => {
        socket.disconnect();
        reject(err);
      });
    });

  it('revokes the token at logout: the API and the socket handshake refuse it, another session goes on', async () => {
    const user = await register(s, 'customer');
    expect((await s.request('GET', '/api/users/me', { token: user.token })).status).toBe(200);
    await socketWith(user.token);
    // The same user signed in on another device: its own session.
    const second = await s.request<{ jwt: string }>('POST', '/api/auth/local', { body: { identifier: user.email, password: PASSWORD } });
    expect(second.status).toBe(200);
    const other = second.body.jwt;

    const out = await s.request('POST', '/api/auth/logout', { token: user.token });
    expect(out.status).toBe(204);
    const after = await s.request<ErrorBody>('GET', '/api/users/me', { token: user.token });
    expect([after.status, after.body.error.message]).toEqual([401, 'Session ended: sign in again']);
    await expect(socketWith(user.token)).rejects.toThrow('unauthorized');
    // Logging out twice is harmless; without a token it is a 401.
    expect((await s.request('POST', '/api/auth/logout', {})).status).toBe(401);
    expect((await s.request('GET', '/api/users/me', { token: other })).status).toBe(200);
    await socketWith(other);
  });

  const openSocket = (token: string) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = io(s.realtimeUrl, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, auth: { token } });
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  const disconnected = (socket: Socket, withinMs: number) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`still connected after ${withinMs} ms`)), withinMs);
      socket.once('disconnect', (reason) => {
        clearTimeout(timer);
        resolve(reason);
      });
    });

  it('ends the open sockets of a session at logout, and no others', async () => {
    const user = await register(s, 'customer');
    const second = await s.request<{ jwt: string }>('POST', '/api/auth/local', { body: { identifier: user.email, password: PASSWORD } });
    const mine = await openSocket(user.token);
    const otherDevice = await openSocket(second.body.jwt);
    const ended = disconnected(mine, 5000);
    expect((await s.request('POST', '/api/auth/logout', { token: user.token })).status).toBe(204);
    expect(await ended).toBe('io server disconnect');
    await new Promise((r) => setTimeout(r, 300));
    expect(otherDevice.connected).toBe(true);
    otherDevice.disconnect();
  });

  it('ends a socket when its token expires', async () => {
    const user = await register(s, 'customer');
    const shortLived = signAccessToken({ sub: user.id, role: 'customer', email: user.email }, { ...s.config.jwt, expiresInSeconds: 2 });
    const socket = await openSocket(shortLived);
    expect(await disconnected(socket, 6000)).toBe('io server disconnect');
  });
});

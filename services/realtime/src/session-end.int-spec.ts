import { sessionEndedChannel, sessionVersionKey, signAccessToken, userSessionsEndedMessage } from '@tiredash/auth';
import Redis from 'ioredis';
import type { Socket } from 'socket.io-client';
import { RealtimeTestEnv, type RealtimeNode, type TestUser } from '../test/support/realtime-harness';

/** Sessions end on the socket too: at the token's expiry, and when the user's session version is raised. */
describe('realtime: sockets end with their session (real NATS, Redis and identity)', () => {
  let env: RealtimeTestEnv;
  let a: RealtimeNode;
  let b: RealtimeNode;
  let redis: Redis;
  let user: TestUser;

  beforeAll(async () => {
    env = await RealtimeTestEnv.create('rt_session_end');
    [a, b] = await Promise.all([env.startNode(), env.startNode()]);
    redis = new Redis(env.redisUrl);
    user = await env.aCustomer();
  });

  afterAll(async () => {
    redis?.disconnect();
    await env?.close();
  });

  const tokenFor = (sv: number, expiresInSeconds = 900) =>
    signAccessToken({ sub: user.userId, role: 'customer', email: 'c@example.test', sv }, { ...a.config.jwt, expiresInSeconds });
  const disconnected = (socket: Socket, withinMs: number) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`still connected after ${withinMs} ms`)), withinMs);
      socket.once('disconnect', (reason) => {
        clearTimeout(timer);
        resolve(reason);
      });
    });

  it('disconnects a socket when its token expires (a timer at exp), and not one whose token lives on', async () => {
    const started = Date.now();
    const short = await env.connect(a.url, tokenFor(0, 2));
    const long = await env.connect(a.url, tokenFor(0));
    expect(await disconnected(short.socket, 6000)).toBe('io server disconnect');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(long.socket.connected).toBe(true);
    long.close();
  });

  it('ends the sockets of tokens older than a raised session version on every node; newer ones stay; the handshake refuses older ones', async () => {
    const oldOnA = await env.connect(a.url, tokenFor(0));
    const oldOnB = await env.connect(b.url, tokenFor(0));
    const newer = await env.connect(b.url, tokenFor(1));
    const endedA = disconnected(oldOnA.socket, 5000);
    const endedB = disconnected(oldOnB.socket, 5000);

    // What the gateway does with identity's UserSessionsRevoked: the version in Redis, then the announcement.
    await redis.set(sessionVersionKey(env.namespace, user.userId), '1', 'EX', 60);
    await redis.publish(sessionEndedChannel(env.namespace), userSessionsEndedMessage(user.userId, 1));

    expect(await endedA).toBe('io server disconnect');
    expect(await endedB).toBe('io server disconnect');
    await new Promise((r) => setTimeout(r, 300));
    expect(newer.socket.connected).toBe(true);
    await expect(env.connect(a.url, tokenFor(0))).rejects.toThrow('unauthorized');
    const again = await env.connect(a.url, tokenFor(1));
    expect(again.socket.connected).toBe(true);
    again.close();
    newer.close();
  });
});

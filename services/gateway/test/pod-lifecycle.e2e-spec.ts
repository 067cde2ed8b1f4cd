import { UserSessionsRevoked } from '@tiredash/contracts';
import { MessagingConnection, namespacedStream, namespacedSubject } from '@tiredash/messaging';
import { waitFor } from '@tiredash/testing';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Agent, request as httpRequest } from 'node:http';
import { SESSIONS_REVOKED_DURABLE } from '../src/auth/session-revocations.consumer';
import { RedisTokenRevocations } from '../src/auth/token-revocations';
import { drainGateway, GatewayDrain } from '../src/health/drain';
import { type ErrorBody, PASSWORD, register, startGatewayStack, uniqueEmail, type GatewayStack } from './support/gateway-harness';

interface ReadyBody {
  failed: string[];
}

/** A POST whose body is sent in two halves: between them the request is in flight at the gateway. */
function slowPost(agent: Agent, port: number, path: string, body: unknown): { finish(): void; answer: Promise<{ status: number; connection: string | undefined }> } {
  const data = Buffer.from(JSON.stringify(body));
  const half = Math.floor(data.length / 2);
  let finish = (): void => undefined;
  const answer = new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': data.length } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
      },
    );
    req.on('error', reject);
    req.flushHeaders();
    req.write(data.subarray(0, half));
    finish = () => req.end(data.subarray(half));
  });
  return { finish: () => finish(), answer };
}

/**
 * The gateway as a pod: a service that is down answers its own routes 503 while the others work and /readyz stays
 * 200; its JetStream consumer survives deletion; SIGTERM drains it without an error answer.
 */
describe('gateway pod lifecycle: per-route degradation, consumer restart, SIGTERM drain', () => {
  let s: GatewayStack;

  beforeAll(async () => {
    s = await startGatewayStack('gateway_pod', {}, { services: ['requests'] });
  });

  afterAll(async () => {
    await s?.close();
  }, 120_000);

  it('content down: its routes answer 503 SERVICE_UNAVAILABLE with Retry-After at once; requests routes and /readyz do not notice', async () => {
    const customer = await register(s, 'customer');
    await s.content.close();

    const t0 = Date.now();
    const about = await s.request<ErrorBody>('GET', '/api/about');
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(about.status).toBe(503);
    expect(about.body.error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { service: 'content', retryAfterSeconds: 5 } });
    expect(about.headers['retry-after']).toBe('5');

    // The requests service answers its routes (whatever it answers this customer, it is not the gateway's 503).
    const mine = await s.request<ErrorBody>('GET', '/api/service-requests', { token: customer.token });
    expect(mine.status).toBeLessThan(500);
    expect((await s.request('POST', '/api/auth/local', { body: { identifier: customer.email, password: PASSWORD } })).status).toBe(200);
    expect((await s.request<ReadyBody>('GET', '/readyz')).status).toBe(200);
    // The all-services report still says what is down.
    expect((await s.request<ReadyBody>('GET', '/ready')).body.failed).toContain('content');
  });

  it('the session-revocations consumer deleted on the server is created again and applies events again', async () => {
    const messaging = s.gateway.get(MessagingConnection);
    const stream = namespacedStream(s.env.namespace, UserSessionsRevoked.stream);
    await messaging.jsm.consumers.delete(stream, SESSIONS_REVOKED_DURABLE);
    await waitFor(() => messaging.jsm.consumers.info(stream, SESSIONS_REVOKED_DURABLE).then(() => true, () => false), {
      timeoutMs: 15_000,
      message: 'the durable created again',
    });
    const userId = randomUUID();
    const envelope = { id: randomUUID(), subject: UserSessionsRevoked.subject, occurredAt: new Date().toISOString(), payload: { userId, sessionVersion: 3, reason: 'password', refreshRevoked: false, at: new Date().toISOString() } };
    await messaging.js.publish(namespacedSubject(s.env.namespace, UserSessionsRevoked.subject), JSON.stringify(envelope), { msgID: envelope.id });
    const revocations = s.gateway.get(RedisTokenRevocations);
    await waitFor(() => revocations.isRevoked({ jti: null, sub: userId, sv: 2 }), { timeoutMs: 10_000, message: 'the revocation applied' });
  });

  it('SIGTERM drain: readyz 503 and Connection: close at once, every request in flight answered (no 5xx), then no new connection', async () => {
    await s.gateway.listen({ port: 0, host: '127.0.0.1' });
    const port = (s.gateway.getHttpServer().address() as AddressInfo).port;
    const agent = new Agent({ keepAlive: true, maxSockets: 32 });
    const drain = s.gateway.get(GatewayDrain);
    const n = 12;
    const burst = Array.from({ length: n }, () =>
      slowPost(agent, port, '/api/auth/local/register', { username: 'drain test', email: uniqueEmail('drain'), password: PASSWORD }),
    );
    // Every request of the burst received (headers in, body half sent): in flight when the signal comes.
    await waitFor(() => drain.inFlight >= n, { timeoutMs: 15_000, message: 'requests in flight' });

    // What SIGTERM does first (drainGateway starts with it): out of the load balancer, clients told to reconnect elsewhere.
    drain.start();
    const readyz = await s.request<ReadyBody>('GET', '/readyz');
    expect(readyz.status).toBe(503);
    expect(readyz.body.failed).toEqual(['shutdown']);
    expect(readyz.headers.connection).toBe('close');

    const drained = drainGateway(s.gateway);
    await new Promise((r) => setTimeout(r, 200));
    // The listener is closed: a new connection is refused (a load balancer retries it on another pod), never a 5xx.
    await expect(slowPost(new Agent(), port, '/api/auth/local', {}).answer).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    // The requests in flight complete and are answered, each telling its client to reconnect elsewhere.
    for (const r of burst) r.finish();
    const answers = await Promise.all(burst.map((r) => r.answer));
    expect(answers).toEqual(Array.from({ length: n }, () => ({ status: 200, connection: 'close' })));
    await drained;
    agent.destroy();
  });
});

import { BidPlaced } from '@tiredash/contracts';
import { MessagingConnection, namespacedStream } from '@tiredash/messaging';
import { waitFor } from '@tiredash/testing';
import { randomUUID } from 'node:crypto';
import { io as ioClient } from 'socket.io-client';
import { pause, RealtimeTestEnv, type TestUser } from '../test/support/realtime-harness';
import { aRequest, bidPlaced } from '../test/support/requests-events';
import { drainRealtime } from './app.module';
import { JetStreamFanout } from './fanout/jetstream-fanout.service';
import { SocketServer } from './sockets/socket-server.service';

const BID_DURABLE = 'realtime-bid-placed';

async function getJson(url: string): Promise<{ status: number; body: { failed: string[] } }> {
  const res = await fetch(url);
  return { status: res.status, body: (await res.json()) as { failed: string[] } };
}

/** A pod's own health (/livez, /readyz), its fan-out consumer surviving deletion, and the SIGTERM drain. */
describe('realtime pod lifecycle (real NATS and Redis)', () => {
  let env: RealtimeTestEnv;
  let customer: TestUser;
  let provider: TestUser;

  beforeAll(async () => {
    env = await RealtimeTestEnv.create('realtime_pod');
    [customer, provider] = await Promise.all([env.aCustomer(), env.aProvider()]);
  });

  afterAll(async () => {
    await env?.close();
  });

  it('/livez and /readyz report this pod only: 200 when its NATS and Redis connections are up', async () => {
    const node = await env.startNode();
    expect(await getJson(`${node.url}/livez`)).toMatchObject({ status: 200, body: { failed: [] } });
    expect(await getJson(`${node.url}/readyz`)).toMatchObject({ status: 200, body: { failed: [] } });
    await node.close();
  });

  it('a fan-out consumer deleted on the server is created again where it stopped: no event is lost', async () => {
    const node = await env.startNode();
    const c = await env.connect(node.url, customer.token);
    const r = aRequest(customer);
    const first = randomUUID();
    await env.publish(BidPlaced, bidPlaced(r, provider, 100, first));
    await waitFor(() => c.of('new_bid').length === 1, { message: 'the bid before the deletion' });

    const messaging = node.app.get(MessagingConnection);
    const stream = namespacedStream(env.namespace, 'REQUESTS');
    await messaging.jsm.consumers.delete(stream, BID_DURABLE);
    // Published while the durable is gone, then after it is back: both arrive, once each.
    const during = randomUUID();
    await env.publish(BidPlaced, bidPlaced(r, provider, 100, during));
    await waitFor(() => messaging.jsm.consumers.info(stream, BID_DURABLE).then(() => true, () => false), { timeoutMs: 15_000, message: 'the durable created again' });
    const after = randomUUID();
    await env.publish(BidPlaced, bidPlaced(r, provider, 100, after));
    await waitFor(() => c.of('new_bid').length >= 3, { timeoutMs: 15_000, message: 'bids after the deletion' });
    await pause(300);
    expect(c.of('new_bid').map((b) => b.id)).toEqual([first, during, after]);
    c.close();
    await node.close();
  });

  it('SIGTERM drain: readyz 503 and no new socket at once, every emit in hand finished, sockets closed with a reconnect hint', async () => {
    // Events the server had sent to the leaving node's pull but that had not arrived when it stopped pulling are
    // delivered again after the ack wait (30 s by default), by the other node: short here.
    const leaving = await env.startNode({ REALTIME_ACK_WAIT_MS: '2000' });
    const staying = await env.startNode({ REALTIME_ACK_WAIT_MS: '2000' });
    const onStaying = await env.connect(staying.url, customer.token);
    const onLeaving = await env.connect(leaving.url, customer.token);
    const reason = new Promise<string>((resolve) => onLeaving.socket.once('disconnect', resolve));
    const retried = new Promise<boolean>((resolve) => onLeaving.socket.io.once('reconnect_attempt', () => resolve(true)));
    const r = aRequest(customer);

    const ids = Array.from({ length: 200 }, () => randomUUID());
    const publishing = (async () => {
      for (const id of ids) await env.publish(BidPlaced, bidPlaced(r, provider, 100, id));
    })();
    await waitFor(() => leaving.app.get(JetStreamFanout).emitted > 0, { timeoutMs: 15_000, message: 'the leaving node emitting' });
    // What SIGTERM does first (drainRealtime starts with it): out of the load balancer, no new sessions.
    leaving.app.get(SocketServer).startDraining();
    const readyz = await getJson(`${leaving.url}/readyz`);
    expect(readyz).toMatchObject({ status: 503, body: { failed: ['shutdown'] } });
    // A new session is refused (socket.io retries it; through a load balancer it lands on another pod).
    const refused = ioClient(leaving.url, { transports: ['websocket'], reconnection: false, auth: { token: customer.token }, forceNew: true });
    await expect(new Promise((resolve, reject) => {
      refused.once('connect', () => reject(new Error('connected to a draining node')));
      refused.once('connect_error', (err: Error) => resolve(err.message));
    })).resolves.toBeTruthy();
    refused.close();
    await drainRealtime(leaving.app);
    await publishing;

    // 'transport close' makes socket.io reconnect on its own ('io server disconnect' would tell it not to come back).
    expect(await reason).toBe('transport close');
    expect(await retried).toBe(true);
    onLeaving.close();
    // The client on the other pod got every bid exactly once: the drained node finished what it held, the other
    // node took the rest.
    await waitFor(() => onStaying.of('new_bid').length >= ids.length, { timeoutMs: 20_000, message: `all ${ids.length} bids` });
    await pause(300);
    const got = onStaying.of('new_bid').map((b) => String(b.id));
    expect(got).toHaveLength(ids.length);
    expect([...got].sort()).toEqual([...ids].sort());
    onStaying.close();
    await staying.close();
  });
});

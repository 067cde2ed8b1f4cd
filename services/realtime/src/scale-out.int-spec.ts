import { BidPlaced, RequestCreated } from '@tiredash/contracts';
import { MessagingConnection } from '@tiredash/messaging';
import { waitFor } from '@tiredash/testing';
import { randomUUID } from 'node:crypto';
import { pause, RealtimeTestEnv, type RecordingClient, type TestUser } from '../test/support/realtime-harness';
import { aRequest, bidPlaced, requestCreated } from '../test/support/requests-events';
import { JetStreamFanout } from './fanout/jetstream-fanout.service';

/** The ids a client received for an event, in arrival order. */
function idsOf(c: RecordingClient, event: 'new_bid' | 'new_request'): string[] {
  return c.of(event).map((p) => String(p.id));
}

function expectExactlyOnce(received: string[], expected: string[]): void {
  expect(received).toHaveLength(expected.length);
  expect(new Set(received).size).toBe(received.length);
  expect([...received].sort()).toEqual([...expected].sort());
}

describe('realtime scale-out: durable consumers and the Redis adapter (real NATS and Redis)', () => {
  let env: RealtimeTestEnv;
  let customer: TestUser;
  let p1: TestUser;
  let p2: TestUser;

  beforeAll(async () => {
    env = await RealtimeTestEnv.create('realtime_scale');
    [customer, p1, p2] = await Promise.all([env.aCustomer(), env.aProvider(), env.aProvider()]);
  });

  afterAll(async () => {
    await env?.close();
  });

  it('a fan-out node stopped mid-stream delivers every event it owed once it is back (in order, none twice)', async () => {
    const worker = await env.startNode();
    // The customer's socket lives on an edge replica that runs no consumers: only the worker owes it events.
    const edge = await env.startNode({ REALTIME_FANOUT: 'false' });
    const c = await env.connect(edge.url, customer.token);
    const r = aRequest(customer);

    const before = Array.from({ length: 10 }, () => randomUUID());
    for (const id of before) await env.publish(BidPlaced, bidPlaced(r, p1, 100, id));
    await waitFor(() => c.of('new_bid').length === 10, { message: 'first 10 bids' });

    await worker.close();
    const during = Array.from({ length: 50 }, () => randomUUID());
    for (const id of during) await env.publish(BidPlaced, bidPlaced(r, p1, 100, id));
    await pause(500);
    expect(c.of('new_bid')).toHaveLength(10); // owed, not yet delivered

    const restarted = await env.startNode();
    await waitFor(() => c.of('new_bid').length >= 60, { timeoutMs: 15000, message: 'the 50 owed bids' });
    await pause(500);
    expect(idsOf(c, 'new_bid')).toEqual([...before, ...during]);
    c.close();
    await restarted.close();
    await edge.close();
  });

  it('with two replicas sharing Redis and the durables, a client on each receives each event exactly once', async () => {
    const a = await env.startNode();
    const b = await env.startNode();
    const custOnA = await env.connect(a.url, customer.token);
    const custOnB = await env.connect(b.url, customer.token, { transports: ['polling'] });
    const p1OnA = await env.connect(a.url, p1.token);
    const p2OnB = await env.connect(b.url, p2.token);
    const emittedBefore = a.app.get(JetStreamFanout).emitted + b.app.get(JetStreamFanout).emitted;

    const bids: string[] = [];
    const requests: string[] = [];
    const publishes: Array<Promise<string>> = [];
    for (let i = 0; i < 100; i += 1) {
      const r = aRequest(customer);
      requests.push(r.requestId);
      publishes.push(env.publish(RequestCreated, requestCreated(r, [p1, p2])));
      const bidId = randomUUID();
      bids.push(bidId);
      publishes.push(env.publish(BidPlaced, bidPlaced(r, p1, 90, bidId)));
    }
    await Promise.all(publishes);

    await waitFor(
      () => [custOnA, custOnB].every((c) => c.of('new_bid').length >= 100) && [p1OnA, p2OnB].every((c) => c.of('new_request').length >= 100),
      { timeoutMs: 20000, message: 'every client gets every event' },
    );
    await pause(800);
    for (const c of [custOnA, custOnB]) {
      expectExactlyOnce(idsOf(c, 'new_bid'), bids);
      expect(c.of('new_request')).toHaveLength(0);
    }
    for (const c of [p1OnA, p2OnB]) {
      expectExactlyOnce(idsOf(c, 'new_request'), requests);
      expect(c.of('new_bid')).toHaveLength(0);
    }
    // Each event was handled by one replica only.
    const emitted = a.app.get(JetStreamFanout).emitted + b.app.get(JetStreamFanout).emitted - emittedBefore;
    expect(emitted).toBe(200);
    for (const c of [custOnA, custOnB, p1OnA, p2OnB]) c.close();
    await a.close();
    await b.close();
  });

  it('a replica that dies mid-stream (NATS connection lost, nothing acknowledged) loses and duplicates nothing', async () => {
    const doomed = await env.startNode({ REALTIME_ACK_WAIT_MS: '2000' });
    const survivor = await env.startNode({ REALTIME_ACK_WAIT_MS: '2000' });
    const c = await env.connect(survivor.url, customer.token);
    const r = aRequest(customer);
    const bids = Array.from({ length: 300 }, () => randomUUID());
    const publishing = Promise.all(bids.map((id) => env.publish(BidPlaced, bidPlaced(r, p2, 80, id))));
    await waitFor(() => c.of('new_bid').length >= 20, { timeoutMs: 10000 });
    // Crash: the consumers of `doomed` lose NATS with messages in hand; JetStream redelivers them after ack_wait.
    await doomed.app.get(MessagingConnection).connection.close();
    await publishing;
    await waitFor(() => c.of('new_bid').length >= 300, { timeoutMs: 20000, message: 'all 300 bids' });
    await pause(2500); // past ack_wait: any redelivery would have shown up
    expectExactlyOnce(idsOf(c, 'new_bid'), bids);
    c.close();
    await doomed.close().catch(() => undefined);
    await survivor.close();
  });
});

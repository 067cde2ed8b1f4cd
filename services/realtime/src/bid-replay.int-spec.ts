import { BidPlaced } from '@tiredash/contracts';
import { waitFor } from '@tiredash/testing';
import { randomUUID } from 'node:crypto';
import { pause, RealtimeTestEnv, type RecordingClient, type TestUser } from '../test/support/realtime-harness';
import { aRequest, bidPlaced } from '../test/support/requests-events';
import { JetStreamFanout } from './fanout/jetstream-fanout.service';

const ids = (c: RecordingClient): string[] => c.of('new_bid').map((p) => String(p.id));

describe('missed new_bid replayed on reconnection (auth.resume; real NATS and Redis)', () => {
  let env: RealtimeTestEnv;
  let customer: TestUser;
  let other: TestUser;
  let provider: TestUser;

  beforeAll(async () => {
    env = await RealtimeTestEnv.create('realtime_replay');
    [customer, other, provider] = await Promise.all([env.aCustomer(), env.aCustomer(), env.aProvider()]);
  });

  afterAll(async () => {
    await env?.close();
  });

  it('a reconnecting socket gets exactly the bids emitted while it was away, once, and the later ones live', async () => {
    const node = await env.startNode();
    const fanout = node.app.get(JetStreamFanout);
    const first = await env.connect(node.url, customer.token);
    const r = aRequest(customer);
    const before = Array.from({ length: 4 }, () => randomUUID());
    for (const id of before) await env.publish(BidPlaced, bidPlaced(r, provider, 100, id));
    await waitFor(() => first.of('new_bid').length === 4, { message: 'the first 4 bids live' });

    // The socket goes away (its replica killed, the network lost); bids keep coming and are emitted to nobody.
    first.close();
    const disconnectedAt = Date.now();
    const emitted = fanout.emitted;
    const missed = Array.from({ length: 6 }, () => randomUUID());
    for (const id of missed) await env.publish(BidPlaced, bidPlaced(r, provider, 90, id));
    // Another customer's bid in the same window is never replayed to this one.
    await env.publish(BidPlaced, bidPlaced(aRequest(other), provider, 80));
    await waitFor(() => fanout.emitted >= emitted + 7, { message: 'the missed bids emitted (to nobody)' });

    // It comes back asking for the window since 10 s before it left, holding the 4 bids it got.
    const resume = { since: new Date(disconnectedAt - 10_000).toISOString(), bidIds: before };
    const back = await env.connect(node.url, customer.token, { auth: { resume } });
    await waitFor(() => back.of('new_bid').length >= 6, { timeoutMs: 10000, message: 'the 6 missed bids replayed' });
    const later = randomUUID();
    await env.publish(BidPlaced, bidPlaced(r, provider, 70, later));
    await waitFor(() => back.of('new_bid').length >= 7, { message: 'a later bid live' });
    await pause(500);

    expect(ids(back)).toEqual([...missed, later]);
    expect(back.of('new_bid').map((p) => p.replayed ?? false)).toEqual([true, true, true, true, true, true, false]);
    // The replayed payload is the live one (amount, provider, request), flagged.
    expect(back.of('new_bid')[0]).toMatchObject({ id: missed[0], requestId: r.requestId, replayed: true });

    // A connection without resume (a first visit) is sent nothing old.
    const fresh = await env.connect(node.url, customer.token);
    await pause(800);
    expect(fresh.of('new_bid')).toHaveLength(0);
    // A malformed resume is ignored, not an error.
    const odd = await env.connect(node.url, customer.token, { auth: { resume: { since: 'yesterday', bidIds: ['x'] } } });
    await pause(500);
    expect(odd.of('new_bid')).toHaveLength(0);
    for (const c of [back, fresh, odd]) c.close();
    await node.close();
  });
});

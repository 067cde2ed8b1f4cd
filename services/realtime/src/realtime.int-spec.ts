import { signAccessToken } from '@tiredash/auth';
import {
  BidAccepted,
  BidClosed,
  BidExpired,
  BidPlaced,
  RequestCancelled,
  RequestCreated,
  RequestExpired,
  RequestOffered,
  bidExpiredPayloadSchema,
  bidSelectedPayloadSchema,
  jobCanceledPayloadSchema,
  newBidPayloadSchema,
  newRequestPayloadSchema,
  requestExpiredPayloadSchema,
  requestOfferedPayloadSchema,
  type SocketAck,
} from '@tiredash/contracts';
import { waitFor } from '@tiredash/testing';
import { randomUUID } from 'node:crypto';
import { pause, RealtimeTestEnv, type RealtimeNode, type RecordingClient, type TestUser } from '../test/support/realtime-harness';
import {
  aRequest,
  bidAccepted,
  bidClosed,
  bidExpired,
  bidPlaced,
  requestCancelled,
  requestCreated,
  requestExpired,
  requestOffered,
} from '../test/support/requests-events';

/** Emits with an ack and resolves with the server's answer. */
function emitWithAck(c: RecordingClient, event: string, payload: unknown): Promise<SocketAck> {
  return c.socket.timeout(5000).emitWithAck(event, payload) as Promise<SocketAck>;
}

describe('realtime (real NATS, Redis and identity)', () => {
  let env: RealtimeTestEnv;
  let node: RealtimeNode;
  let customer: TestUser;
  let otherCustomer: TestUser;
  let p1: TestUser;
  let p2: TestUser;
  let p3: TestUser;

  beforeAll(async () => {
    env = await RealtimeTestEnv.create('realtime');
    node = await env.startNode();
    [customer, otherCustomer, p1, p2, p3] = await Promise.all([env.aCustomer(), env.aCustomer(), env.aProvider(), env.aProvider(), env.aProvider()]);
  });

  afterAll(async () => {
    await env?.close();
  });

  describe('handshake', () => {
    it('refuses an anonymous socket and a bad token with connect_error "unauthorized"', async () => {
      await expect(env.connect(node.url, null)).rejects.toThrow('unauthorized');
      await expect(env.connect(node.url, 'not-a-jwt')).rejects.toThrow('unauthorized');
      const forged = signAccessToken(
        { sub: customer.userId, role: 'customer', email: 'x@example.test' },
        { ...node.config.jwt, secret: 'some-other-secret-of-sufficient-length-0123456789' },
      );
      await expect(env.connect(node.url, forged)).rejects.toThrow('unauthorized');
      const expired = signAccessToken({ sub: customer.userId, role: 'customer', email: 'x@example.test' }, { ...node.config.jwt, expiresInSeconds: -10 });
      await expect(env.connect(node.url, expired)).rejects.toThrow('unauthorized');
    });

    it('accepts the token from auth.token and the Authorization header over websocket and polling, never from the URL query', async () => {
      for (const via of ['auth', 'header'] as const) {
        const c = await env.connect(node.url, customer.token, { via, transports: ['polling'] });
        expect(c.socket.connected).toBe(true);
        c.close();
      }
      const ws = await env.connect(node.url, customer.token, { via: 'auth', transports: ['websocket'] });
      expect(ws.socket.connected).toBe(true);
      ws.close();
      // A token in the URL (logged by proxies) is refused like none.
      await expect(env.connect(node.url, customer.token, { via: 'query' })).rejects.toThrow('unauthorized');
    });
  });

  describe('join', () => {
    it('confirms a join that matches the token (a provider joins with its business id)', async () => {
      const c = await env.connect(node.url, customer.token);
      await expect(emitWithAck(c, 'join', { userId: customer.userId, role: 'customer' })).resolves.toEqual({
        ok: true,
        rooms: [`user:${customer.userId}`],
      });
      const p = await env.connect(node.url, p1.token);
      await expect(emitWithAck(p, 'join', { userId: p1.businessId, role: 'provider' })).resolves.toEqual({
        ok: true,
        rooms: [`user:${p1.userId}`, `provider:${p1.businessId}`],
      });
      c.close();
      p.close();
    });

    it("refuses join with someone else's id or role (error event, nothing joined)", async () => {
      const c = await env.connect(node.url, otherCustomer.token);
      const ack = await emitWithAck(c, 'join', { userId: customer.userId, role: 'customer' });
      expect(ack).toEqual({ ok: false, error: { code: 'FORBIDDEN', message: 'userId does not match the token' } });
      await waitFor(() => c.of('error').length === 1);
      expect(c.of('error')[0]).toEqual({ event: 'join', code: 'FORBIDDEN', message: 'userId does not match the token' });

      const asProvider = await emitWithAck(c, 'join', { userId: otherCustomer.userId, role: 'provider' });
      expect(asProvider).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
      const othersBusiness = await env.connect(node.url, p2.token);
      expect(await emitWithAck(othersBusiness, 'join', { userId: p1.businessId, role: 'provider' })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
      expect(await emitWithAck(c, 'join', { role: 'customer' })).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });

      // Nothing was joined: an event for the customer does not reach the other customer's socket.
      const victim = await env.connect(node.url, customer.token);
      const r = aRequest(customer);
      await env.publish(BidPlaced, bidPlaced(r, p1));
      await waitFor(() => victim.of('new_bid').length === 1);
      await pause(300);
      expect(c.of('new_bid')).toHaveLength(0);
      expect(othersBusiness.received.filter((e) => e.event !== 'error')).toHaveLength(0);
      for (const s of [c, othersBusiness, victim]) s.close();
    });

    it('acknowledges client echoes of HTTP changes without relaying them to anyone', async () => {
      const p = await env.connect(node.url, p1.token);
      const cust = await env.connect(node.url, customer.token);
      const ack = await emitWithAck(p, 'new_bid', { requestId: randomUUID(), amount: 1 });
      expect(ack).toEqual({ ok: true, relayed: false });
      expect(await emitWithAck(p, 'job_confirmed', { requestId: 'nope' })).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
      await pause(300);
      expect(cust.received).toHaveLength(0);
      p.close();
      cust.close();
    });
  });

  describe('fan-out of requests events', () => {
    let sockets: Record<'customer' | 'otherCustomer' | 'p1' | 'p2' | 'p3' | 'p1bis', RecordingClient>;

    beforeEach(async () => {
      sockets = {
        customer: await env.connect(node.url, customer.token),
        otherCustomer: await env.connect(node.url, otherCustomer.token),
        p1: await env.connect(node.url, p1.token),
        p2: await env.connect(node.url, p2.token),
        p3: await env.connect(node.url, p3.token),
        // A provider's second tab gets its own copy.
        p1bis: await env.connect(node.url, p1.token, { transports: ['polling'] }),
      };
    });

    afterEach(() => {
      for (const s of Object.values(sockets)) s.close();
    });

    /** Waits until the expected sockets have the event, then checks nobody else got anything. */
    async function expectOnly(event: string, who: Array<keyof typeof sockets>, count = 1): Promise<void> {
      for (const w of who) await waitFor(() => sockets[w].of(event as never).length >= count, { message: `${w} ${event}` });
      await pause(300);
      for (const [name, s] of Object.entries(sockets)) {
        const expected = who.includes(name as keyof typeof sockets) ? count : 0;
        expect({ name, n: s.received.length }).toEqual({ name, n: expected });
      }
    }

    it('request.created -> new_request to each matched provider only', async () => {
      const r = aRequest(customer);
      await env.publish(RequestCreated, requestCreated(r, [p1, p2]));
      await expectOnly('new_request', ['p1', 'p1bis', 'p2']);
      const got = sockets.p1.of('new_request')[0]!;
      expect(newRequestPayloadSchema.parse(got)).toEqual(got);
      expect(got).toMatchObject({ id: r.requestId, documentId: r.requestId, tireStatus: 'Bids Open', status: 'Bids Open', budget: 120, tireSize: '225/65/R17' });
      expect(got.location).toEqual({ address: '1 Main St', lat: 37.77, lng: -122.42 });
    });

    it("bid.placed -> new_bid to the request's customer only (sealed: no provider sees the price)", async () => {
      const r = aRequest(customer);
      const bidId = randomUUID();
      await env.publish(BidPlaced, bidPlaced(r, p2, 95, bidId));
      await expectOnly('new_bid', ['customer']);
      const got = sockets.customer.of('new_bid')[0]!;
      expect(newBidPayloadSchema.parse(got)).toEqual(got);
      expect(got).toMatchObject({ id: bidId, bidId, documentId: bidId, requestId: r.requestId, amount: 95, bidStatus: 'pending', status: 'pending', countdown: 10 });
      expect(got.provider).toMatchObject({ id: p2.businessId, documentId: p2.businessId, businessName: 'Fast Tires', rating: 4.5, totalJobs: 12 });
    });

    it('bid.accepted -> bid_selected to the chosen provider only', async () => {
      const r = aRequest(customer);
      const bidId = randomUUID();
      await env.publish(BidAccepted, bidAccepted(r, p1, bidId, 95));
      await expectOnly('bid_selected', ['p1', 'p1bis']);
      const got = sockets.p1.of('bid_selected')[0]!;
      expect(bidSelectedPayloadSchema.parse(got)).toEqual(got);
      expect(got).toMatchObject({ requestId: r.requestId, bidId, providerId: p1.businessId, customerId: customer.customerId, customerUserId: customer.userId, amount: 95 });
    });

    it('bid.closed -> bid_expired to the bidding provider only; bid.expired also to the customer', async () => {
      const r = aRequest(customer);
      const closedBid = randomUUID();
      await env.publish(BidClosed, bidClosed(r, p2, closedBid));
      await expectOnly('bid_expired', ['p2']);
      const closed = sockets.p2.of('bid_expired')[0]!;
      expect(bidExpiredPayloadSchema.parse(closed)).toEqual(closed);
      expect(closed).toMatchObject({ requestId: r.requestId, bidId: closedBid, providerId: p2.businessId, reason: 'other-bid-accepted' });

      const expiredBid = randomUUID();
      await env.publish(BidExpired, bidExpired(r, p3, expiredBid));
      await waitFor(() => sockets.p3.of('bid_expired').length === 1 && sockets.customer.of('bid_expired').length === 1);
      await pause(300);
      expect(sockets.p3.of('bid_expired')[0]).toMatchObject({ bidId: expiredBid, reason: 'expired' });
      for (const n of ['p1', 'p1bis', 'otherCustomer'] as const) expect(sockets[n].received).toHaveLength(0);
      expect(sockets.p2.received).toHaveLength(1);
    });

    it('request.cancelled -> job_canceled to the accepted and offered providers, not to the customer who cancelled', async () => {
      const r = aRequest(customer);
      await env.publish(RequestCancelled, requestCancelled(r, { accepted: p1, offered: [p1, p3] }));
      await expectOnly('job_canceled', ['p1', 'p1bis', 'p3']);
      const got = sockets.p1.of('job_canceled')[0]!;
      expect(jobCanceledPayloadSchema.parse(got)).toEqual(got);
      expect(got).toMatchObject({ requestId: r.requestId, tireStatus: 'Cancelled', previousStatus: 'Accepted', canceledBy: customer.userId });
    });

    it('request.cancelled by someone else also tells the customer', async () => {
      const r = aRequest(customer);
      await env.publish(RequestCancelled, requestCancelled(r, { accepted: p2, by: p2.userId }));
      await expectOnly('job_canceled', ['customer', 'p2']);
    });

    it("request.cancelled by the accepted provider carries its role and reason to the customer ('Provider Canceled')", async () => {
      const r = aRequest(customer);
      await env.publish(RequestCancelled, requestCancelled(r, { accepted: p2, by: p2.userId, role: 'provider', reason: 'Vehicle breakdown' }));
      await expectOnly('job_canceled', ['customer', 'p2']);
      const got = sockets.customer.of('job_canceled')[0]!;
      expect(jobCanceledPayloadSchema.parse(got)).toEqual(got);
      expect(got).toMatchObject({ requestId: r.requestId, canceledByRole: 'provider', reason: 'Vehicle breakdown', previousStatus: 'Accepted' });
    });

    it('request.offered (late matching) -> new_request to that provider only, request_offered with the count to the customer', async () => {
      const r = aRequest(customer);
      await env.publish(RequestOffered, requestOffered(r, p3, 2));
      await waitFor(() => sockets.p3.of('new_request').length === 1 && sockets.customer.of('request_offered').length === 1);
      await pause(300);
      const got = sockets.p3.of('new_request')[0]!;
      expect(newRequestPayloadSchema.parse(got)).toEqual(got);
      expect(got).toMatchObject({ id: r.requestId, tireStatus: 'Bids Open' });
      const count = sockets.customer.of('request_offered')[0]!;
      expect(requestOfferedPayloadSchema.parse(count)).toEqual(count);
      expect(count).toEqual({ requestId: r.requestId, providersAsked: 2 });
      for (const n of ['p1', 'p1bis', 'p2', 'otherCustomer'] as const) expect(sockets[n].received).toHaveLength(0);
      expect(sockets.customer.received).toHaveLength(1);
      expect(sockets.p3.received).toHaveLength(1);
    });

    it('request.expired -> request_expired to the customer and every offered or bidding provider', async () => {
      const r = aRequest(customer);
      await env.publish(RequestExpired, requestExpired(r, { offered: [p1, p2], bidders: [p2] }));
      await expectOnly('request_expired', ['customer', 'p1', 'p1bis', 'p2']);
      const got = sockets.customer.of('request_expired')[0]!;
      expect(requestExpiredPayloadSchema.parse(got)).toEqual(got);
      expect(got).toMatchObject({ requestId: r.requestId, tireStatus: 'Expired' });
    });

    it('drops old events and emits an event re-published with the same id once (the delivery ledger)', async () => {
      const stale = aRequest(customer);
      await env.publish(BidPlaced, bidPlaced(stale, p1), { occurredAt: new Date(Date.now() - 11 * 60 * 1000).toISOString() });
      const r = aRequest(customer);
      const id = randomUUID();
      const payload = bidPlaced(r, p1);
      await env.publish(BidPlaced, payload, { id });
      await waitFor(() => sockets.customer.of('new_bid').length === 1);
      // As the outbox relay would after JetStream's duplicate window: a new stream message, same event id.
      await env.publish(BidPlaced, payload, { id, msgID: randomUUID() });
      await pause(500);
      expect(sockets.customer.of('new_bid')).toHaveLength(1);
    });
  });
});

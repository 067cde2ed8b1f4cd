import type { AddressInfo } from 'node:net';
import { getDataSourceToken } from '@nestjs/typeorm';
import {
  bidExpiredPayloadSchema,
  bidSelectedPayloadSchema,
  newBidPayloadSchema,
  newRequestPayloadSchema,
  type BidView,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type ServiceRequestView,
} from '@tiredash/contracts';
import { waitFor } from '@tiredash/testing';
import { io, type Socket } from 'socket.io-client';
import type { DataSource } from 'typeorm';
import { providerData, register, startGatewayStack, type GatewayStack, type Registered } from './support/gateway-harness';

/**
 * Issue 3, "Done when": the full cash flow WITH SOCKETS, through the gateway's port (HTTP and /socket.io) against
 * the real identity, requests and realtime services on real PostgreSQL, NATS and Redis.
 */

interface Party extends Registered {
  profileId: string;
}

interface Received {
  event: string;
  payload: unknown;
}

interface Listener {
  name: string;
  socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  received: Received[];
  of(event: string): unknown[];
}

/** Every number found anywhere in a payload (to prove a price never reached someone). */
function numbersIn(value: unknown): number[] {
  if (typeof value === 'number') return [value];
  if (Array.isArray(value)) return value.flatMap(numbersIn);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(numbersIn);
  return [];
}

const P1_PRICE = 131;
const P2_PRICE = 147;
const BUDGET = 150;
/** How long the sockets that must receive nothing are watched after the last expected event arrived. */
const QUIET_MS = 1500;

describe('bidding flow with sockets through the gateway (real identity, requests, realtime; PostgreSQL, NATS, Redis)', () => {
  let s: GatewayStack;
  let ds: DataSource;
  let base: string;
  let admin: { token: string };
  const listeners: Listener[] = [];

  beforeAll(async () => {
    s = await startGatewayStack('gw_bidflow', {}, { services: ['requests'] });
    // Websockets need a real port: Fastify's inject does not upgrade.
    await s.gateway.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(s.gateway.getHttpServer().address() as AddressInfo).port}`;
    ds = s.requests!.get<DataSource>(getDataSourceToken());
    admin = await s.anAdmin();
  });

  afterAll(async () => {
    for (const l of listeners) l.socket.disconnect();
    await s?.close();
  });

  async function aCustomer(): Promise<Party> {
    const c = await register(s, 'customer');
    const res = await s.request<{ data: { documentId: string } }>('POST', '/api/customers', {
      token: c.token,
      body: { data: { fullName: 'Casey Customer', phone: '+1 555 000 1111', paymentMethod: 'cash', user: c.id } },
    });
    if (res.status !== 201) throw new Error(`customer: ${res.status} ${res.text}`);
    return { ...c, profileId: res.body.data.documentId };
  }

  async function aProvider(name: string, lat: number, lng: number, approve: boolean): Promise<Party> {
    const p = await register(s, 'provider');
    const res = await s.request<{ data: { documentId: string } }>('POST', '/api/providers', {
      token: p.token,
      body: providerData({ user: p.id, businessName: name, location: { address: name, lat, lng } }),
    });
    if (res.status !== 201) throw new Error(`provider: ${res.status} ${res.text}`);
    const id = res.body.data.documentId;
    if (approve) {
      const ok = await s.request('PUT', `/api/providers/${id}`, { token: admin.token, body: { data: { isApproved: true } } });
      if (ok.status !== 200) throw new Error(`approve: ${ok.status} ${ok.text}`);
    }
    // The requests service matches from its read model (fed by identity's provider events): wait until it knows.
    await waitFor(
      async () => {
        const rows: { is_approved: boolean | null }[] = await ds.query(
          `SELECT is_approved FROM "requests"."provider_profiles" WHERE id = $1`,
          [id],
        );
        return rows.length === 1 && (rows[0]!.is_approved === true) === approve;
      },
      { message: `read model of ${name}` },
    );
    return { ...p, profileId: id };
  }

  /** A socket.io-client through the gateway's /socket.io proxy, recording every server event. */
  async function listen(name: string, token: string): Promise<Listener> {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(base, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token },
    });
    const received: Received[] = [];
    socket.onAny((event: string, payload: unknown) => received.push({ event, payload }));
    const l: Listener = { name, socket, received, of: (event) => received.filter((r) => r.event === event).map((r) => r.payload) };
    listeners.push(l);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return l;
  }

  it('delivers new_request to in-radius approved providers only, new_bid (sealed) to the customer, bid_selected to the chosen one and bid_expired to the other', async () => {
    const customer = await aCustomer();
    const otherCustomer = await aCustomer();
    // The request is at 37.79,-122.40; providers serve a 20-mile radius.
    const p1 = await aProvider('Alpha Tires', 37.78, -122.41, true);
    const p2 = await aProvider('Beta Tires', 37.8, -122.42, true);
    const far = await aProvider('Far Tires', 34.05, -118.24, true); // Los Angeles: ~350 miles away
    const unapproved = await aProvider('Pending Tires', 37.79, -122.4, false); // right on the spot, but not approved

    const cs = await listen('customer', customer.token);
    const os = await listen('other customer', otherCustomer.token);
    const s1 = await listen('Alpha', p1.token);
    const s2 = await listen('Beta', p2.token);
    const sf = await listen('Far', far.token);
    const su = await listen('Pending', unapproved.token);

    // The customer creates the request (cash).
    const created = await s.request<{ data: ServiceRequestView }>('POST', '/api/service-requests', {
      token: customer.token,
      body: {
        data: {
          tireSize: '225/65/R17',
          serviceType: 'Tire Replacement',
          budget: BUDGET,
          urgency: 'normal',
          priority: 'normal',
          paymentMethod: 'cash',
          location: { address: '500 Market St', lat: 37.79, lng: -122.4 },
          address: '500 Market St',
          lat: 37.79,
          lng: -122.4,
          description: 'Front right is flat',
        },
      },
    });
    expect(created.status).toBe(201);
    const requestId = created.body.data.documentId;
    expect(created.body.data).toMatchObject({ tireStatus: 'Bids Open', paymentMethod: 'cash' });

    // Both in-radius approved providers receive new_request, in the contract's shape.
    await waitFor(() => s1.of('new_request').length === 1 && s2.of('new_request').length === 1, { timeoutMs: 15000, message: 'new_request to Alpha and Beta' });
    for (const l of [s1, s2]) {
      const offer = newRequestPayloadSchema.parse(l.of('new_request')[0]);
      expect(offer).toMatchObject({
        id: requestId,
        documentId: requestId,
        requestId,
        tireStatus: 'Bids Open',
        status: 'Bids Open',
        serviceType: 'Tire Replacement',
        tireSize: '225/65/R17',
        budget: BUDGET,
        paymentMethod: 'cash',
        location: { address: '500 Market St', lat: 37.79, lng: -122.4 },
        customer: { documentId: customer.profileId, fullName: 'Casey Customer' },
      });
    }

    // Both bid through HTTP.
    const bid = async (p: Party, amount: number, eta: string): Promise<BidView> => {
      const res = await s.request<{ data: BidView }>('POST', '/api/bids', {
        token: p.token,
        body: { data: { requestId, provider: p.profileId, amount, estimatedArrival: eta, bidStatus: 'pending', location: { lat: 37.78, lng: -122.41 } } },
      });
      if (res.status !== 201) throw new Error(`bid of ${p.email}: ${res.status} ${res.text}`);
      return res.body.data;
    };
    const b1 = await bid(p1, P1_PRICE, '15');
    const b2 = await bid(p2, P2_PRICE, '25');

    // The customer's socket receives both new_bid, with the provider details the bids screen shows.
    await waitFor(() => cs.of('new_bid').length === 2, { timeoutMs: 15000, message: 'two new_bid to the customer' });
    const bids = cs.of('new_bid').map((p) => newBidPayloadSchema.parse(p));
    expect(bids.map((b) => [b.bidId, b.id, b.requestId, b.provider.businessName, b.amount, b.estimatedArrival, b.status, b.replacedBidId]).sort()).toEqual(
      [
        [b1.documentId, b1.documentId, requestId, 'Alpha Tires', P1_PRICE, '15', 'pending', null],
        [b2.documentId, b2.documentId, requestId, 'Beta Tires', P2_PRICE, '25', 'pending', null],
      ].sort(),
    );
    for (const b of bids) expect(b.provider.id).toBe(b.provider.documentId);
    expect(bids.find((b) => b.bidId === b1.documentId)!.provider.documentId).toBe(p1.profileId);

    // The customer accepts Alpha's bid (the spec's client: PUT the request with tireStatus/accepted_bid).
    const accepted = await s.request<{ data: ServiceRequestView }>('PUT', `/api/service-requests/${requestId}`, {
      token: customer.token,
      body: { data: { tireStatus: 'Accepted', accepted_bid: b1.documentId, amount: P1_PRICE, provider: p1.profileId } },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ tireStatus: 'Accepted', amount: P1_PRICE, provider: { documentId: p1.profileId } });

    // The chosen provider receives bid_selected; the other's bid is closed and it hears so as bid_expired.
    await waitFor(() => s1.of('bid_selected').length === 1 && s2.of('bid_expired').length === 1, {
      timeoutMs: 15000,
      message: 'bid_selected to Alpha and bid_expired to Beta',
    });
    const selected = bidSelectedPayloadSchema.parse(s1.of('bid_selected')[0]);
    expect(selected).toMatchObject({
      requestId,
      bidId: b1.documentId,
      documentId: b1.documentId,
      providerId: p1.profileId,
      customerId: customer.profileId,
      customerUserId: customer.id,
      amount: P1_PRICE,
      estimatedArrival: '15',
      paymentMethod: 'cash',
      request: { id: requestId, budget: BUDGET, paymentMethod: 'cash' },
    });
    const closed = bidExpiredPayloadSchema.parse(s2.of('bid_expired')[0]);
    expect(closed).toEqual({
      requestId,
      bidId: b2.documentId,
      documentId: b2.documentId,
      providerId: p2.profileId,
      reason: 'other-bid-accepted',
      expiredAt: expect.any(String),
    });
    const loser = await s.request<{ data: BidView }>('GET', `/api/bids/${b2.documentId}`, { token: p2.token });
    expect([loser.status, loser.body.data.bidStatus]).toEqual([200, 'closed']);

    // Let any stray delivery arrive before asserting what must not have been delivered.
    await new Promise((r) => setTimeout(r, QUIET_MS));

    // Exactly these events, each once (a provider is in both its user and its business room: still one copy).
    const events = (l: Listener): string[] => l.received.map((r) => r.event);
    expect(events(cs)).toEqual(['new_bid', 'new_bid']);
    expect(events(s1)).toEqual(['new_request', 'bid_selected']);
    expect(events(s2)).toEqual(['new_request', 'bid_expired']);
    // The out-of-radius provider, the unapproved provider and another customer receive nothing at all.
    expect(events(sf)).toEqual([]);
    expect(events(su)).toEqual([]);
    expect(events(os)).toEqual([]);
    for (const l of [sf, su, os]) expect(l.socket.connected).toBe(true);

    // Sealed bids: no one but the customer ever received the other provider's price.
    const seenBy = (l: Listener): number[] => l.received.flatMap((r) => numbersIn(r.payload));
    expect(seenBy(cs)).toEqual(expect.arrayContaining([P1_PRICE, P2_PRICE]));
    expect(seenBy(s1)).not.toContain(P2_PRICE);
    expect(seenBy(s2)).not.toContain(P1_PRICE);
    expect(seenBy(s2)).not.toContain(P2_PRICE);
  });
});

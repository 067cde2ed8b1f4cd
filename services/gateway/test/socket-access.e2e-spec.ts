import type { AddressInfo } from 'node:net';
import { CLIENT_EVENTS, type SocketAck } from '@tiredash/contracts';
import { io, type Socket } from 'socket.io-client';
import { register, startGatewayStack, type GatewayStack } from './support/gateway-harness';
import { DbFingerprint, diff } from './support/db-fingerprint';
import { buildOwnedWorld, type OwnedWorld } from './support/owned-world';
import { SOCKET_ACCESS, type Me, type SocketCell, type SocketPersona } from './socket-access.matrix';

/** Strangers first, then the owners (whose events move A's job on), then the admin. */
const WALK_ORDER: SocketPersona[] = ['anonymous', 'noRole', 'otherCustomer', 'otherProvider', 'offeredProvider', 'pendingProvider', 'customer', 'provider', 'admin'];
const eventOf = (key: string): string => key.split(' #')[0]!;

interface Received {
  row: string;
  by: SocketPersona;
  event: string;
  payload: unknown;
}

/** Every client socket event as each persona, through the gateway's /socket.io, against the declared table. */
describe('the socket matrix: every client event as each persona', () => {
  let s: GatewayStack;
  let w: OwnedWorld;
  let db: DbFingerprint;
  let base: string;
  const sockets: Partial<Record<SocketPersona, Socket>> = {};
  const me: Partial<Record<SocketPersona, Me>> = {};
  let anonymousRefusal = '';
  /** What the sockets of the world's owners received, and during which row. */
  const received: Received[] = [];
  let currentRow = '';

  function connect(token: string | null): Promise<Socket> {
    const socket = io(base, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, auth: token ? { token } : {} });
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', (err) => {
        socket.close();
        reject(err);
      });
    });
  }

  beforeAll(async () => {
    s = await startGatewayStack('gw_socket_access', {}, { services: ['requests', 'payments', 'dispatch'], requestsEnv: { BIDDING_WINDOW_SECONDS: '3600' } });
    w = await buildOwnedWorld(s);
    await s.gateway.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(s.gateway.getHttpServer().address() as AddressInfo).port}`;
    const noRole = await register(s, null);
    const people: Record<Exclude<SocketPersona, 'anonymous'>, { token: string } & Me> = {
      noRole: { token: noRole.token, userId: noRole.id, role: null, businessId: null },
      customer: { token: w.customerA.token, userId: w.customerA.id, role: 'customer', businessId: null },
      otherCustomer: { token: w.customerB.token, userId: w.customerB.id, role: 'customer', businessId: null },
      provider: { token: w.providerA.token, userId: w.providerA.id, role: 'provider', businessId: w.providerA.providerId },
      otherProvider: { token: w.providerB.token, userId: w.providerB.id, role: 'provider', businessId: w.providerB.providerId },
      offeredProvider: { token: w.providerC.token, userId: w.providerC.id, role: 'provider', businessId: w.providerC.providerId },
      pendingProvider: { token: w.pendingA.token, userId: w.pendingA.id, role: 'provider', businessId: w.pendingA.providerId },
      admin: { token: w.admin.token, userId: w.admin.id, role: 'admin', businessId: null },
    };
    for (const [persona, p] of Object.entries(people) as [Exclude<SocketPersona, 'anonymous'>, { token: string } & Me][]) {
      const socket = await connect(p.token);
      sockets[persona] = socket;
      me[persona] = { userId: p.userId, role: p.role, businessId: p.businessId };
      socket.onAny((event: string, payload: unknown) => received.push({ row: currentRow, by: persona, event, payload }));
    }
    anonymousRefusal = await connect(null).then(
      (socket) => {
        socket.close();
        return 'connected';
      },
      (err: Error) => err.message,
    );
    db = await DbFingerprint.connect(s.env.db.url);
  }, 120_000);

  afterAll(async () => {
    for (const socket of Object.values(sockets)) socket?.close();
    await db?.close();
    await s?.close();
  });

  it('has a row for every client event, and no row for an event that does not exist', () => {
    const events = Object.values(CLIENT_EVENTS) as string[];
    const covered = new Set(Object.values(SOCKET_ACCESS).map((r) => r.event as string));
    expect(events.filter((e) => !covered.has(e))).toEqual([]);
    expect([...covered].filter((e) => !events.includes(e))).toEqual([]);
    expect(Object.entries(SOCKET_ACCESS).filter(([key, r]) => eventOf(key) !== r.event).map(([key]) => key)).toEqual([]);
  });

  it('answers every event as declared; a refusal changes no table and reaches no one', async () => {
    const mismatches: string[] = [];
    let before = await db.settle();
    for (const [key, row] of Object.entries(SOCKET_ACCESS)) {
      for (const persona of WALK_ORDER) {
        currentRow = `${key} as ${persona}`;
        const want: SocketCell = row.cells[persona];
        let got: string;
        const socket = sockets[persona];
        if (!socket) got = anonymousRefusal === 'unauthorized' ? 'handshake' : `anonymous socket: ${anonymousRefusal}`;
        else {
          const ack = (await socket.timeout(10_000).emitWithAck(row.event, row.payload(w, me[persona]!))) as SocketAck;
          got = ack.ok ? (row.event === 'join' ? 'joined' : ack.relayed === false ? 'echo' : 'relayed') : ack.error.code;
        }
        if (got !== want) mismatches.push(`${currentRow}: ${got}, declared ${want}`);
        if (got === 'relayed' || got === 'joined') {
          // Dispatch writes the sampled track in batches every 200 ms: wait longer than that.
          before = await db.settle({ quietMs: 500 });
          continue;
        }
        const changed = diff(before, await db.take());
        if (changed.length > 0) {
          mismatches.push(`${currentRow}: refused (${got}) but changed ${changed.join(', ')}`);
          before = await db.settle();
        }
      }
    }
    // Late deliveries of the last rows' events land before the checks below.
    await new Promise((r) => setTimeout(r, 500));
    const seen = (r: Received): string => `${r.by} got ${r.event} ${JSON.stringify(r.payload).slice(0, 80)} (during ${r.row})`;
    // An echo is never passed on: nobody receives a new_request, new_bid, bid_selected or job_confirmed in this walk.
    mismatches.push(...received.filter((r) => ['new_request', 'new_bid', 'bid_selected', 'job_confirmed'].includes(r.event)).map(seen));
    // Strangers to A's requests receive nothing of them (their own refusals come back as `error` only).
    const strangers: SocketPersona[] = ['noRole', 'otherCustomer', 'otherProvider', 'pendingProvider'];
    mismatches.push(...received.filter((r) => strangers.includes(r.by) && r.event !== 'error').map(seen));
    // Provider C, offered A's requests, hears of their cancellations only (job_canceled goes to every provider a request
    // was offered to), and at least of the open one's.
    mismatches.push(...received.filter((r) => r.by === 'offeredProvider' && r.event !== 'error' && r.event !== 'job_canceled').map(seen));
    if (!received.some((r) => r.by === 'offeredProvider' && r.event === 'job_canceled' && (r.payload as { requestId?: string }).requestId === w.openRequestId)) {
      mismatches.push("offered provider C was not told of the open request's cancellation");
    }
    // The one point forwarded is provider A's, to customer A only.
    const points = received.filter((r) => r.event === 'driver_location');
    const expected = { lat: 37.79, lng: -122.4, requestId: w.acceptedRequestId };
    if (points.length !== 1 || points[0]!.by !== 'customer' || JSON.stringify(points[0]!.payload) !== JSON.stringify(expected)) {
      mismatches.push(`driver_location deliveries: ${points.map(seen).join('; ')}, declared one, to customer A`);
    }
    expect(mismatches).toEqual([]);
  });
});

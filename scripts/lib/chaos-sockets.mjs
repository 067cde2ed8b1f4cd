// The customers' sockets of the chaos harness (scripts/chaos.mjs), connected through the load balancer as the SPA
// connects them (websocket, reconnecting). On every reconnection the handshake carries `resume`: since when the
// socket may have missed events (its last disconnect, less a margin) and the bids it already holds from that
// window; the realtime service replays the `new_bid` events missed meanwhile (flagged `replayed`).
import { io as connectSocket } from 'socket.io-client';
import { sleep } from './util.mjs';

/** How far before the disconnect a resume reaches back: events emitted just before it may not have arrived. */
export const RESUME_MARGIN_MS = 10_000;

export class CustomerSockets {
  constructor(url) {
    this.url = url;
    /** bidId -> { live, replayed } receipts */
    this.received = new Map();
    this.sockets = [];
    this.reconnections = 0;
    /** Disconnections and refused handshakes, for the report. */
    this.events = [];
    this.closed = false;
  }

  async connect(customers) {
    await Promise.all(customers.map((c) => this.connectOne(c)));
  }

  async connectOne(customer) {
    const state = { disconnectedAt: null, seen: new Map() }; // bidId -> received at (ms)
    const socket = connectSocket(this.url, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: true,
      reconnectionDelay: 250,
      reconnectionDelayMax: 2000,
      // Read at every attempt: the first connection asks for nothing, a reconnection for what it missed.
      auth: (cb) => {
        if (state.disconnectedAt === null) return cb({ token: customer.token });
        const since = state.disconnectedAt - RESUME_MARGIN_MS;
        const bidIds = [...state.seen].filter(([, at]) => at >= since).map(([id]) => id);
        cb({ token: customer.token, resume: { since: new Date(since).toISOString(), bidIds } });
      },
    });
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('customer socket did not connect in 15 s')), 15_000);
      socket.once('connect', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    socket.on('disconnect', (reason) => {
      state.disconnectedAt = Date.now();
      this.events.push(`${new Date().toISOString()} customer ${customer.index} disconnected: ${reason}`);
      // As the SPA does (use-realtime.ts): a server that ended the socket is asked again (socket.io would not).
      if (reason === 'io server disconnect') setTimeout(() => !this.closed && socket.connect(), 500);
    });
    socket.on('connect', () => {
      if (state.disconnectedAt !== null) this.reconnections += 1;
    });
    socket.on('connect_error', (err) => {
      this.events.push(
        `${new Date().toISOString()} customer ${customer.index} connect_error: ${err.message}`,
      );
      // A refused handshake (socket.active false) is not retried by socket.io: the SPA retries it; so does this.
      if (!socket.active) setTimeout(() => !this.closed && socket.connect(), 1000);
    });
    socket.on('new_bid', (payload) => {
      const id = payload?.id ?? payload?.bidId;
      const got = this.received.get(id) ?? { live: 0, replayed: 0, customer: customer.index };
      if (payload?.replayed) got.replayed += 1;
      else got.live += 1;
      this.received.set(id, got);
      if (!state.seen.has(id)) state.seen.set(id, Date.now());
    });
    this.sockets.push(socket);
  }

  /** Waits until every placed bid was received (or the time is up). */
  async drain(placed, timeoutMs) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline && [...placed.keys()].some((id) => !this.received.has(id))) await sleep(200);
  }

  /** Per placed bid: received at all, more than once, live or replayed (each bid goes to its customer only). */
  tally(placed) {
    let notDelivered = 0;
    let deliveredTwice = 0;
    let deliveredLive = 0;
    let deliveredReplayed = 0;
    for (const [id, bid] of placed) {
      const got = this.received.get(id);
      if (!got) {
        notDelivered += 1;
        continue;
      }
      if (got.customer !== bid.customer) notDelivered += 1;
      if (got.live + got.replayed > 1) deliveredTwice += 1;
      if (got.live) deliveredLive += 1;
      else deliveredReplayed += 1;
    }
    return { notDelivered, deliveredTwice, deliveredLive, deliveredReplayed };
  }

  close() {
    this.closed = true;
    for (const s of this.sockets) s.close();
  }
}

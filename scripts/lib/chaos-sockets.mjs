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

/**
 * The provider's app on its way to a job: a socket through the load balancer streams the job's address
 * (`driver_location_update`, acknowledged) until dispatch shows it as the job's latest position, so the
 * provider's 'I AM HERE' passes the arrival check as a driver's does. A fault in the middle is retried.
 */
export async function streamAtJob(url, api, provider, request, point, { timeoutMs = 60_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const socket = connectSocket(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, auth: { token: provider.token } });
    try {
      await new Promise((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      await socket.timeout(10_000).emitWithAck('join', { userId: provider.profileId, role: 'provider', requestId: request.id });
      for (let i = 0; i < 20; i += 1) {
        await socket
          .timeout(5_000)
          .emitWithAck('driver_location_update', { ...point, customerId: request.customer.profileId, requestId: request.id, at: Date.now() })
          .catch(() => null);
        const job = await api.call('GET', `/api/dispatch/jobs/${request.id}`, { token: provider.token });
        const latest = job.status === 200 ? job.json.data.latest : null;
        // Dispatch keeps the point in Redis as JSON of 14 significant digits: the same point, not the same bits.
        if (latest && Math.abs(latest.lat - point.lat) < 1e-6 && Math.abs(latest.lng - point.lng) < 1e-6) return;
        await sleep(1000); // realtime forwards one point a second per job; faster ones are dropped
      }
    } catch {
      // the socket's service or the balancer in a fault: connect again
    } finally {
      socket.close();
    }
    if (Date.now() > deadline) throw new Error(`request ${request.id}: the provider's position never reached dispatch`);
    await sleep(500);
  }
}

// @ts-check
// TireDash bidding burst, for operators: k6 run deploy/k6/bidding-burst.js (README.md beside this file).
//
// Arrival model: `ramping-arrival-rate`, one iteration = one service request. Each iteration opens the
// customer's Socket.IO connection (k6/websockets, Engine.IO v4 frames by hand), posts a request, lets N
// providers bid within a few seconds (concurrent async requests), waits for every `new_bid` on the customer's
// socket, then accepts one bid. setup() creates the providers (approved, online, within radius) and customers
// through the public API and waits until the requests service offers requests to every provider.
//
// Type-checked with @types/k6 (tsc -p deploy/k6); no k6 binary is needed for that.
import { check, fail, sleep } from 'k6';
import exec from 'k6/execution';
import http from 'k6/http';
import { Counter, Rate, Trend } from 'k6/metrics';
import { clearTimeout, setTimeout } from 'k6/timers';
import { WebSocket } from 'k6/websockets';

const BASE_URL = (__ENV.BASE_URL || 'http://localhost:3000').replace(/\/$/, '');
const WS_URL = `${BASE_URL.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
const ADMIN_EMAIL = __ENV.ADMIN_EMAIL || 'admin@tiredash.local';
const ADMIN_PASSWORD = __ENV.ADMIN_PASSWORD || 'TireDash-admin-dev';
const PROVIDERS = Number(__ENV.PROVIDERS || 10);
const CUSTOMERS = Number(__ENV.CUSTOMERS || 20);
/** Requests per second at the plateau; each brings PROVIDERS bids (10 providers x 50 req/s = 500 bids/s). */
const PEAK_RATE = Number(__ENV.PEAK_RATE || 50);
const BURST_RATE = Number(__ENV.BURST_RATE || 2 * PEAK_RATE);
const PLATEAU = __ENV.PLATEAU || '60s';
/** Providers bid within this many seconds of the request. */
const BID_SPREAD_SECONDS = Number(__ENV.BID_SPREAD_SECONDS || 2);
const SOCKET_WAIT_SECONDS = Number(__ENV.SOCKET_WAIT_SECONDS || 10);
const PASSWORD = __ENV.USER_PASSWORD || 'K6-bench-pw-2468!';

/** @type {import('k6/options').Options} */
export const options = {
  setupTimeout: '300s',
  scenarios: {
    bidding: {
      executor: 'ramping-arrival-rate',
      startRate: 1,
      timeUnit: '1s',
      preAllocatedVUs: Math.max(50, PEAK_RATE * 4),
      maxVUs: Math.max(200, BURST_RATE * 12),
      stages: [
        { target: PEAK_RATE, duration: '30s' }, // ramp up
        { target: PEAK_RATE, duration: PLATEAU }, // sustained
        { target: BURST_RATE, duration: '5s' }, // burst
        { target: BURST_RATE, duration: '10s' },
        { target: 0, duration: '15s' }, // drain
      ],
    },
  },
  thresholds: {
    'http_req_duration{name:place_bid}': ['p(95)<50', 'p(99)<100'],
    'http_req_duration{name:create_request}': ['p(99)<250'],
    'http_req_duration{name:accept_bid}': ['p(99)<250'],
    http_req_failed: ['rate<0.01'],
    bid_to_socket_ms: ['p(50)<15', 'p(99)<75'],
    socket_new_bid_lost: ['count==0'],
    socket_new_bid_duplicated: ['count==0'],
    socket_connected: ['rate>0.99'],
    checks: ['rate>0.99'],
  },
};

const bidToSocket = new Trend('bid_to_socket_ms', true);
const newBidLost = new Counter('socket_new_bid_lost');
const newBidDuplicated = new Counter('socket_new_bid_duplicated');
const socketConnected = new Rate('socket_connected');

/**
 * @typedef {{ token: string, id: string }} User
 * @typedef {User & { profileId: string, lat: number, lng: number }} Provider
 * @typedef {{ center: { lat: number, lng: number }, providers: Provider[], customers: User[] }} SetupData
 */

/** @param {string} method @param {string} path @param {unknown} [body] @param {string} [token] @param {string} [name] */
function api(method, path, body, token, name) {
  /** @type {Record<string, string>} */
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  return http.request(method, `${BASE_URL}${path}`, body === undefined ? null : JSON.stringify(body), {
    headers,
    tags: { name: name || 'setup' },
  });
}

/** @param {import('k6/http').RefinedResponse<any>} res @param {number[]} ok @param {string} what */
function must(res, ok, what) {
  if (!ok.includes(res.status)) fail(`${what}: ${res.status} ${String(res.body).slice(0, 300)}`);
  return /** @type {any} */ (res.json());
}

/** @param {'customer' | 'provider'} role @param {string} label @returns {User} */
function register(role, label) {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e9).toString(36)}`;
  const json = must(
    api('POST', '/api/auth/local/register', {
      username: `k6 ${label} ${tag}`,
      email: `k6-${label}-${tag}@k6.tiredash.test`,
      password: PASSWORD,
      role,
    }),
    [200, 201],
    `register ${label}`,
  );
  return { token: json.jwt, id: json.user.id };
}

/** @param {{lat: number, lng: number}} point */
function requestBody(point) {
  return {
    data: {
      tireSize: '225/65/R17',
      tireStatus: 'Bids Open',
      serviceType: 'Flat Tire Repair',
      budget: 150,
      paymentMethod: 'cash',
      description: 'Flat rear tire (k6)',
      address: 'K6 Rd',
      lat: point.lat,
      lng: point.lng,
      location: { address: 'K6 Rd', lat: point.lat, lng: point.lng },
    },
  };
}

/** @returns {SetupData} */
export function setup() {
  const admin = must(
    api('POST', '/api/auth/local', { identifier: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    [200],
    'admin login',
  );
  const adminToken = admin.jwt;
  // A spot of its own per run, so requests are offered to this run's providers only.
  const center = { lat: 38 + Math.random() * 1.5, lng: -100 + Math.random() * 2 };
  /** @type {Provider[]} */
  const providers = [];
  for (let i = 0; i < PROVIDERS; i++) {
    const user = register('provider', `p${i}`);
    const lat = center.lat + (Math.random() - 0.5) * 0.05;
    const lng = center.lng + (Math.random() - 0.5) * 0.05;
    const profile = must(
      api(
        'POST',
        '/api/providers',
        {
          data: {
            businessName: `K6 Tires ${i}`,
            fullName: `K6 Provider ${i}`,
            phone: '+1 555 010 4050',
            hourlyRate: 80,
            yearsExperience: 5,
            service_types: ['Flat Tire Repair'],
            serviceArea: { radius: 25, address: `${i + 1} K6 Ave` },
            vehicleSpecs: 'Van',
            online: true,
            location: { address: `${i + 1} K6 Ave`, lat, lng },
            user: user.id,
          },
        },
        user.token,
      ),
      [200, 201],
      'provider profile',
    );
    const profileId = profile.data.documentId;
    must(
      api('PUT', `/api/providers/${profileId}`, { data: { isApproved: true } }, adminToken),
      [200],
      'approve provider',
    );
    providers.push({ ...user, profileId, lat, lng });
  }
  /** @type {User[]} */
  const customers = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const user = register('customer', `c${i}`);
    must(
      api(
        'POST',
        '/api/customers',
        {
          data: {
            fullName: `K6 Customer ${i}`,
            phone: '+1 555 010 2030',
            paymentMethod: 'cash',
            user: user.id,
          },
        },
        user.token,
      ),
      [200, 201],
      'customer profile',
    );
    customers.push(user);
  }
  // The requests service learns of providers from identity's events: wait until a probe reaches everyone.
  for (let attempt = 0; attempt < 60; attempt++) {
    const probe = must(
      api('POST', '/api/service-requests', requestBody(center), customers[0].token),
      [201],
      'probe request',
    );
    sleep(0.5);
    const missing = providers.filter((p) => {
      const res = api(
        'GET',
        '/api/service-requests?filters[tireStatus][$eq]=Bids%20Open&pagination[pageSize]=100',
        undefined,
        p.token,
      );
      if (res.status !== 200) return true;
      /** @type {{ data?: Array<{ documentId: string }> }} */
      const page = /** @type {any} */ (res.json());
      return !(page.data || []).some((r) => r.documentId === probe.data.documentId);
    }).length;
    api(
      'PUT',
      `/api/service-requests/${probe.data.documentId}`,
      { data: { tireStatus: 'Cancelled' } },
      customers[0].token,
    );
    if (missing === 0) return { center, providers, customers };
    sleep(1);
  }
  return fail('providers never became matchable (are identity events reaching the requests service?)');
}

/**
 * The customer's Socket.IO connection: Engine.IO v4 over a websocket, namespace '/' with the JWT as auth.
 * Resolves once connected; `onEvent(name, payload)` gets every event.
 * @param {string} token @param {(name: string, payload: any) => void} onEvent
 * @returns {Promise<WebSocket>}
 */
function openSocket(token, onEvent) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(WS_URL);
    const timer = setTimeout(() => {
      ws.close();
      reject(new Error('socket connect timeout'));
    }, 10000);
    ws.onmessage = (e) => {
      const data = String(e && e.data);
      if (data.startsWith('0'))
        ws.send(`40${JSON.stringify({ token })}`); // Engine.IO open -> Socket.IO connect
      else if (data === '2')
        ws.send('3'); // ping -> pong
      else if (data.startsWith('40')) {
        clearTimeout(timer);
        resolve(ws);
      } else if (data.startsWith('44')) {
        clearTimeout(timer);
        reject(new Error(`socket refused: ${data.slice(2)}`));
      } else if (data.startsWith('42')) {
        const [name, payload] = JSON.parse(data.slice(2));
        onEvent(name, payload);
      }
    };
    ws.onerror = (e) => {
      clearTimeout(timer);
      reject(new Error(`socket error: ${e && e.error}`));
    };
  });
}

/** @param {number} ms */
const delay = (ms) => new Promise((r) => setTimeout(r, ms));

/** @param {SetupData} data */
export default async function (data) {
  const customer = data.customers[exec.scenario.iterationInTest % data.customers.length];
  /** @type {Map<string, number>} bidId -> times received */
  const received = new Map();
  let ws;
  try {
    ws = await openSocket(customer.token, (name, payload) => {
      if (name !== 'new_bid') return;
      const id = payload.id || payload.bidId;
      received.set(id, (received.get(id) || 0) + 1);
      if (received.get(id) === 1) bidToSocket.add(Date.now() - Date.parse(payload.submittedAt));
    });
    socketConnected.add(true);
  } catch (err) {
    socketConnected.add(false);
    return;
  }
  try {
    const created = api(
      'POST',
      '/api/service-requests',
      requestBody(data.center),
      customer.token,
      'create_request',
    );
    if (!check(created, { 'request created': (r) => r.status === 201 })) return;
    const requestId = /** @type {any} */ (created.json()).data.documentId;

    // Every provider bids within BID_SPREAD_SECONDS, concurrently.
    const bids = await Promise.all(
      data.providers.map(async (p, i) => {
        await delay(Math.random() * BID_SPREAD_SECONDS * 1000);
        const res = await http.asyncRequest(
          'POST',
          `${BASE_URL}/api/bids`,
          JSON.stringify({
            data: {
              requestId,
              provider: p.profileId,
              bidStatus: 'pending',
              amount: 100 + i,
              estimatedArrival: 15,
              location: { lat: p.lat, lng: p.lng },
            },
          }),
          {
            headers: { 'content-type': 'application/json', authorization: `Bearer ${p.token}` },
            tags: { name: 'place_bid' },
          },
        );
        check(res, { 'bid placed': (r) => r.status === 201 });
        return res.status === 201 ? /** @type {any} */ (res.json()).data.documentId : null;
      }),
    );
    const placed = bids.filter((b) => b !== null);

    // Every placed bid reaches the customer's socket once.
    const until = Date.now() + SOCKET_WAIT_SECONDS * 1000;
    while (placed.some((id) => !received.has(id)) && Date.now() < until) await delay(20);
    for (const id of placed) {
      const n = received.get(id) || 0;
      if (n === 0) newBidLost.add(1);
      if (n > 1) newBidDuplicated.add(n - 1);
    }
    check(placed, { 'every bid reached the customer socket': (ids) => ids.every((id) => received.has(id)) });

    if (placed.length > 0) {
      const accepted = api(
        'PUT',
        `/api/service-requests/${requestId}`,
        { data: { tireStatus: 'Accepted', accepted_bid: placed[0] } },
        customer.token,
        'accept_bid',
      );
      check(accepted, { 'bid accepted': (r) => r.status === 200 });
    }
  } finally {
    ws.close();
  }
}

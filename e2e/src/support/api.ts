// The black-box API tests' steps through the gateway, as the app takes them: calls with a token, waits for what
// another service does in its own time, and people who sign up, apply, are approved, connect Stripe and go online.
// Cards are made at the Stripe emulator with the publishable key, as Stripe.js makes them.
import { io, type Socket } from 'socket.io-client';
import { baseUrl, demoLogin } from './stack-env';

export interface Reply<T = Record<string, unknown>> {
  status: number;
  body: T;
  text: string;
}

/** The gateway's error answer. */
export interface ErrorBody {
  error: { status: number; code: string; message: string; details?: { reason?: string; [key: string]: unknown } };
}

interface CallOptions {
  body?: unknown;
  token?: string;
}

/** One HTTP call to the stack; the body is parsed when the answer is JSON. */
export async function call<T = Record<string, unknown>>(method: string, path: string, opts: CallOptions = {}): Promise<Reply<T>> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let body = {} as T;
  if ((res.headers.get('content-type') ?? '').includes('application/json') && text) body = JSON.parse(text) as T;
  return { status: res.status, body, text };
}

/** A call that must succeed (2xx): its body, else an error naming the call and the answer. */
export async function ok<T = Record<string, unknown>>(method: string, path: string, opts: CallOptions = {}): Promise<T> {
  const res = await call<T>(method, path, opts);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
  return res.body;
}

/** Probes every 250 ms until `probe` gives a truthy value (returned), or fails naming `what` after `timeoutMs`. */
export async function eventually<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 20000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The seeded admin's token (the only seeded account these tests use). */
export async function adminToken(): Promise<string> {
  const a = demoLogin('admin');
  return (await ok<{ jwt: string }>('POST', '/api/auth/local', { body: { identifier: a.email, password: a.password } })).jwt;
}

/** The card fee in force, in dollars (the admin's `serviceFee`). */
export async function cardFeeSetting(): Promise<number> {
  return (await ok<{ data: { serviceFee: number } }>('GET', '/api/settings')).data.serviceFee;
}

/** The Stripe API the stack's payments talks to (the emulator), from the SPA's config. */
export async function stripeApiBase(): Promise<string> {
  return (await ok<{ stripeJsUrl: string }>('GET', '/pay/config')).stripeJsUrl.replace(/\/v3\/?$/, '');
}

/** The emulator's secret key (the stack's; the local development default), for its test-only endpoints. */
export const EMULATOR_SECRET_KEY = process.env.STRIPE_SECRET_KEY ?? 'sk_test_tiredash_local_emulator';

/** The emulator's test clock (payments reads it in the e2e stack: PAYMENTS_CLOCK=stripe-emulator), unix seconds. */
export async function emulatorNow(): Promise<number> {
  const res = await fetch(`${await stripeApiBase()}/__emulator/clock`, { headers: { authorization: `Bearer ${EMULATOR_SECRET_KEY}` } });
  if (res.status !== 200) throw new Error(`the emulator's clock: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { now: number }).now;
}

/** Moves the emulator's test clock on by `seconds`: a week passes without waiting. */
export async function advanceEmulatorClock(seconds: number): Promise<void> {
  const res = await fetch(`${await stripeApiBase()}/__emulator/clock`, {
    method: 'POST',
    headers: { authorization: `Bearer ${EMULATOR_SECRET_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ advanceSeconds: seconds }),
  });
  if (res.status !== 200) throw new Error(`moving the emulator's clock: ${res.status} ${await res.text()}`);
}

/** A card made at the emulator with the publishable key, as Stripe.js makes it: its PaymentMethod id. */
export async function cardPaymentMethod(number = '4242424242424242'): Promise<string> {
  const config = await ok<{ publishableKey: string; stripeJsUrl: string }>('GET', '/pay/config');
  const res = await fetch(`${config.stripeJsUrl.replace(/\/v3\/?$/, '')}/v1/payment_methods`, {
    method: 'POST',
    headers: { authorization: `Bearer ${config.publishableKey}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ type: 'card', 'card[number]': number, 'card[exp_month]': '12', 'card[exp_year]': '2034', 'card[cvc]': '123' }),
  });
  if (res.status !== 200) throw new Error(`the emulator refused card ${number}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

export interface Account {
  token: string;
  userId: string;
  email: string;
}

/** Signs up as `role` with the registration form's fields. */
export async function register(role: 'customer' | 'provider', email: string, password: string): Promise<Account> {
  const res = await ok<{ jwt: string; user: { id: string } }>('POST', '/api/auth/local/register', { body: { username: email, email, password, role } });
  return { token: res.jwt, userId: res.user.id, email };
}

export interface Customer extends Account {
  customerId: string;
}

/** The customer's profile, as the registration screen creates it. */
export async function withCustomerProfile(account: Account, fullName: string, phone: string): Promise<Customer> {
  const profile = await ok<{ data: { documentId: string } }>('POST', '/api/customers', {
    token: account.token,
    body: { data: { fullName, phone, user: account.userId } },
  });
  return { ...account, customerId: profile.data.documentId };
}

export interface Provider extends Account {
  providerId: string;
}

export interface ProviderApplication {
  businessName: string;
  fullName: string;
  phone: string;
  /** Default: Flat Tire Repair only. */
  serviceTypes?: string[];
  /** Miles; default 10. */
  radius?: number;
}

/** The provider's application (the registration screen's profile), approved by the admin. */
export async function approvedProvider(account: Account, application: ProviderApplication, admin: string): Promise<Provider> {
  const profile = await ok<{ data: { documentId: string } }>('POST', '/api/providers', {
    token: account.token,
    body: {
      data: {
        businessName: application.businessName,
        fullName: application.fullName,
        hourlyRate: 70,
        yearsExperience: 5,
        service_types: application.serviceTypes ?? ['Flat Tire Repair'],
        serviceArea: { radius: application.radius ?? 10 },
        vehicleSpecs: null,
        phone: application.phone,
        user: account.userId,
        online: false,
      },
    },
  });
  const providerId = profile.data.documentId;
  await ok('PUT', `/api/providers/${providerId}`, { token: admin, body: { data: { isApproved: true } } });
  return { ...account, providerId };
}

/** Stripe Connect onboarding as the settings screen runs it (the emulator's hosted page redirects back): the account id. */
export async function connectStripe(provider: Provider, businessName: string): Promise<string> {
  const account = await ok<{ id: string; url: string }>('POST', '/pay/providers/create-account', {
    token: provider.token,
    body: {
      email: provider.email,
      business_type: 'company',
      company: { name: businessName },
      refreshUrl: `${baseUrl()}/provider/settings`,
      returnUrl: `${baseUrl()}/provider/complete?providerId=${provider.providerId}`,
    },
  });
  const hosted = await fetch(account.url, { redirect: 'manual' });
  if (hosted.status !== 302) throw new Error(`the onboarding page answered ${hosted.status}, not a redirect back`);
  await ok('GET', `/pay/providers/onboard/complete?accountId=${encodeURIComponent(account.id)}`, { token: provider.token });
  return account.id;
}

/** The dashboard's Online switch with the device's position. */
export async function goOnline(provider: Provider, at: { lat: number; lng: number }): Promise<void> {
  await ok('PUT', `/api/providers/${provider.providerId}/presence`, { token: provider.token, body: { online: true, position: { ...at, accuracy: 10 } } });
}

/**
 * A socket as the app holds one, kept in `sockets` (close them after the file). `listen` adds the handlers before it
 * connects; `join` (the app's join message: userId, role, maybe requestId) is sent once connected and must be acked.
 */
export function openSocket(token: string, sockets: Socket[], join: Record<string, unknown> | null, listen: (s: Socket) => void = () => undefined): Promise<Socket> {
  const socket = io(baseUrl(), { path: '/socket.io', transports: ['websocket'], auth: { token }, forceNew: true });
  sockets.push(socket);
  listen(socket);
  return new Promise<Socket>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the socket did not ${join ? 'join' : 'connect'}`)), 15000);
    socket.on('connect', () => {
      if (!join) {
        clearTimeout(timer);
        resolve(socket);
        return;
      }
      socket.emit('join' as never, join as never, ((a: { ok: boolean }) => {
        clearTimeout(timer);
        if (a.ok) resolve(socket);
        else reject(new Error(`join refused: ${JSON.stringify(a)}`));
      }) as never);
    });
  });
}

/** Where a job is: the position the request screen sends (the device's or a picked address). */
export interface JobPlace {
  lat: number;
  lng: number;
  address: string;
}

/** The request screen's body for a Flat Tire Repair request of `budget` at `at` (its `data`). */
export function requestData(o: { budget: number; paymentMethod: 'card' | 'cash'; at: JobPlace; description: string }): Record<string, unknown> {
  const position = { lat: o.at.lat, lng: o.at.lng };
  return {
    tireSize: '225/65/R17',
    serviceType: 'Flat Tire Repair',
    budget: o.budget,
    paymentMethod: o.paymentMethod,
    description: o.description,
    location: { address: o.at.address, ...position },
    ...position,
    address: o.at.address,
    tireStatus: 'Bids Open',
  };
}

/**
 * The request screen as the app drives it: the payment method saved on the customer's profile; for a card the payment
 * dialog first (a new card held for the budget plus `cardFee`, the fee in force unless given, and saved); then a Flat
 * Tire Repair request of `budget` posted at `at`. For a card it answers once payments has linked the hold to the request.
 */
export async function postRequest(
  customer: Pick<Customer, 'token' | 'customerId' | 'email'>,
  o: { budget: number; paymentMethod: 'card' | 'cash'; at: JobPlace; description: string; cardFee?: number },
): Promise<string> {
  await ok('PUT', `/api/customers/${customer.customerId}`, { token: customer.token, body: { data: { paymentMethod: o.paymentMethod } } });
  if (o.paymentMethod === 'card') {
    const paymentMethodId = await cardPaymentMethod();
    const cardFee = o.cardFee ?? (await cardFeeSetting());
    await ok('POST', '/pay/api/payments/authorize', {
      token: customer.token,
      body: { paymentMethodId, email: customer.email, amount: (o.budget + cardFee) * 100, cardFee: cardFee * 100, saveCard: true },
    });
  }
  const created = await ok<{ data: { documentId: string } }>('POST', '/api/service-requests', { token: customer.token, body: { data: requestData(o) } });
  const requestId = created.data.documentId;
  if (o.paymentMethod === 'card') {
    await eventually('the hold linked to the request', async () => {
      const res = await call<{ status: string }>('GET', `/pay/api/payments/request/${requestId}`, { token: customer.token });
      return res.status === 200 && res.body.status === 'held';
    });
  }
  return requestId;
}

/** The provider's bid, placed as soon as the request has been offered to it (matching is an event away): its id. */
export async function bidWhenOffered(provider: { token: string }, requestId: string, amount: number, estimatedArrival = 15): Promise<string> {
  const bid = await eventually('the request offered to the provider', async () => {
    const res = await call<{ data: { documentId: string } }>('POST', '/api/bids', { token: provider.token, body: { data: { requestId, amount, estimatedArrival } } });
    return res.status === 201 ? res.body.data : null;
  });
  return bid.documentId;
}

/** The customer accepts the bid on the bidding screen. */
export async function acceptBid(customer: { token: string }, requestId: string, bidId: string): Promise<void> {
  await ok('PUT', `/api/service-requests/${requestId}`, { token: customer.token, body: { data: { tireStatus: 'Accepted', accepted_bid: bidId } } });
}

/**
 * The provider's app on the way to its accepted job: its tracking screen's socket streams `point` (by default the
 * job's address, where a driver who is there stands) until dispatch shows it as the job's latest position. 'I AM
 * HERE' is checked against that point.
 */
export async function streamPosition(provider: Pick<Provider, 'token' | 'providerId'>, requestId: string, point?: { lat: number; lng: number }): Promise<void> {
  // Dispatch opens the job from the acceptance event: it may be a moment behind the accept's answer.
  const job = await eventually('the job in dispatch', async () => {
    const res = await call<{ data: { customerId: string; destination: { lat: number; lng: number } } }>('GET', `/api/dispatch/jobs/${requestId}`, { token: provider.token });
    return res.status === 200 ? res.body.data : null;
  });
  const at = point ?? { lat: job.destination.lat, lng: job.destination.lng };
  const sockets: Socket[] = [];
  try {
    const socket = await openSocket(provider.token, sockets, { userId: provider.providerId, role: 'provider', requestId });
    await eventually(`the provider's position ${at.lat},${at.lng} reaching dispatch`, async () => {
      socket.emit('driver_location_update' as never, { ...at, customerId: job.customerId, requestId, at: Date.now() } as never);
      const res = await call<{ data: { latest: { lat: number; lng: number } | null } }>('GET', `/api/dispatch/jobs/${requestId}`, { token: provider.token });
      // Dispatch keeps the point in Redis as JSON of 14 significant digits: the same point, not the same bits.
      const latest = res.status === 200 ? res.body.data.latest : null;
      return latest !== null && Math.abs(latest.lat - at.lat) < 1e-6 && Math.abs(latest.lng - at.lng) < 1e-6;
    });
  } finally {
    for (const s of sockets) s.disconnect();
  }
}

/** The provider drives to the job (its position streamed at the address) and presses 'I AM HERE': the request's view. */
export async function arriveAtJob<T = Record<string, unknown>>(provider: Pick<Provider, 'token' | 'providerId'>, requestId: string): Promise<T> {
  await streamPosition(provider, requestId);
  return ok<T>('POST', `/api/dispatch/jobs/${requestId}/arrived`, { token: provider.token });
}

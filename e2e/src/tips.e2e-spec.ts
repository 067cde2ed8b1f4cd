// Issue 13 item 5 through the gateway: a card tip, only while the admin's tipping toggle is on, 100% to the
// provider's wallet as its own entry. People sign up and act through the API as the app does (the admin is the only
// seeded account): a provider registers, is approved, connects Stripe and goes online; a customer creates a card at
// the Stripe emulator with the publishable key (what Stripe.js does), has it held and posts a card request; the
// provider bids, the customer accepts, the provider arrives and completes, the customer confirms (the capture). The
// admin turns tipping on (PUT /api/settings); the customer tips from the payment summary. The tipping setting the
// file found is put back at the end (the stack is shared by the files of the run, which run in band).
import crypto from 'node:crypto';
import { baseUrl, demoLogin } from './support/stack-env';

interface Reply<T = Record<string, unknown>> {
  status: number;
  body: T;
  text: string;
}

async function call<T = Record<string, unknown>>(method: string, path: string, opts: { body?: unknown; token?: string } = {}): Promise<Reply<T>> {
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

async function ok<T = Record<string, unknown>>(method: string, path: string, opts: { body?: unknown; token?: string } = {}): Promise<T> {
  const res = await call<T>(method, path, opts);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
  return res.body;
}

async function eventually<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 20000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

interface ErrorBody {
  error: { status: number; code: string; message: string; details?: { reason?: string } };
}
interface PaymentView {
  status: string;
  captured: number | null;
  tip: number | null;
  canTip: boolean;
}
interface WalletRow {
  kind: string;
  amount: number;
  grossAmount: number | null;
  commissionPercent: number | null;
  requestId: string | null;
  serviceType: string;
}

// Far from the seeded providers (San Francisco) and from the other e2e files' places, so the request reaches only ours.
const PROVIDER_AT = { lat: 30.2672, lng: -97.7431 };
const CUSTOMER_AT = { lat: 30.275, lng: -97.7431 };
const BUDGET = 90;

describe('card tips through the gateway: the admin turns tipping on, the customer tips a confirmed job, the provider gets all of it', () => {
  const id = crypto.randomBytes(4).toString('hex');
  let admin: string;
  let foundTipping: boolean;
  let provider: { token: string; providerId: string; accountId: string };
  let customer: { token: string; email: string; customerId: string };
  let stranger: string;

  async function signUp(role: 'customer' | 'provider', tag = role as string): Promise<{ token: string; userId: string; email: string }> {
    const email = `tips-${tag}-${id}@example.com`;
    const res = await ok<{ jwt: string; user: { id: string } }>('POST', '/api/auth/local/register', {
      body: { username: email, email, password: `Tips-${id}-pw`, role },
    });
    return { token: res.jwt, userId: res.user.id, email };
  }

  const setTipping = async (on: boolean): Promise<void> => {
    const saved = await ok<{ data: { tipping: boolean } }>('PUT', '/api/settings', { token: admin, body: { data: { tipping: on } } });
    expect(saved.data.tipping).toBe(on);
  };

  /** A card job of BUDGET held with the card fee in force, accepted at the budget, arrived, completed and confirmed. */
  async function confirmedCardJob(): Promise<string> {
    const config = await ok<{ publishableKey: string; stripeJsUrl: string }>('GET', '/pay/config');
    const stripeApi = config.stripeJsUrl.replace(/\/v3\/?$/, '');
    const pm = (await (
      await fetch(`${stripeApi}/v1/payment_methods`, {
        method: 'POST',
        headers: { authorization: `Bearer ${config.publishableKey}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ type: 'card', 'card[number]': '4242424242424242', 'card[exp_month]': '12', 'card[exp_year]': '2034', 'card[cvc]': '123' }),
      })
    ).json()) as { id: string };
    await ok('PUT', `/api/customers/${customer.customerId}`, { token: customer.token, body: { data: { paymentMethod: 'card' } } });
    const cardFee = (await ok<{ data: { serviceFee: number } }>('GET', '/api/settings')).data.serviceFee;
    await ok('POST', '/pay/api/payments/authorize', {
      token: customer.token,
      body: { paymentMethodId: pm.id, email: customer.email, amount: (BUDGET + cardFee) * 100, cardFee: cardFee * 100, saveCard: true },
    });
    const created = await ok<{ data: { documentId: string } }>('POST', '/api/service-requests', {
      token: customer.token,
      body: {
        data: {
          tireSize: '225/65/R17',
          serviceType: 'Flat Tire Repair',
          budget: BUDGET,
          paymentMethod: 'card',
          description: `tips ${id}`,
          location: { address: 'Congress Ave, Austin', ...CUSTOMER_AT },
          ...CUSTOMER_AT,
          address: 'Congress Ave, Austin',
          tireStatus: 'Bids Open',
        },
      },
    });
    const requestId = created.data.documentId;
    await eventually('the hold linked to the request', async () => {
      const res = await call<PaymentView>('GET', `/pay/api/payments/request/${requestId}`, { token: customer.token });
      return res.status === 200 && res.body.status === 'held';
    });
    const bid = await eventually('the request offered to the provider', async () => {
      const res = await call<{ data: { documentId: string } }>('POST', '/api/bids', {
        token: provider.token,
        body: { data: { requestId, amount: BUDGET, estimatedArrival: 15 } },
      });
      return res.status === 201 ? res.body.data : null;
    });
    await ok('PUT', `/api/service-requests/${requestId}`, { token: customer.token, body: { data: { tireStatus: 'Accepted', accepted_bid: bid.documentId } } });
    await ok('POST', `/api/dispatch/jobs/${requestId}/arrived`, { token: provider.token });
    await ok('POST', `/api/dispatch/jobs/${requestId}/completed`, { token: provider.token });
    await eventually('the completion report reaching payments', async () => {
      const res = await call('PUT', `/api/service-requests/${requestId}`, { token: customer.token, body: { data: { tireStatus: 'Service Completed' } } });
      return res.status === 200;
    });
    await eventually('the job credit', async () => (await history()).find((r) => r.requestId === requestId && r.kind === 'job_credit'));
    return requestId;
  }

  const history = async (): Promise<WalletRow[]> =>
    (await ok<{ data: WalletRow[] }>('GET', `/api/providers/${provider.providerId}/wallet-transactions`, { token: provider.token })).data;
  const summary = (): Promise<{ available: number; monthEarnings: number; monthTips: number }> =>
    ok('GET', `/pay/providers/summary?providerStripeAccountId=${provider.accountId}`, { token: provider.token });
  const tip = (requestId: string, amount: unknown, token = customer.token): Promise<Reply<ErrorBody & { amount: number; status: string; paymentIntentId: string }>> =>
    call('POST', `/pay/api/payments/request/${requestId}/tip`, { token, body: { amount } });

  beforeAll(async () => {
    const a = demoLogin('admin');
    admin = (await ok<{ jwt: string }>('POST', '/api/auth/local', { body: { identifier: a.email, password: a.password } })).jwt;
    foundTipping = (await ok<{ data: { tipping: boolean } }>('GET', '/api/settings', { token: admin })).data.tipping;

    const p = await signUp('provider');
    const profile = await ok<{ data: { documentId: string } }>('POST', '/api/providers', {
      token: p.token,
      body: {
        data: {
          businessName: `Lone Star Tires ${id}`,
          fullName: 'Terry Tips',
          hourlyRate: 70,
          yearsExperience: 5,
          service_types: ['Flat Tire Repair'],
          serviceArea: { radius: 10 },
          vehicleSpecs: null,
          phone: '555-010-5252',
          user: p.userId,
          online: false,
        },
      },
    });
    const providerId = profile.data.documentId;
    await ok('PUT', `/api/providers/${providerId}`, { token: admin, body: { data: { isApproved: true } } });
    const account = await ok<{ id: string; url: string }>('POST', '/pay/providers/create-account', {
      token: p.token,
      body: {
        email: p.email,
        business_type: 'company',
        company: { name: `Lone Star Tires ${id}` },
        refreshUrl: `${baseUrl()}/provider/settings`,
        returnUrl: `${baseUrl()}/provider/complete?providerId=${providerId}`,
      },
    });
    expect((await fetch(account.url, { redirect: 'manual' })).status).toBe(302);
    await ok('GET', `/pay/providers/onboard/complete?accountId=${encodeURIComponent(account.id)}`, { token: p.token });
    await ok('PUT', `/api/providers/${providerId}/presence`, { token: p.token, body: { online: true, position: { ...PROVIDER_AT, accuracy: 10 } } });
    provider = { token: p.token, providerId, accountId: account.id };

    const c = await signUp('customer');
    const customerProfile = await ok<{ data: { documentId: string } }>('POST', '/api/customers', {
      token: c.token,
      body: { data: { fullName: `Casey Tips ${id}`, phone: '555-010-5353', user: c.userId } },
    });
    customer = { token: c.token, email: c.email, customerId: customerProfile.data.documentId };
    stranger = (await signUp('customer', 'stranger')).token;
  });

  afterAll(async () => {
    if (admin && foundTipping !== undefined) await ok('PUT', '/api/settings', { token: admin, body: { data: { tipping: foundTipping } } });
  });

  it('refuses a tip while tipping is off, then takes one in full once the admin turns it on, once', async () => {
    await setTipping(false);
    const requestId = await confirmedCardJob();
    const before = await summary();
    expect(await ok<PaymentView>('GET', `/pay/api/payments/request/${requestId}`, { token: customer.token })).toMatchObject({ status: 'captured', tip: null, canTip: false });
    const off = await tip(requestId, 1500);
    expect([off.status, off.body.error.code, off.body.error.message]).toEqual([403, 'FORBIDDEN', 'Tipping is turned off right now.']);

    await setTipping(true);
    // What the payment summary reads: the tip section is offered.
    await eventually('payments sees tipping on', async () => (await ok<PaymentView>('GET', `/pay/api/payments/request/${requestId}`, { token: customer.token })).canTip);
    // Not the customer's job, not a customer, out of bounds: refused, nothing charged.
    expect((await tip(requestId, 1500, stranger)).status).toBe(403);
    expect((await tip(requestId, 1500, provider.token)).status).toBe(403);
    for (const amount of [99, 50_001, 12.5, 'ten']) expect((await tip(requestId, amount)).status).toBe(400);

    const paid = await tip(requestId, 1500);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ amount: 15, status: 'succeeded' });
    // A retry (the app's request sent again) answers the same tip; another amount is refused.
    const again = await tip(requestId, 1500);
    expect([again.status, again.body.paymentIntentId]).toEqual([200, paid.body.paymentIntentId]);
    const second = await tip(requestId, 2000);
    expect([second.status, second.body.error.details?.reason]).toEqual([409, 'TIP_ALREADY_GIVEN']);

    // The provider's wallet: 100% of the tip as its own entry, once; Earnings count it.
    const tips = (await history()).filter((r) => r.requestId === requestId && r.kind === 'tip');
    expect(tips).toEqual([expect.objectContaining({ amount: 15, grossAmount: 15, commissionPercent: 0, serviceType: 'Flat Tire Repair' })]);
    const after = await summary();
    expect(after.available).toBeCloseTo(before.available + 15, 2);
    expect(after.monthTips).toBeCloseTo(before.monthTips + 15, 2);
    // The customer's payment summary: the Tip line.
    expect(await ok<PaymentView>('GET', `/pay/api/payments/request/${requestId}`, { token: customer.token })).toMatchObject({ status: 'captured', tip: 15, canTip: false });
  });
});

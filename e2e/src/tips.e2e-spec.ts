// Issue 13 item 5 through the gateway: a card tip, only while the admin's tipping toggle is on, 100% to the
// provider's wallet as its own entry. People sign up and act through the API as the app does (the admin is the only
// seeded account): a provider registers, is approved, connects Stripe and goes online; a customer creates a card at
// the Stripe emulator with the publishable key (what Stripe.js does), has it held and posts a card request; the
// provider bids, the customer accepts, the provider arrives and completes, the customer confirms (the capture). The
// admin turns tipping on (PUT /api/settings); the customer tips from the payment summary. The tipping setting the
// file found is put back at the end (the stack is shared by the files of the run, which run in band).
import crypto from 'node:crypto';
import { adminToken, approvedProvider, call, connectStripe, eventually, goOnline, ok, register, withCustomerProfile, postRequest, bidWhenOffered, acceptBid, type ErrorBody, type Reply, arriveAtJob } from './support/api';

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

  const signUp = (role: 'customer' | 'provider', tag: string = role) => register(role, `tips-${tag}-${id}@example.com`, `Tips-${id}-pw`);

  const setTipping = async (on: boolean): Promise<void> => {
    const saved = await ok<{ data: { tipping: boolean } }>('PUT', '/api/settings', { token: admin, body: { data: { tipping: on } } });
    expect(saved.data.tipping).toBe(on);
  };

  /** A card job of BUDGET held with the card fee in force, accepted at the budget, arrived, completed and confirmed. */
  async function confirmedCardJob(): Promise<string> {
    const requestId = await postRequest(customer, { budget: BUDGET, paymentMethod: 'card', at: { ...CUSTOMER_AT, address: 'Congress Ave, Austin' }, description: `tips ${id}` });
    await acceptBid(customer, requestId, await bidWhenOffered(provider, requestId, BUDGET));
    await arriveAtJob(provider, requestId);
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
    admin = await adminToken();
    foundTipping = (await ok<{ data: { tipping: boolean } }>('GET', '/api/settings', { token: admin })).data.tipping;

    const p = await approvedProvider(await signUp('provider'), { businessName: `Lone Star Tires ${id}`, fullName: 'Terry Tips', phone: '555-010-5252' }, admin);
    const accountId = await connectStripe(p, `Lone Star Tires ${id}`);
    await goOnline(p, PROVIDER_AT);
    provider = { token: p.token, providerId: p.providerId, accountId };

    customer = await withCustomerProfile(await signUp('customer'), `Casey Tips ${id}`, '555-010-5353');
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

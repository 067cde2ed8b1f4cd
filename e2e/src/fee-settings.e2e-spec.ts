// Issue 13 item 6 through the gateway: the admin's fee settings change what the app charges, credits and allows,
// with no restart. People sign up and act through the API as the app does (the admin is the only seeded account):
// the admin saves System Settings (PUT /api/settings), a provider registers, is approved on the admin screen's call,
// connects Stripe through the hosted onboarding and goes online; a customer registers, creates a card at the Stripe
// emulator with the publishable key (what Stripe.js does), has it held, posts a card request; the provider bids,
// the customer accepts, the provider arrives and completes, the customer confirms (the capture). The settings the
// file found are put back at the end (the stack is shared by the files of the run, which run in band).
import crypto from 'node:crypto';
import { adminToken, approvedProvider, call, cardPaymentMethod, connectStripe, eventually, goOnline, ok, register, withCustomerProfile, bidWhenOffered, acceptBid, requestData, type ErrorBody, arriveAtJob } from './support/api';

type Settings = Record<'serviceFee' | 'walletFee' | 'cancellationFee' | 'noShowFee' | 'minWithdrawal', number>;

// Far from the seeded providers (San Francisco) and from the other e2e files' places, so the request reaches only ours.
const PROVIDER_AT = { lat: 39.7392, lng: -104.9903 };
const CUSTOMER_AT = { lat: 39.748, lng: -104.9903 };
const BUDGET = 120;

describe('fee settings through the gateway: the admin changes them, the next job and withdrawal follow', () => {
  const id = crypto.randomBytes(4).toString('hex');
  let admin: string;
  let found: Settings;
  let provider: { token: string; providerId: string; accountId: string };
  let customer: { token: string; email: string; customerId: string };

  const signUp = (role: 'customer' | 'provider') => register(role, `fees-${role}-${id}@example.com`, `Fees-${id}-pw`);

  /**
   * The customer's card held for the budget plus `cardFee` (what the payment dialog shows), the card request posted,
   * the provider's bid at the budget accepted (no new hold). Answers the request id.
   */
  async function acceptedCardJob(cardFee: number): Promise<string> {
    // The payment dialog: the card goes to Stripe (the emulator) with the publishable key, the hold through /pay.
    const paymentMethodId = await cardPaymentMethod();
    // The request screen saves the payment method on the customer first.
    await ok('PUT', `/api/customers/${customer.customerId}`, { token: customer.token, body: { data: { paymentMethod: 'card' } } });
    const hold = await ok<{ paymentIntentId: string; amount: number }>('POST', '/pay/api/payments/authorize', {
      token: customer.token,
      body: { paymentMethodId, email: customer.email, amount: (BUDGET + cardFee) * 100, cardFee: cardFee * 100, saveCard: true },
    });
    expect(hold.amount).toBe((BUDGET + cardFee) * 100);

    const created = await ok<{ data: { documentId: string } }>('POST', '/api/service-requests', {
      token: customer.token,
      body: { data: requestData({ budget: BUDGET, paymentMethod: 'card', at: { ...CUSTOMER_AT, address: 'Civic Center, Denver' }, description: `fees ${id}` }) },
    });
    const requestId = created.data.documentId;
    // Payments links the hold when it hears of the request (an event): then the customer's screens read its fee.
    const held = await eventually('the hold linked to the request', async () => {
      const res = await call<{ status: string }>('GET', `/pay/api/payments/request/${requestId}`, { token: customer.token });
      return res.status === 200 ? res.body : null;
    });
    expect(held).toMatchObject({ status: 'held', cardFee, held: BUDGET + cardFee });

    // The provider bids once the request reached it; the customer accepts at the budget (no new hold).
    const bidId = await bidWhenOffered(provider, requestId, BUDGET);
    await acceptBid(customer, requestId, bidId);
    return requestId;
  }

  const settingsSeenByAnyone = async (): Promise<Settings> => (await ok<{ data: Settings }>('GET', '/api/settings')).data;

  beforeAll(async () => {
    admin = await adminToken();
    const all = (await ok<{ data: Settings }>('GET', '/api/settings', { token: admin })).data;
    found = { serviceFee: all.serviceFee, walletFee: all.walletFee, cancellationFee: all.cancellationFee, noShowFee: all.noShowFee, minWithdrawal: all.minWithdrawal };

    // The provider's application, approval, Stripe account and Online switch.
    const p = await approvedProvider(await signUp('provider'), { businessName: `Mile High Tires ${id}`, fullName: 'Dana Fees', phone: '555-010-4242' }, admin);
    // The hosted onboarding submits the account and sends the browser back to /provider/complete.
    const accountId = await connectStripe(p, `Mile High Tires ${id}`);
    await goOnline(p, PROVIDER_AT);
    provider = { token: p.token, providerId: p.providerId, accountId };

    customer = await withCustomerProfile(await signUp('customer'), `Casey Fees ${id}`, '555-010-4343');
  });

  afterAll(async () => {
    if (admin && found) await ok('PUT', '/api/settings', { token: admin, body: { data: found } });
  });

  it('refuses a change by a customer or a provider (403) and an out-of-range value (400); nothing changes', async () => {
    for (const token of [customer.token, provider.token]) {
      const res = await call<ErrorBody>('PUT', '/api/settings', { token, body: { data: { walletFee: 5 } } });
      expect(res.status).toBe(403);
    }
    expect((await call<ErrorBody>('PUT', '/api/settings', { body: { data: { walletFee: 5 } } })).status).toBe(401);
    for (const data of [{ walletFee: 51 }, { serviceFee: 101 }, { cancellationFee: -1 }, { noShowFee: 101 }, { minWithdrawal: 0 }, { walletFee: 15.5 }]) {
      const res = await call<ErrorBody>('PUT', '/api/settings', { token: admin, body: { data } });
      expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect(await settingsSeenByAnyone()).toMatchObject(found);
  });

  it('charges the $5 card fee and credits 85% once the admin set them, and refuses a withdrawal under the new $30 minimum', async () => {
    const saved = await ok<{ data: Settings }>('PUT', '/api/settings', { token: admin, body: { data: { serviceFee: 5, walletFee: 15, minWithdrawal: 30 } } });
    expect(saved.data).toMatchObject({ serviceFee: 5, walletFee: 15, minWithdrawal: 30 });
    // What the customer's screens read (the payment dialog's amount, the card label).
    expect(await settingsSeenByAnyone()).toMatchObject({ serviceFee: 5, walletFee: 15, minWithdrawal: 30 });

    const requestId = await acceptedCardJob(5);
    await arriveAtJob(provider, requestId);
    await ok('POST', `/api/dispatch/jobs/${requestId}/completed`, { token: provider.token });
    await eventually('the completion report reaching payments', async () => {
      const res = await call('PUT', `/api/service-requests/${requestId}`, { token: customer.token, body: { data: { tireStatus: 'Service Completed' } } });
      return res.status === 200;
    });

    // Captured: the job plus the $5 fee kept with the hold; the wallet: 85% of the job, with its split stored.
    expect(await ok('GET', `/pay/api/payments/request/${requestId}`, { token: customer.token })).toMatchObject({ status: 'captured', cardFee: 5, captured: 125 });
    const credit = await eventually('the wallet credit', async () => {
      const rows = (await ok<{ data: Array<{ kind: string; amount: number; grossAmount: number; commissionPercent: number; requestId: string }> }>(
        'GET',
        `/api/providers/${provider.providerId}/wallet-transactions`,
        { token: provider.token },
      )).data;
      return rows.find((r) => r.requestId === requestId && r.kind === 'job_credit');
    });
    expect(credit).toMatchObject({ amount: 102, grossAmount: 120, commissionPercent: 15 });
    const summary = await ok<{ available: number }>('GET', `/pay/providers/summary?providerStripeAccountId=${provider.accountId}`, { token: provider.token });
    expect(summary.available).toBe(102);

    // The minimum in force: $29.99 is refused with the message the withdrawal dialog shows; $30 goes through.
    const refused = await call<ErrorBody>('POST', '/pay/providers/withdraw', {
      token: provider.token,
      body: { amount: 2999, providerStripeAccountId: provider.accountId },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Minimum withdrawal amount is $30.00' });
    const paid = await ok<{ ok: boolean; balance: number }>('POST', '/pay/providers/withdraw', {
      token: provider.token,
      body: { amount: 3000, providerStripeAccountId: provider.accountId },
    });
    expect(paid).toMatchObject({ ok: true, balance: 72 });

    // A later change does not move what the provider was credited for this job.
    await ok('PUT', '/api/settings', { token: admin, body: { data: { walletFee: 40 } } });
    const after = (await ok<{ data: Array<{ requestId: string; kind: string; amount: number; commissionPercent: number }> }>(
      'GET',
      `/api/providers/${provider.providerId}/wallet-transactions`,
      { token: provider.token },
    )).data.find((r) => r.requestId === requestId && r.kind === 'job_credit');
    expect(after).toMatchObject({ amount: 102, commissionPercent: 15 });
  });

  it("keeps the admin's $8 cancellation fee when the customer cancels an accepted card job: the provider gets its share", async () => {
    await ok('PUT', '/api/settings', { token: admin, body: { data: { serviceFee: 10, walletFee: 25, cancellationFee: 8 } } });
    expect(await settingsSeenByAnyone()).toMatchObject({ serviceFee: 10, walletFee: 25, cancellationFee: 8 });
    const requestId = await acceptedCardJob(10);
    // The customer cancels from the tracking screen before the provider arrives.
    await ok('PUT', `/api/service-requests/${requestId}`, { token: customer.token, body: { data: { tireStatus: 'Cancelled' } } });
    const kept = await eventually('the cancellation fee kept', async () => {
      const res = await call<{ status: string }>('GET', `/pay/api/payments/request/${requestId}`, { token: customer.token });
      return res.status === 200 && res.body.status === 'cancellation_fee' ? res.body : null;
    });
    expect(kept).toMatchObject({ captured: 8, cancellationFee: 8 });
    const credit = await eventually('the provider credited its share', async () => {
      const rows = (await ok<{ data: Array<{ kind: string; requestId: string }> }>('GET', `/api/providers/${provider.providerId}/wallet-transactions`, { token: provider.token })).data;
      return rows.find((r) => r.requestId === requestId && r.kind === 'cancellation_credit');
    });
    expect(credit).toMatchObject({ amount: 6, grossAmount: 8, commissionPercent: 25 });
  });
});

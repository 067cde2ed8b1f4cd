import Stripe from 'stripe';
import { waitFor } from '@tiredash/testing';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { signPayload } from '../../stripe-emulator/src';
import { aCardJob } from './support/card-job';
import { providerData, register, startGatewayStack, type ErrorBody, type GatewayStack, type Registered } from './support/gateway-harness';

interface ProviderBody {
  data: { documentId: string };
}

describe('payments through the gateway (/pay, /api/stripes, provider stripe routes)', () => {
  let s: GatewayStack;
  let customer: Registered;
  let provider: Registered & { providerId: string };
  let other: Registered & { providerId: string };
  let publishable: Stripe;
  let accountId: string;
  let admin: { token: string };

  async function aProvider(): Promise<Registered & { providerId: string }> {
    const user = await register(s, 'provider');
    const res = await s.request<ProviderBody>('POST', '/api/providers', { token: user.token, body: providerData() });
    expect(res.status).toBe(201);
    const providerId = res.body.data.documentId;
    // payments learns the provider from identity's events.
    await waitFor(async () => (await s.request('GET', `/api/providers/${providerId}/stripe-status`, { token: user.token })).status === 200, {
      timeoutMs: 10000,
      message: 'payments read model of the provider',
    });
    return { ...user, providerId };
  }

  beforeAll(async () => {
    s = await startGatewayStack('payments_gw', {}, { services: ['requests', 'payments', 'dispatch'] });
    admin = await s.anAdmin();
    customer = await register(s, 'customer');
    provider = await aProvider();
    expect((await s.request('PUT', `/api/providers/${provider.providerId}`, { token: admin.token, body: { data: { isApproved: true } } })).status).toBe(200);
    other = await aProvider();
    const u = new URL(s.payments!.env.emulator.url);
    // What Stripe.js does in the browser: card details go to Stripe with the publishable key.
    publishable = new Stripe(s.payments!.env.keys.publishableKey, { host: u.hostname, port: Number(u.port), protocol: 'http', maxNetworkRetries: 0 });
  });

  afterAll(async () => {
    await s?.close();
  });

  it('serves the publishable key, never the secret one', async () => {
    const res = await s.request<{ publishableKey: string; stripeSecretKey: string }>('GET', '/pay/config');
    expect(res.status).toBe(200);
    expect(res.body.publishableKey).toBe(s.payments!.env.keys.publishableKey);
    expect(res.body.stripeSecretKey).toBe(s.payments!.env.keys.publishableKey);
    expect(res.text).not.toContain(s.payments!.env.keys.secretKey);
  });

  it('onboards the provider: account + link, hosted onboarding, complete, record active', async () => {
    const created = await s.request<{ data: { id: string; url: string } }>('POST', `/api/providers/${provider.providerId}/create-stripe-account`, {
      token: provider.token,
      body: { email: provider.email, business_type: 'company', company: { name: 'Fast Tires' }, returnUrl: 'http://localhost:3000/provider/complete?providerId=x' },
    });
    expect(created.status).toBe(201);
    accountId = created.body.data.id;
    const again = await s.request<{ id: string; url: string }>('POST', '/pay/providers/create-account', { token: provider.token, body: { business_type: 'company' } });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(accountId);
    expect((await s.request('GET', `/pay/providers/onboard/complete?accountId=${accountId}`, { token: provider.token })).status).toBe(409);

    const hosted = await fetch(again.body.url, { redirect: 'manual' });
    expect(hosted.status).toBe(302);
    expect((await s.request('GET', `/pay/providers/onboard/complete?accountId=${accountId}`, { token: other.token })).status).toBe(403);
    expect((await s.request<ErrorBody>('GET', '/pay/providers/onboard/complete', { token: provider.token })).body.error.message).toBe('No account ID found');
    const done = await s.request<{ external_accounts: { data: { last4: string; routing_number: string }[] }; company: { name: string } }>(
      'GET',
      `/pay/providers/onboard/complete?accountId=${accountId}`,
      { token: provider.token },
    );
    expect(done.status).toBe(200);
    expect(done.body.external_accounts.data[0]).toMatchObject({ last4: '6789', routing_number: '110000000' });

    const records = await s.request<{ data: { stripeAccountId: string; stripeAccountStatus: string; bankNumber: string }[] }>(
      'GET',
      `/api/stripes?filters[providerId][documentId][$eq]=${provider.providerId}`,
      { token: provider.token },
    );
    expect(records.status).toBe(200);
    expect(records.body.data).toEqual([expect.objectContaining({ stripeAccountId: accountId, stripeAccountStatus: 'active', bankNumber: '6789' })]);
    expect((await s.request('GET', `/api/stripes?filters[providerId][documentId][$eq]=${provider.providerId}`, { token: other.token })).status).toBe(403);
    const status = await s.request<{ data: { stripeAccountStatus: string } }>('GET', `/api/providers/${provider.providerId}/stripe-status`, { token: provider.token });
    expect(status.body.data.stripeAccountStatus).toBe('active');
    const link = await s.request<{ url: string }>('POST', '/pay/providers/create-dashboard-link', { token: provider.token, body: { accountId } });
    expect(link.status).toBe(200);
    expect(link.body.url).toContain('/express/');
  });

  it('runs the card path: new card attached, authorisation, capture, wallet +80%, withdrawals with the spec messages', async () => {
    const pm = await publishable.paymentMethods.create({ type: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' }, billing_details: { name: 'Ann Smith' } });
    const attached = await s.request<{ card: { last4: string; name: string } }>('POST', '/pay/api/attach/customer', {
      token: customer.token,
      body: { email: customer.email, paymentMethodId: pm.id },
    });
    expect(attached.status).toBe(200);
    expect(attached.body.card).toMatchObject({ last4: '4242', name: 'Ann Smith' });
    expect((await s.request('POST', '/pay/api/payments/authorize', { body: { paymentMethodId: pm.id, email: customer.email, amount: 11000 } })).status).toBe(401);
    const auth = await s.request<{ paymentIntentId: string; status: string; amount: number }>('POST', '/pay/api/payments/authorize', {
      token: customer.token,
      body: { paymentMethodId: pm.id, email: customer.email, amount: 11000, saveCard: true },
    });
    expect(auth.status).toBe(200);
    expect(auth.body).toMatchObject({ status: 'requires_capture', amount: 11000 });

    // The job that card pays for: a $100 card request, the provider's $100 bid accepted, arrival and completion report.
    const job = await aCardJob(s, admin.token, { budget: 100, amount: 100, provider });
    // Nobody but the paying customer captures.
    expect((await s.request('POST', '/pay/payments/capture', { token: provider.token, body: { paymentIntentId: job.paymentIntentId, providerStripeAccountId: accountId } })).status).toBe(403);
    const captured = await s.request<{ status: string; amountCaptured: number }>('POST', '/pay/payments/capture', {
      token: job.customer.token,
      body: { paymentIntentId: job.paymentIntentId, providerStripeAccountId: accountId, updatedAmount: null },
    });
    expect(captured.status).toBe(200);
    expect(captured.body).toMatchObject({ status: 'succeeded', amountCaptured: 11000 });

    const summary = await waitFor(async () => {
      const r = await s.request<{ available: number; weekEarnings: number; monthEarnings: number }>('GET', `/pay/providers/summary?providerStripeAccountId=${accountId}`, { token: provider.token });
      return r.body.available === 80 ? r.body : null;
    }, { message: 'wallet credited' });
    expect(summary).toMatchObject({ available: 80, weekEarnings: 80, monthEarnings: 80 });
    const history = await s.request<{ data: { amount: number; serviceType: string }[] }>('GET', `/api/providers/${provider.providerId}/wallet-transactions`, { token: provider.token });
    expect(history.body.data).toEqual([expect.objectContaining({ amount: 80 })]);

    // Another provider can neither read nor withdraw this wallet.
    expect((await s.request('GET', `/pay/providers/summary?providerStripeAccountId=${accountId}`, { token: other.token })).status).toBe(403);
    expect((await s.request('POST', '/pay/providers/withdraw', { token: other.token, body: { amount: 1000, providerStripeAccountId: accountId } })).status).toBe(403);
    expect((await s.request('GET', `/api/providers/${provider.providerId}/wallet-transactions`, { token: other.token })).status).toBe(403);

    const low = await s.request<ErrorBody>('POST', '/pay/providers/withdraw', { token: provider.token, body: { amount: 499, providerStripeAccountId: accountId } });
    expect(low.status).toBe(400);
    expect(low.body.error.message).toBe('Minimum withdrawal amount is $5.00');
    const over = await s.request<ErrorBody>('POST', '/pay/providers/withdraw', { token: provider.token, body: { amount: 8001, providerStripeAccountId: accountId } });
    expect(over.status).toBe(400);
    expect(over.body.error.message).toBe("You don't have enough funds for this withdrawal.");
    const ok = await s.request<{ ok: boolean; balance: number }>('POST', '/pay/providers/withdraw', { token: provider.token, body: { amount: 2500, providerStripeAccountId: accountId } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ ok: true, balance: 55 });
  });

  it('verifies webhooks over the raw body: signed ones are applied once, forged, unsigned and stale ones refused', async () => {
    const emulator = s.payments!.env.emulator;
    const event = emulator.state.events.find((e) => e.type === 'account.updated');
    expect(event).toBeDefined();
    const payload = JSON.stringify(event, null, 2);
    const secret = s.payments!.env.keys.webhookSecret;
    const post = (body: string, signature?: string) =>
      s.request<{ received: boolean; duplicate: boolean } & Partial<ErrorBody>>('POST', '/pay/webhooks/stripe', {
        raw: body,
        headers: signature ? { 'stripe-signature': signature } : {},
      });
    expect((await post(payload)).status).toBe(400);
    expect((await post(payload, signPayload(payload, 'whsec_forged'))).status).toBe(400);
    expect((await post(payload, signPayload(payload, secret, Math.floor(Date.now() / 1000) - 3600))).status).toBe(400);
    expect((await post(payload.replace('"livemode": false', '"livemode": true'), signPayload(payload, secret))).status).toBe(400);
    const first = await post(payload, signPayload(payload, secret));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ received: true, duplicate: false });
    const replay = await post(payload, signPayload(payload, secret));
    expect(replay.body).toMatchObject({ received: true, duplicate: true });
  });
});

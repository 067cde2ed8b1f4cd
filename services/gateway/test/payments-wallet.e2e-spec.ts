import { waitFor } from '@tiredash/testing';
import { aCardJob } from './support/card-job';
import { providerData, register, startGatewayStack, type GatewayStack, type Registered } from './support/gateway-harness';

interface ProviderBody {
  data: { documentId: string; walletBalance: number; businessName: string };
}

/**
 * GET /api/providers/{id} shows the payments ledger's balance as walletBalance (issue 4, item 3): the owner and
 * admins see the ledger's sum, nobody sees identity's own column, other users see 0.
 */
describe('walletBalance of GET /api/providers/{id} is the ledger balance', () => {
  let s: GatewayStack;
  let customer: Registered;
  let provider: Registered & { providerId: string };
  let other: Registered & { providerId: string };
  let admin: { token: string };

  async function aProvider(): Promise<Registered & { providerId: string }> {
    const user = await register(s, 'provider');
    const res = await s.request<ProviderBody>('POST', '/api/providers', { token: user.token, body: providerData() });
    expect(res.status).toBe(201);
    const providerId = res.body.data.documentId;
    await waitFor(async () => (await s.request('GET', `/api/providers/${providerId}/stripe-status`, { token: user.token })).status === 200, {
      timeoutMs: 10000,
      message: 'payments read model of the provider',
    });
    return { ...user, providerId };
  }

  const balanceSeenBy = async (token: string, providerId = provider.providerId): Promise<number> => {
    const res = await s.request<ProviderBody>('GET', `/api/providers/${providerId}`, { token });
    expect(res.status).toBe(200);
    return res.body.data.walletBalance;
  };

  beforeAll(async () => {
    s = await startGatewayStack('payments_wallet_gw', {}, { services: ['requests', 'payments', 'dispatch'] });
    customer = await register(s, 'customer');
    provider = await aProvider();
    other = await aProvider();
    admin = await s.anAdmin();
  });

  afterAll(async () => {
    await s?.close();
  });

  it('starts at 0 and refuses a balance written by anyone, admins included (403: the ledger owns it)', async () => {
    expect(await balanceSeenBy(provider.token)).toBe(0);
    const put = await s.request<{ error: { code: string } }>('PUT', `/api/providers/${provider.providerId}`, {
      token: admin.token,
      body: { data: { walletBalance: 1000 } },
    });
    expect(put.status).toBe(403);
    expect(put.body.error.code).toBe('FIELD_NOT_WRITABLE');
    expect(await balanceSeenBy(provider.token)).toBe(0);
    expect(await balanceSeenBy(admin.token)).toBe(0);
  });

  it('shows the credited 80% after a capture, to the owner and admins only', async () => {
    expect((await s.request('PUT', `/api/providers/${provider.providerId}`, { token: admin.token, body: { data: { isApproved: true } } })).status).toBe(200);
    const job = await aCardJob(s, admin.token, { budget: 150, amount: 125, provider });
    const captured = await s.request('POST', '/pay/payments/capture', {
      token: job.customer.token,
      body: { paymentIntentId: job.paymentIntentId, providerId: provider.providerId, updatedAmount: 12500 },
    });
    expect(captured.status).toBe(200);

    // $125 job: the provider is credited $100 (the $10 fee and 20% stay with the platform).
    await waitFor(async () => (await balanceSeenBy(provider.token)) === 100, { timeoutMs: 15000, message: 'ledger balance shown as walletBalance' });
    expect(await balanceSeenBy(admin.token)).toBe(100);
    // The admin's provider list shows the same ledger balance.
    const list = await s.request<{ data: { documentId: string; walletBalance: number }[] }>('GET', '/api/providers?pagination[pageSize]=100', {
      token: admin.token,
    });
    expect(list.body.data.find((p) => p.documentId === provider.providerId)?.walletBalance).toBe(100);
    // Another provider and a customer may read the profile but never its balance.
    expect(await balanceSeenBy(other.token)).toBe(0);
    expect(await balanceSeenBy(customer.token)).toBe(0);
    // The other provider's own wallet is untouched.
    expect(await balanceSeenBy(other.token, other.providerId)).toBe(0);
  });
});

import { providerData, register, startGatewayStack, type ErrorBody, type GatewayStack, type Registered } from './support/gateway-harness';
import { DbFingerprint, diff } from './support/db-fingerprint';

/** Refusals that wrote before refusing, found by route-fuzz.e2e-spec.ts: each now leaves every table as it was. */
describe('a refused call writes nothing (defects found by the route fuzz)', () => {
  let s: GatewayStack;
  let db: DbFingerprint;
  let provider: Registered & { providerId: string };

  beforeAll(async () => {
    s = await startGatewayStack('gw_refusal_writes', {}, { services: ['payments'] });
    const admin = await s.anAdmin();
    const user = await register(s, 'provider');
    const created = await s.request<{ data: { documentId: string } }>('POST', '/api/providers', { token: user.token, body: providerData({ user: user.id }) });
    provider = { ...user, providerId: created.body.data.documentId };
    expect((await s.request('PUT', `/api/providers/${provider.providerId}`, { token: admin.token, body: { data: { isApproved: true } } })).status).toBe(200);
    db = await DbFingerprint.connect(s.env.db.url);
  });

  afterAll(async () => {
    await db?.close();
    await s?.close();
  });

  // FUZZ_SEED=32: PUT /api/stripes/{id} stored the bank fields, then refused the status with 409.
  it("PUT /api/stripes/{id}: bank fields with 'active' on an account Stripe has not onboarded are refused (409) and none is stored", async () => {
    const account = await s.request('POST', `/api/providers/${provider.providerId}/create-stripe-account`, {
      token: provider.token,
      body: { email: provider.email, business_type: 'company', company: { name: 'Fast Tires' } },
    });
    expect(account.status).toBe(201);
    const records = await s.request<{ data: { id: string; bankName: string | null; stripeAccountStatus: string }[] }>(
      'GET',
      `/api/stripes?filters[providerId][documentId][$eq]=${provider.providerId}`,
      { token: provider.token },
    );
    const record = records.body.data[0]!;
    expect(record).toMatchObject({ bankName: null, stripeAccountStatus: 'pending' });

    const before = await db.settle();
    const refused = await s.request<ErrorBody>('PUT', `/api/stripes/${record.id}`, {
      token: provider.token,
      body: { bankName: 'Fuzz Bank', accountName: 'Someone', stripeAccountStatus: 'active' },
    });
    expect([refused.status, refused.body.error.message]).toEqual([409, 'Stripe onboarding is not complete yet']);
    expect(diff(before, await db.take())).toEqual([]);

    // The same fields without the status change are stored.
    const ok = await s.request<{ data: { bankName: string; stripeAccountStatus: string } }>('PUT', `/api/stripes/${record.id}`, {
      token: provider.token,
      body: { bankName: 'Fuzz Bank' },
    });
    expect([ok.status, ok.body.data.bankName, ok.body.data.stripeAccountStatus]).toEqual([200, 'Fuzz Bank', 'pending']);
  });
});

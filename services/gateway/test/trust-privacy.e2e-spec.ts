import type { Paged, ProviderView } from '@tiredash/contracts';
import { providerData, register, startGatewayStack, type GatewayStack } from './support/gateway-harness';

/** Trust, privacy: any signed-in account sees a provider's public card only, and nothing of a pending one. */
describe('provider privacy by default (identity through the gateway)', () => {
  let s: GatewayStack;
  let admin: { token: string };

  beforeAll(async () => {
    s = await startGatewayStack('gw_trust_privacy');
    admin = await s.anAdmin();
  });

  afterAll(async () => {
    await s?.close();
  });

  async function aProvider(approve: boolean) {
    const p = await register(s, 'provider');
    const res = await s.request<{ data: ProviderView }>('POST', '/api/providers', {
      token: p.token,
      body: providerData({ user: p.id, fullName: 'Pat Private', phone: '+1 555 867 5309', serviceArea: { radius: 12, address: '12 Secret Lane', lat: 37.774929, lng: -122.419416 } }),
    });
    expect(res.status).toBe(201);
    if (approve) expect((await s.request('PUT', `/api/providers/${res.body.data.documentId}`, { token: admin.token, body: { data: { isApproved: true } } })).status).toBe(200);
    return { ...p, providerId: res.body.data.documentId };
  }

  it("lists approved providers to any account without e-mail, phone, name, address or exact coordinates", async () => {
    const provider = await aProvider(true);
    const nobody = await register(s, null);
    const customer = await register(s, 'customer');
    for (const viewer of [nobody, customer]) {
      const list = await s.request<Paged<ProviderView>>('GET', '/api/providers?pagination[pageSize]=100', { token: viewer.token });
      expect(list.status).toBe(200);
      const card = list.body.data.find((p) => p.documentId === provider.providerId)!;
      expect(card).toMatchObject({ businessName: 'Fast Tires', fullName: null, phone: '', user: null, location: null, serviceArea: { radius: 12, address: null, lat: 37.77, lng: -122.42 } });
      expect(list.text).not.toContain(provider.email);
      // The phone in any form it could be stored or shown in ('867' alone also occurs in random uuids).
      for (const form of ['867 5309', '8675309', '867-5309']) expect(list.text).not.toContain(form);
      expect(list.text).not.toContain('Pat Private');
      expect(list.text).not.toContain('Secret Lane');
      expect(list.text).not.toContain('37.774929');
      // A search cannot confirm an e-mail either.
      const probe = await s.request<Paged<ProviderView>>('GET', `/api/providers?search=${encodeURIComponent(provider.email)}`, { token: viewer.token });
      expect(probe.body.data).toEqual([]);
    }
    // The owner and admins see everything.
    const own = await s.request<{ data: ProviderView }>('GET', `/api/providers/${provider.providerId}`, { token: provider.token });
    expect(own.body.data).toMatchObject({ fullName: 'Pat Private', phone: '+1 555 867 5309', serviceArea: { address: '12 Secret Lane' } });
    const byAdmin = await s.request<{ data: ProviderView }>('GET', `/api/providers/${provider.providerId}`, { token: admin.token });
    expect(byAdmin.body.data.user?.email).toBe(provider.email);
  });

  it('answers 404 for a pending provider to everyone but itself and the admins', async () => {
    const pending = await aProvider(false);
    const other = await aProvider(true);
    const customer = await register(s, 'customer');
    for (const token of [customer.token, other.token]) {
      expect((await s.request('GET', `/api/providers/${pending.providerId}`, { token })).status).toBe(404);
    }
    expect((await s.request('GET', `/api/providers/${pending.providerId}`, { token: pending.token })).status).toBe(200);
    expect((await s.request('GET', `/api/providers/${pending.providerId}`, { token: admin.token })).status).toBe(200);
  });
});

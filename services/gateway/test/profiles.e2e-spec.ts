import { randomUUID } from 'node:crypto';
import { providerData, register, startGatewayStack, type ErrorBody, type GatewayStack, type Registered } from './support/gateway-harness';

interface CustomerBody {
  id: string;
  documentId: string;
  fullName: string;
  phone: string;
  paymentMethod: string | null;
  user: { id: string } | null;
}
interface ProviderBody {
  id: string;
  documentId: string;
  businessName: string;
  isApproved: boolean | null;
  walletBalance: number;
  service_types: string[];
  serviceArea: { radius: number; address: string | null };
  user: { id: string } | null;
}
interface PagedBody<T> {
  data: T[];
  meta: { pagination: { page: number; pageSize: number; pageCount: number; total: number } };
}

describe('gateway: customer and provider profiles (against the real identity service)', () => {
  let s: GatewayStack;
  let admin: { token: string };

  beforeAll(async () => {
    s = await startGatewayStack('gw_profiles');
    admin = await s.anAdmin();
  });
  afterAll(async () => {
    await s?.close();
  });

  async function aCustomerWithProfile(): Promise<Registered & { customerId: string }> {
    const c = await register(s, 'customer');
    const res = await s.request<{ data: CustomerBody }>('POST', '/api/customers', {
      token: c.token,
      body: { data: { fullName: 'Casey Customer', phone: '+1 555 000 1111', user: c.id } },
    });
    if (res.status !== 201) throw new Error(`customer profile: ${res.status} ${res.text}`);
    return { ...c, customerId: res.body.data.documentId };
  }

  async function aProviderWithProfile(): Promise<Registered & { providerId: string }> {
    const p = await register(s, 'provider');
    const res = await s.request<{ data: ProviderBody }>('POST', '/api/providers', { token: p.token, body: providerData({ user: p.id }) });
    if (res.status !== 201) throw new Error(`provider profile: ${res.status} ${res.text}`);
    return { ...p, providerId: res.body.data.documentId };
  }

  describe('customers', () => {
    it('POST /api/customers creates the caller profile and answers {data}', async () => {
      const c = await register(s, 'customer');
      const res = await s.request<{ data: CustomerBody }>('POST', '/api/customers', {
        token: c.token,
        body: { data: { fullName: 'Casey Customer', phone: '+1 555 000 1111', user: c.id } },
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ fullName: 'Casey Customer', phone: '+1 555 000 1111', user: { id: c.id } });
      expect(res.body.data.documentId).toBe(res.body.data.id);
      const twice = await s.request<ErrorBody>('POST', '/api/customers', {
        token: c.token,
        body: { data: { fullName: 'Again', phone: '+1 555 000 1111' } },
      });
      expect(twice.status).toBe(409);
      expect(twice.body.error.code).toBe('PROFILE_EXISTS');
    });

    it('POST /api/customers: 400 with field errors, 401 anonymous', async () => {
      const c = await register(s, 'customer');
      const bad = await s.request<ErrorBody>('POST', '/api/customers', { token: c.token, body: { data: { fullName: '', phone: 'abc' } } });
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe('VALIDATION_FAILED');
      expect(bad.body.error.details).toEqual(
        expect.arrayContaining([
          { path: 'data.fullName', message: 'Full name is required' },
          { path: 'data.phone', message: 'Enter a valid phone number' },
        ]),
      );
      const notWrapped = await s.request<ErrorBody>('POST', '/api/customers', { token: c.token, body: { fullName: 'X', phone: '5550001111' } });
      expect(notWrapped.status).toBe(400);
      expect((await s.request('POST', '/api/customers', { body: { data: { fullName: 'X', phone: '5550001111' } } })).status).toBe(401);
    });

    it('GET /api/customers/:id: owner and admin read it; another customer gets 403; unknown 404', async () => {
      const c = await aCustomerWithProfile();
      const own = await s.request<{ data: CustomerBody }>('GET', `/api/customers/${c.customerId}`, { token: c.token });
      expect(own.status).toBe(200);
      expect(own.body.data.documentId).toBe(c.customerId);
      expect((await s.request('GET', `/api/customers/${c.customerId}`, { token: admin.token })).status).toBe(200);
      const other = await register(s, 'customer');
      const res = await s.request<ErrorBody>('GET', `/api/customers/${c.customerId}`, { token: other.token });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('NOT_OWNER');
      expect((await s.request('GET', `/api/customers/${randomUUID()}`, { token: c.token })).status).toBe(404);
      expect((await s.request('GET', `/api/customers/${c.customerId}`)).status).toBe(401);
    });

    it('PUT /api/customers/:id updates the own profile only', async () => {
      const c = await aCustomerWithProfile();
      const res = await s.request<{ data: CustomerBody }>('PUT', `/api/customers/${c.customerId}`, {
        token: c.token,
        body: { data: { paymentMethod: 'card', fullName: 'Casey C.' } },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ paymentMethod: 'card', fullName: 'Casey C.' });
      const other = await register(s, 'customer');
      expect((await s.request('PUT', `/api/customers/${c.customerId}`, { token: other.token, body: { data: { fullName: 'Hacked' } } })).status).toBe(403);
      const bad = await s.request<ErrorBody>('PUT', `/api/customers/${c.customerId}`, { token: c.token, body: { data: { paymentMethod: 'bitcoin' } } });
      expect(bad.status).toBe(400);
      expect(bad.body.error.details![0]!.path).toBe('data.paymentMethod');
    });
  });

  describe('providers', () => {
    it('POST /api/providers creates a pending profile', async () => {
      const p = await register(s, 'provider');
      const res = await s.request<{ data: ProviderBody }>('POST', '/api/providers', {
        token: p.token,
        body: providerData({ service_types: 'Flat Tire Repair, Tire Rotation', hourlyRate: '75', serviceArea: { radius: '15' } }),
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        businessName: 'Fast Tires',
        isApproved: null,
        walletBalance: 0,
        service_types: ['Flat Tire Repair', 'Tire Rotation'],
        serviceArea: { radius: 15 },
        user: { id: p.id },
      });
    });

    it('POST /api/providers: field errors (400), a customer cannot have one (403), anonymous 401', async () => {
      const p = await register(s, 'provider');
      const bad = await s.request<ErrorBody>('POST', '/api/providers', {
        token: p.token,
        body: providerData({ businessName: '', service_types: [], yearsExperience: 2.5, isApproved: true }),
      });
      expect(bad.status).toBe(400);
      const paths = bad.body.error.details!.map((d) => d.path);
      expect(paths).toEqual(expect.arrayContaining(['data.businessName', 'data.service_types', 'data.yearsExperience']));
      expect(bad.body.error.details!.find((d) => d.path === 'data.service_types')!.message).toBe(
        'Please select at least one service type you offer.',
      );
      const c = await register(s, 'customer');
      const wrongRole = await s.request<ErrorBody>('POST', '/api/providers', { token: c.token, body: providerData() });
      expect(wrongRole.status).toBe(403);
      expect((await s.request('POST', '/api/providers', { body: providerData() })).status).toBe(401);
    });

    it('GET /api/providers/:id answers the profile with walletBalance', async () => {
      const p = await aProviderWithProfile();
      const res = await s.request<{ data: ProviderBody }>('GET', `/api/providers/${p.providerId}`, { token: p.token });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ documentId: p.providerId, walletBalance: 0, isApproved: null });
      expect((await s.request('GET', `/api/providers/${randomUUID()}`, { token: p.token })).status).toBe(404);
      expect((await s.request('GET', '/api/providers/not-a-uuid', { token: p.token })).status).toBe(404);
      expect((await s.request('GET', `/api/providers/${p.providerId}`)).status).toBe(401);
    });

    it('a provider edits its own profile but cannot set its walletBalance or approve itself (403)', async () => {
      const p = await aProviderWithProfile();
      const ok = await s.request<{ data: ProviderBody }>('PUT', `/api/providers/${p.providerId}`, {
        token: p.token,
        body: { data: { businessName: 'Faster Tires', online: false } },
      });
      expect(ok.status).toBe(200);
      expect(ok.body.data.businessName).toBe('Faster Tires');

      const wallet = await s.request<ErrorBody>('PUT', `/api/providers/${p.providerId}`, {
        token: p.token,
        body: { data: { walletBalance: 1000000 } },
      });
      expect(wallet.status).toBe(403);
      expect(wallet.body.error).toMatchObject({ status: 403, code: 'FIELD_NOT_WRITABLE' });
      expect(wallet.body.error.details).toEqual([{ path: 'data.walletBalance', message: 'The wallet balance is the sum of the payments ledger and cannot be set' }]);

      const approve = await s.request<ErrorBody>('PUT', `/api/providers/${p.providerId}`, {
        token: p.token,
        body: { data: { isApproved: true, businessName: 'Sneaky' } },
      });
      expect(approve.status).toBe(403);
      expect(approve.body.error.code).toBe('FIELD_NOT_WRITABLE');

      const after = await s.request<{ data: ProviderBody }>('GET', `/api/providers/${p.providerId}`, { token: p.token });
      expect(after.body.data).toMatchObject({ walletBalance: 0, isApproved: null, businessName: 'Faster Tires' });
    });

    it('a customer cannot approve a provider; another provider cannot edit it; an admin approves it', async () => {
      const p = await aProviderWithProfile();
      const c = await register(s, 'customer');
      const byCustomer = await s.request<ErrorBody>('PUT', `/api/providers/${p.providerId}`, {
        token: c.token,
        body: { data: { isApproved: true } },
      });
      expect(byCustomer.status).toBe(403);
      expect(byCustomer.body.error.code).toBe('FIELD_NOT_WRITABLE');
      const other = await aProviderWithProfile();
      const byOther = await s.request<ErrorBody>('PUT', `/api/providers/${p.providerId}`, {
        token: other.token,
        body: { data: { businessName: 'Taken over' } },
      });
      expect(byOther.status).toBe(403);
      expect(byOther.body.error.code).toBe('NOT_OWNER');
      const bad = await s.request<ErrorBody>('PUT', `/api/providers/${p.providerId}`, { token: p.token, body: { data: { hourlyRate: -5 } } });
      expect(bad.status).toBe(400);
      expect(bad.body.error.details![0]!.path).toBe('data.hourlyRate');

      const byAdmin = await s.request<{ data: ProviderBody }>('PUT', `/api/providers/${p.providerId}`, {
        token: admin.token,
        body: { data: { isApproved: true } },
      });
      expect(byAdmin.status).toBe(200);
      expect(byAdmin.body.data.isApproved).toBe(true);
    });

    it('GET /api/providers: the pending list (filters[isApproved][$null]=true, populate) for admins only', async () => {
      const pending = await aProviderWithProfile();
      const approved = await aProviderWithProfile();
      await s.request('PUT', `/api/providers/${approved.providerId}`, { token: admin.token, body: { data: { isApproved: true } } });

      const list = await s.request<PagedBody<ProviderBody>>(
        'GET',
        '/api/providers?filters[isApproved][$null]=true&populate=*&pagination[page]=1&pagination[pageSize]=100',
        { token: admin.token },
      );
      expect(list.status).toBe(200);
      const ids = list.body.data.map((p) => p.documentId);
      expect(ids).toContain(pending.providerId);
      expect(ids).not.toContain(approved.providerId);
      expect(list.body.data.every((p) => p.isApproved === null)).toBe(true);
      expect(list.body.data.find((p) => p.documentId === pending.providerId)!.user).toMatchObject({ id: pending.id });
      expect(list.body.meta.pagination).toMatchObject({ page: 1, pageSize: 100 });

      const approvedList = await s.request<PagedBody<ProviderBody>>('GET', '/api/providers?filters[isApproved][$eq]=true', { token: admin.token });
      expect(approvedList.body.data.map((p) => p.documentId)).toContain(approved.providerId);
      expect(approvedList.body.data.every((p) => p.isApproved === true)).toBe(true);

      const paged = await s.request<PagedBody<ProviderBody>>('GET', '/api/providers?pagination[page]=1&pagination[pageSize]=1', { token: admin.token });
      expect(paged.body.data).toHaveLength(1);
      expect(paged.body.meta.pagination.pageSize).toBe(1);

      const c = await register(s, 'customer');
      const asCustomer = await s.request<ErrorBody>('GET', '/api/providers?filters[isApproved][$null]=true', { token: c.token });
      expect(asCustomer.status).toBe(403);
      const visible = await s.request<PagedBody<ProviderBody>>('GET', '/api/providers', { token: c.token });
      expect(visible.status).toBe(200);
      expect(visible.body.data.every((p) => p.isApproved === true)).toBe(true);

      const badFilter = await s.request<ErrorBody>('GET', '/api/providers?filters[isApproved][$null]=maybe', { token: admin.token });
      expect(badFilter.status).toBe(400);
      expect(badFilter.body.error.details![0]!.path).toBe('isApproved.$null');
      const unknownFilter = await s.request<ErrorBody>('GET', '/api/providers?filters[walletBalance][$gt]=0', { token: admin.token });
      expect(unknownFilter.status).toBe(400);
      expect((await s.request('GET', '/api/providers')).status).toBe(401);
    });
  });
});

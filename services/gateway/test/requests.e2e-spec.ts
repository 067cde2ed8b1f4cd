import { getDataSourceToken } from '@nestjs/typeorm';
import type { BidView, Paged, ServiceRequestView } from '@tiredash/contracts';
import { waitFor } from '@tiredash/testing';
import type { DataSource } from 'typeorm';
import { providerData, register, startGatewayStack, type ErrorBody, type GatewayStack, type Registered } from './support/gateway-harness';

interface Party extends Registered {
  profileId: string;
}

describe('service requests and bids through the gateway (real identity + requests)', () => {
  let s: GatewayStack;
  let ds: DataSource;
  let admin: { token: string };

  beforeAll(async () => {
    s = await startGatewayStack('gw_requests', {}, { services: ['requests'] });
    ds = s.requests!.get<DataSource>(getDataSourceToken());
    admin = await s.anAdmin();
  });

  afterAll(async () => {
    await s?.close();
  });

  async function aCustomer(): Promise<Party> {
    const c = await register(s, 'customer');
    const res = await s.request<{ data: { documentId: string } }>('POST', '/api/customers', {
      token: c.token,
      body: { data: { fullName: 'Casey Customer', phone: '+1 555 000 1111', paymentMethod: 'cash', user: c.id } },
    });
    if (res.status !== 201) throw new Error(`customer: ${res.status} ${res.text}`);
    return { ...c, profileId: res.body.data.documentId };
  }

  async function aProvider(name: string, lat: number, lng: number, approve: boolean): Promise<Party> {
    const p = await register(s, 'provider');
    const res = await s.request<{ data: { documentId: string } }>('POST', '/api/providers', {
      token: p.token,
      body: providerData({ user: p.id, businessName: name, location: { address: name, lat, lng } }),
    });
    if (res.status !== 201) throw new Error(`provider: ${res.status} ${res.text}`);
    const id = res.body.data.documentId;
    if (approve) {
      const ok = await s.request('PUT', `/api/providers/${id}`, { token: admin.token, body: { data: { isApproved: true } } });
      if (ok.status !== 200) throw new Error(`approve: ${ok.status} ${ok.text}`);
    }
    await waitFor(
      async () => {
        const rows: { is_approved: boolean | null }[] = await ds.query(`SELECT is_approved FROM "requests"."provider_profiles" WHERE id = $1`, [id]);
        return rows.length === 1 && (rows[0]!.is_approved === true) === approve;
      },
      { message: `read model of ${name}` },
    );
    return { ...p, profileId: id };
  }

  const createBody = (overrides: Record<string, unknown> = {}) => ({
    data: {
      tireSize: '225/65/R17',
      tireStatus: 'Bids Open',
      serviceType: 'Tire Replacement',
      budget: 150,
      urgency: 'normal',
      photos: [],
      notes: 'Front right',
      location: { address: '500 Market St', lat: 37.79, lng: -122.4 },
      address: '500 Market St',
      lat: 37.79,
      lng: -122.4,
      description: 'Front right',
      priority: 'normal',
      scheduledTime: '2030-01-01T10:00:00.000Z',
      status: 'open',
      ...overrides,
    },
  });

  it('runs the cash flow: create, offers, two bids, list, accept once (request Accepted, other bid closed), then refuses the rest', async () => {
    const customer = await aCustomer();
    const other = await aCustomer();
    const p1 = await aProvider('Alpha Tires', 37.78, -122.41, true);
    const p2 = await aProvider('Beta Tires', 37.8, -122.42, true);
    const far = await aProvider('Far Tires', 34.05, -118.24, true);
    const pending = await aProvider('Pending Tires', 37.79, -122.4, false);

    // Only a customer creates; validation as the spec says.
    expect((await s.request<ErrorBody>('POST', '/api/service-requests', { token: p1.token, body: createBody() })).status).toBe(403);
    expect((await s.request('POST', '/api/service-requests', { body: createBody() })).status).toBe(401);
    const bad = await s.request<ErrorBody>('POST', '/api/service-requests', { token: customer.token, body: createBody({ budget: 0, tireSize: '1' }) });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details!.map((d) => d.path).sort()).toEqual(['data.budget', 'data.tireSize']);

    const created = await s.request<{ data: ServiceRequestView }>('POST', '/api/service-requests', { token: customer.token, body: createBody() });
    expect(created.status).toBe(201);
    const request = created.body.data;
    expect(request).toMatchObject({ tireStatus: 'Bids Open', budget: 150, paymentMethod: 'cash', customer: { documentId: customer.profileId } });

    const offered: { provider_id: string }[] = await ds.query(`SELECT provider_id FROM "requests"."offers" WHERE request_id = $1`, [request.documentId]);
    expect(offered.map((o) => o.provider_id).sort()).toEqual([p1.profileId, p2.profileId].sort());

    const bid = (p: Party, data: Record<string, unknown>) =>
      s.request<{ data: BidView } & ErrorBody>('POST', '/api/bids', {
        token: p.token,
        body: { data: { requestId: request.documentId, provider: p.profileId, bidStatus: 'pending', location: { lat: 37.78, lng: -122.41 }, ...data } },
      });
    expect((await bid(pending, { amount: 100, estimatedArrival: '10' })).body.error.code).toBe('FORBIDDEN');
    const farBid = await bid(far, { amount: 100, estimatedArrival: '10' });
    expect([farBid.status, farBid.body.error.details]).toEqual([403, { reason: 'NOT_OFFERED' }]);

    const b1 = await bid(p1, { amount: '130', estimatedArrival: '15', notes: 'Can be there soon' });
    expect(b1.status).toBe(201);
    const b2 = await bid(p2, { amount: '', estimatedArrival: '25' });
    expect(b2.status).toBe(201);
    expect(b2.body.data.amount).toBe(150);

    // The provider sees only its own bid; the customer sees both with provider details.
    const own = await s.request<Paged<BidView>>('GET', `/api/bids?filters[requestId][$eq]=${request.documentId}`, { token: p2.token });
    expect(own.body.data.map((b) => b.amount)).toEqual([150]);
    const all = await s.request<Paged<BidView>>('GET', `/api/bids?filters[requestId][$eq]=${request.documentId}`, { token: customer.token });
    expect(all.status).toBe(200);
    expect(all.body.data.map((b) => [b.provider.businessName, b.amount]).sort()).toEqual([
      ['Alpha Tires', 130],
      ['Beta Tires', 150],
    ]);
    expect(all.body.data[0]).toHaveProperty('provider.totalJobs', 0);
    expect((await s.request('GET', `/api/bids?filters[requestId][$eq]=${request.documentId}`, { token: other.token })).status).toBe(403);

    // Fields a client must not set; job progress before acceptance.
    const url = `/api/service-requests/${request.documentId}`;
    expect((await s.request<ErrorBody>('PUT', url, { token: customer.token, body: { data: { amount: 1 } } })).body.error.code).toBe('FIELD_NOT_WRITABLE');
    expect((await s.request<ErrorBody>('PUT', url, { token: customer.token, body: { data: { budget: 1 } } })).status).toBe(403);
    const progress = await s.request<ErrorBody>('PUT', url, { token: customer.token, body: { data: { tireStatus: 'Service Completed' } } });
    expect([progress.status, progress.body.error.details]).toEqual([409, { reason: 'JOB_NOT_ACTIVE' }]);
    const wrongAmount = await s.request<ErrorBody>('PUT', url, {
      token: customer.token,
      body: { data: { tireStatus: 'Accepted', accepted_bid: b1.body.data.documentId, amount: 1, provider: p1.profileId } },
    });
    expect(wrongAmount.status).toBe(403);
    expect((await s.request('PUT', url, { token: other.token, body: { data: { tireStatus: 'Accepted', accepted_bid: b1.body.data.documentId } } })).status).toBe(403);

    // The spec's client: PUT the request, then PUT the bid.
    const accepted = await s.request<{ data: ServiceRequestView }>('PUT', url, {
      token: customer.token,
      body: { data: { tireStatus: 'Accepted', accepted_bid: b1.body.data.documentId, amount: 130, provider: p1.profileId, bids: [b1.body.data.documentId] } },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({
      tireStatus: 'Accepted',
      amount: 130,
      provider: { documentId: p1.profileId },
      accepted_bid: { documentId: b1.body.data.documentId, bidStatus: 'accepted', provider: { businessName: 'Alpha Tires' } },
    });
    const bidPut = await s.request<{ data: BidView }>('PUT', `/api/bids/${b1.body.data.documentId}`, {
      token: customer.token,
      body: { data: { bidStatus: 'accepted' } },
    });
    expect([bidPut.status, bidPut.body.data.bidStatus]).toEqual([200, 'accepted']);
    const loser = await s.request<{ data: BidView }>('GET', `/api/bids/${b2.body.data.documentId}`, { token: p2.token });
    expect(loser.body.data.bidStatus).toBe('closed');
    const again = await s.request<ErrorBody>('PUT', url, { token: customer.token, body: { data: { tireStatus: 'Accepted', accepted_bid: b2.body.data.documentId } } });
    expect([again.status, again.body.error.code, again.body.error.details]).toEqual([409, 'CONFLICT', { reason: 'REQUEST_NOT_OPEN' }]);
    expect((await s.request('PUT', `/api/bids/${b2.body.data.documentId}`, { token: customer.token, body: { data: { bidStatus: 'accepted' } } })).status).toBe(409);

    // Reads in the spec's forms.
    const read = await s.request<{ data: ServiceRequestView }>(
      'GET',
      `${url}?populate[0]=customer&populate[1]=location&populate[2]=accepted_bid&populate[3]=accepted_bid.provider&populate[4]=photos`,
      { token: customer.token },
    );
    expect(read.body.data).toMatchObject({ customer: { fullName: 'Casey Customer' }, location: { lat: 37.79 }, accepted_bid: { amount: 130 } });
    const jobs = await s.request<Paged<ServiceRequestView>>(
      'GET',
      `/api/service-requests?populate=*&filters[provider][documentId][$eq]=${p1.profileId}&sort=createdAt:desc`,
      { token: p1.token },
    );
    expect(jobs.body.data.map((r) => r.documentId)).toEqual([request.documentId]);
    const mine = await s.request<Paged<ServiceRequestView>>('GET', '/api/service-requests?populate=*', { token: customer.token });
    expect(mine.body.data.map((r) => r.documentId)).toEqual([request.documentId]);
    const completed = await s.request<Paged<ServiceRequestView>>('GET', '/api/service-requests?filters[tireStatus][$eq]=Completed', { token: customer.token });
    expect(completed.body.data).toEqual([]);
    expect((await s.request('GET', `/api/service-requests?filters[provider][documentId][$eq]=${p1.profileId}`, { token: p2.token })).status).toBe(403);

    // Cancel with the tracking screen's spelling: stored canonical.
    const cancelled = await s.request<{ data: ServiceRequestView }>('PUT', url, { token: customer.token, body: { data: { tireStatus: 'Canceled' } } });
    expect([cancelled.status, cancelled.body.data.tireStatus]).toEqual([200, 'Cancelled']);

    const subjects: { subject: string }[] = await ds.query(`SELECT subject FROM "requests"."outbox" ORDER BY seq`);
    expect(subjects.map((r) => r.subject)).toEqual([
      'requests.evt.request.created.v1',
      'requests.evt.bid.placed.v1',
      'requests.evt.bid.placed.v1',
      'requests.evt.request.accepted.v1',
      'requests.evt.bid.accepted.v1',
      'requests.evt.bid.closed.v1',
      'requests.evt.request.cancelled.v1',
    ]);
  });

  it('answers 200 concurrent accepts through HTTP with one 200 and 409s', async () => {
    const customer = await aCustomer();
    const ps = [await aProvider('Gamma', 37.78, -122.4, true), await aProvider('Delta', 37.79, -122.41, true)];
    const req = await s.request<{ data: ServiceRequestView }>('POST', '/api/service-requests', { token: customer.token, body: createBody() });
    const bids: string[] = [];
    for (const p of ps) {
      const b = await s.request<{ data: BidView }>('POST', '/api/bids', { token: p.token, body: { data: { requestId: req.body.data.documentId, amount: 99, estimatedArrival: 9 } } });
      bids.push(b.body.data.documentId);
    }
    const url = `/api/service-requests/${req.body.data.documentId}`;
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        s.request('PUT', url, { token: customer.token, body: { data: { tireStatus: 'Accepted', accepted_bid: bids[i % 2] } } }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((x) => x === 200)).toHaveLength(1);
    expect(statuses.filter((x) => x === 409)).toHaveLength(199);
  }, 90000);
});

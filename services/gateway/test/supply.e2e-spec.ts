import type { Paged, ProviderView, ServiceRequestView } from '@tiredash/contracts';
import { waitFor } from '@tiredash/testing';
import { providerData, register, startGatewayStack, type ErrorBody, type GatewayStack } from './support/gateway-harness';

/**
 * The supply loop through HTTP as the app drives it: a provider registered offline with no live location is
 * approved, switches Online at its device position and is offered a request posted before; the accepted provider
 * cancels with a reason the customer sees.
 */
describe('supply through the gateway (real identity + requests)', () => {
  let s: GatewayStack;
  let admin: { token: string };

  beforeAll(async () => {
    s = await startGatewayStack('gw_supply', {}, { services: ['requests'] });
    admin = await s.anAdmin();
  });

  afterAll(async () => {
    await s?.close();
  });

  const requestBody = {
    data: {
      tireSize: '265/70R17',
      serviceType: 'Flat Tire Repair',
      budget: 120,
      urgency: 'normal',
      photos: [],
      notes: 'Rear left',
      location: { address: '11 W 53rd St, New York', lat: 40.7614, lng: -73.9776 },
      address: '11 W 53rd St, New York',
      lat: 40.7614,
      lng: -73.9776,
      tireStatus: 'Bids Open',
    },
  };

  it('offers an earlier request to a provider who goes online, and carries the provider cancel reason to the customer', async () => {
    const c = await register(s, 'customer');
    const customer = await s.request<{ data: { documentId: string } }>('POST', '/api/customers', {
      token: c.token,
      body: { data: { fullName: 'Casey Customer', phone: '+1 555 000 1111', paymentMethod: 'cash', user: c.id } },
    });
    expect(customer.status).toBe(201);
    const posted = await s.request<{ data: ServiceRequestView }>('POST', '/api/service-requests', { token: c.token, body: requestBody });
    expect(posted.status).toBe(201);
    expect(posted.body.data).toMatchObject({ providersAsked: 0, tireStatus: 'Bids Open' });
    const url = `/api/service-requests/${posted.body.data.documentId}`;

    // As the registration screen sends it: offline, no live location, the service address with its coordinates.
    const p = await register(s, 'provider');
    const created = await s.request<{ data: ProviderView }>('POST', '/api/providers', {
      token: p.token,
      body: providerData({ user: p.id, online: false, location: undefined, serviceArea: { radius: 10, address: 'Times Sq', lat: 40.758, lng: -73.9855 } }),
    });
    expect(created.status).toBe(201);
    const presenceUrl = `/api/providers/${created.body.data.documentId}/presence`;
    const position = { lat: 40.7527, lng: -73.9772, accuracy: 20 };

    expect((await s.request('PUT', presenceUrl, { body: { online: true } })).status).toBe(401);
    const early = await s.request<ErrorBody>('PUT', presenceUrl, { token: p.token, body: { online: true, position } });
    expect([early.status, early.body.error.details]).toEqual([403, { reason: 'PROVIDER_NOT_APPROVED' }]);
    expect((await s.request('PUT', `/api/providers/${created.body.data.documentId}`, { token: admin.token, body: { data: { isApproved: true } } })).status).toBe(200);
    const bad = await s.request<ErrorBody>('PUT', presenceUrl, { token: p.token, body: { online: 'yes', position: { lat: 91, lng: 0 } } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details!.map((d) => d.path).sort()).toEqual(['online', 'position.lat']);

    const online = await s.request<{ data: ProviderView }>('PUT', presenceUrl, { token: p.token, body: { online: true, position } });
    expect(online.status).toBe(200);
    expect(online.body.data).toMatchObject({ online: true, location: { lat: 40.7527, lng: -73.9772 } });

    const feed = await waitFor(
      async () => {
        const res = await s.request<Paged<ServiceRequestView>>('GET', '/api/service-requests?filters[tireStatus][$eq]=Bids Open', { token: p.token });
        return res.body.data?.length === 1 ? res.body.data : null;
      },
      { message: 'the earlier request in the provider feed' },
    );
    expect(feed![0]!.documentId).toBe(posted.body.data.documentId);
    expect((await s.request<{ data: ServiceRequestView }>('GET', url, { token: c.token })).body.data.providersAsked).toBe(1);

    const bid = await s.request<{ data: { documentId: string } }>('POST', '/api/bids', {
      token: p.token,
      body: { data: { requestId: posted.body.data.documentId, amount: 95, estimatedArrival: 12 } },
    });
    expect(bid.status).toBe(201);
    const accepted = await s.request('PUT', url, { token: c.token, body: { data: { tireStatus: 'Accepted', accepted_bid: bid.body.data.documentId } } });
    expect(accepted.status).toBe(200);

    // A reason only travels with a cancel.
    const stray = await s.request<ErrorBody>('PUT', url, { token: p.token, body: { data: { cancelReason: 'Emergency' } } });
    expect([stray.status, stray.body.error.code]).toEqual([403, 'FIELD_NOT_WRITABLE']);
    const cancelled = await s.request<{ data: ServiceRequestView }>('PUT', url, {
      token: p.token,
      body: { data: { tireStatus: 'Cancelled', cancelReason: 'Vehicle breakdown' } },
    });
    expect(cancelled.status).toBe(200);
    const seen = await s.request<{ data: ServiceRequestView }>('GET', url, { token: c.token });
    expect(seen.body.data).toMatchObject({ tireStatus: 'Cancelled', cancelledByRole: 'provider', cancelReason: 'Vehicle breakdown' });

    const off = await s.request<{ data: ProviderView }>('PUT', presenceUrl, { token: p.token, body: { online: false } });
    expect(off.body.data).toMatchObject({ online: false, location: null });
  });

  it('answers absurd paging with a clear 400 on every list, never a 500', async () => {
    const c = await register(s, 'customer');
    for (const url of ['/api/service-requests', '/api/providers', '/api/users', '/api/bids']) {
      for (const [query, message] of [
        ['pagination[page]=1e300', 'page must be at most 1000000'],
        ['pagination[page]=-1', 'page must be 1 or more'],
        ['pagination[pageSize]=abc', 'pageSize must be a whole number'],
      ]) {
        const res = await s.request<ErrorBody>('GET', `${url}?${query}`, { token: url === '/api/users' ? admin.token : c.token });
        expect([url, query, res.status]).toEqual([url, query, 400]);
        expect(JSON.stringify(res.body.error)).toContain(message);
      }
    }
  });
});

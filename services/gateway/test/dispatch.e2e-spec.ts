import { getDataSourceToken } from '@nestjs/typeorm';
import type { GeoRouteResponse, GeoSuggestionsView, JobView, Paged, RatingsPage, RatingView, ServiceRequestView } from '@tiredash/contracts';
import { waitFor } from '@tiredash/testing';
import type { DataSource } from 'typeorm';
// The tiny Nominatim/OSRM look-alike of dispatch's tests (no internet here).
// eslint-disable-next-line @nx/enforce-module-boundaries
import { FakeUpstream } from '../../dispatch/src/test-support/fake-upstream';
import { providerData, register, startGatewayStack, type ErrorBody, type GatewayStack, type Registered } from './support/gateway-harness';
import { streamPosition } from './support/stream-position';

interface Party extends Registered {
  profileId: string;
}

describe('job progress, confirmation, ratings and the geo proxy through the gateway (real identity, requests, dispatch)', () => {
  const upstream = new FakeUpstream();
  let s: GatewayStack;
  let ds: DataSource;
  let admin: { token: string };

  beforeAll(async () => {
    const url = await upstream.up();
    s = await startGatewayStack('gw_dispatch', {}, { services: ['requests', 'dispatch'], dispatchEnv: { GEOCODER_URL: url, DIRECTIONS_URL: url } });
    ds = s.requests!.get<DataSource>(getDataSourceToken());
    admin = await s.anAdmin();
  });

  afterAll(async () => {
    await s?.close();
    await upstream.down();
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

  async function anApprovedProvider(): Promise<Party> {
    const p = await register(s, 'provider');
    const res = await s.request<{ data: { documentId: string } }>('POST', '/api/providers', { token: p.token, body: providerData({ user: p.id }) });
    if (res.status !== 201) throw new Error(`provider: ${res.status} ${res.text}`);
    const id = res.body.data.documentId;
    await s.request('PUT', `/api/providers/${id}`, { token: admin.token, body: { data: { isApproved: true } } });
    await waitFor(async () => {
      const rows: { is_approved: boolean | null }[] = await ds.query(`SELECT is_approved FROM "requests"."provider_profiles" WHERE id = $1`, [id]);
      return rows[0]?.is_approved === true;
    });
    return { ...p, profileId: id };
  }

  it('runs a cash job: accept, I AM HERE (PUT In Progress), JOB COMPLETED (REST), confirm (PUT Service Completed), rate once', async () => {
    const customer = await aCustomer();
    const provider = await anApprovedProvider();
    const created = await waitFor(async () => {
      const r = await s.request<{ data: ServiceRequestView }>('POST', '/api/service-requests', {
        token: customer.token,
        body: { data: { tireSize: '225/65/R17', serviceType: 'Flat Tire Repair', budget: 100, paymentMethod: 'cash', location: { address: '500 Market St', lat: 37.79, lng: -122.4 } } },
      });
      return r.status === 201 ? r.body.data : null;
    });
    const bid = await s.request<{ data: { documentId: string } }>('POST', '/api/bids', {
      token: provider.token,
      body: { data: { requestId: created.documentId, amount: 90, estimatedArrival: 12, location: { lat: 37.77, lng: -122.42 } } },
    });
    expect(bid.status).toBe(201);
    const url = `/api/service-requests/${created.documentId}`;
    expect((await s.request('PUT', url, { token: customer.token, body: { data: { tireStatus: 'Accepted', accepted_bid: bid.body.data.documentId } } })).status).toBe(200);

    // The job in dispatch: origin = the bid's location, destination = the request's.
    const job = await waitFor(async () => {
      const r = await s.request<{ data: JobView }>('GET', `/api/dispatch/jobs/${created.documentId}`, { token: customer.token });
      return r.status === 200 ? r.body.data : null;
    });
    expect(job).toMatchObject({ status: 'En Route', origin: { lat: 37.77, lng: -122.42 }, destination: { lat: 37.79, lng: -122.4 }, amount: 90 });
    // The ETA uses the directions service (2 miles, 7 minutes on the fake OSRM).
    expect(job.eta).toEqual({ minutes: 7, distanceMiles: 2, source: 'route' });
    const stranger = await aCustomer();
    expect((await s.request('GET', `/api/dispatch/jobs/${created.documentId}`, { token: stranger.token })).status).toBe(403);

    // Confirming before arrival: 409; a customer cannot mark arrival.
    const early = await s.request<ErrorBody>('PUT', url, { token: customer.token, body: { data: { tireStatus: 'Service Completed' } } });
    expect([early.status, early.body.error.details]).toEqual([409, { reason: 'NOT_ARRIVED' }]);
    expect((await s.request('PUT', url, { token: customer.token, body: { data: { tireStatus: 'In Progress' } } })).status).toBe(403);
    // The spec's PUT is checked like POST .../arrived: no position streamed yet, refused; at the address, it passes.
    const unseen = await s.request<ErrorBody>('PUT', url, { token: provider.token, body: { data: { tireStatus: 'In Progress' } } });
    expect([unseen.status, unseen.body.error.details]).toEqual([409, expect.objectContaining({ reason: 'ARRIVAL_POSITION_UNKNOWN' })]);
    await streamPosition(s, { token: provider.token, providerId: provider.profileId }, created.documentId);
    const arrived = await s.request<{ data: ServiceRequestView }>('PUT', url, { token: provider.token, body: { data: { tireStatus: 'In Progress' } } });
    expect([arrived.status, arrived.body.data.tireStatus]).toEqual([200, 'In Progress']);
    const completed = await s.request<{ data: ServiceRequestView }>('POST', `/api/dispatch/jobs/${created.documentId}/completed`, { token: provider.token });
    expect([completed.status, completed.body.data.completedAt]).toEqual([200, expect.any(String)]);

    // Rating before confirmation: 409.
    const tooSoon = await s.request<ErrorBody>('POST', '/api/ratings', { token: customer.token, body: { data: { request_id: created.documentId, rating: 5 } } });
    expect(tooSoon.status).toBe(409);

    const confirmations = await Promise.all([1, 2, 3].map(() => s.request<{ data: ServiceRequestView }>('PUT', url, { token: customer.token, body: { data: { tireStatus: 'Service Completed' } } })));
    expect(confirmations.map((c) => [c.status, c.body.data.tireStatus])).toEqual(Array(3).fill([200, 'Service Completed']));
    const confirmedEvents: unknown[] = await ds.query(`SELECT 1 FROM "requests"."outbox" WHERE subject = 'requests.evt.request.confirmed.v1' AND payload->>'requestId' = $1`, [
      created.documentId,
    ]);
    expect(confirmedEvents).toHaveLength(1);

    // Ratings: the spec's body; stars required with the spec's message; one per request.
    const noStars = await s.request<ErrorBody>('POST', '/api/ratings', {
      token: customer.token,
      body: { data: { provider_id: provider.profileId, customer_id: customer.profileId, request_id: created.documentId, rating: 0, comment: '' } },
    });
    expect(noStars.status).toBe(400);
    expect(noStars.body.error.details).toEqual([{ path: 'data.rating', message: 'Please select a star rating before submitting.' }]);
    const tooLong = await s.request('POST', '/api/ratings', { token: customer.token, body: { data: { request_id: created.documentId, rating: 5, comment: 'x'.repeat(501) } } });
    expect(tooLong.status).toBe(400);
    const rated = await s.request<{ data: RatingView }>('POST', '/api/ratings', {
      token: customer.token,
      body: { data: { provider_id: provider.profileId, customer_id: customer.profileId, request_id: created.documentId, rating: 5, comment: 'Great' } },
    });
    expect(rated.status).toBe(201);
    expect(rated.body.data).toMatchObject({ rating: 5, comment: 'Great', provider_id: provider.profileId, request_id: created.documentId });
    const again = await s.request<ErrorBody>('POST', '/api/ratings', { token: customer.token, body: { data: { request_id: created.documentId, rating: 4 } } });
    expect([again.status, again.body.error.code]).toEqual([409, 'CONFLICT']);

    const list = await s.request<RatingsPage>('GET', `/api/ratings?filters[providerId][$eq]=${provider.profileId}`, { token: provider.token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((r) => r.rating)).toEqual([5]);
    expect(list.body.meta).toMatchObject({ averageRating: 5, ratingCount: 1 });

    // History: the provider's jobs and the customer's requests with status and amount; bids show rating and totalJobs.
    const jobs = await s.request<Paged<ServiceRequestView>>('GET', `/api/service-requests?filters[provider][documentId][$eq]=${provider.profileId}&filters[tireStatus][$eq]=Completed`, {
      token: provider.token,
    });
    expect(jobs.body.data.map((r) => [r.documentId, r.tireStatus, r.amount, r.rating?.rating])).toEqual([[created.documentId, 'Service Completed', 90, 5]]);
    expect(jobs.body.data[0]!.provider).toMatchObject({ rating: 5, totalJobs: 1 });
    await waitFor(async () => (await s.request<{ data: JobView }>('GET', `/api/dispatch/jobs/${created.documentId}`, { token: provider.token })).body.data.confirmedAt !== null);
  });

  it('proxies address search (cached the second time), reverse with lon=, and routes; refuses a bad query', async () => {
    const c = await register(s, 'customer');
    const first = await s.request<GeoSuggestionsView>('GET', '/api/geo/search?q=1%20Main%20St', { token: c.token });
    expect(first.status).toBe(200);
    expect(first.body.data[0]).toEqual({ display_name: '1 Main St, San Francisco, CA, USA', lat: 37.7793, lon: -122.4193 });
    expect(first.body.meta).toMatchObject({ cached: false, fallback: false });
    const second = await s.request<GeoSuggestionsView>('GET', '/api/geo/search?q=1%20Main%20St', { token: c.token });
    expect(second.body.meta).toMatchObject({ cached: true, source: 'cache' });
    await new Promise((r) => setTimeout(r, 1000));
    const reverse = await s.request<GeoSuggestionsView>('GET', '/api/geo/reverse?lat=37.5&lon=-122.25', { token: c.token });
    expect(reverse.body.data).toEqual([{ display_name: 'Near 37.5,-122.25', lat: 37.5, lon: -122.25 }]);
    await new Promise((r) => setTimeout(r, 1000));
    const route = await s.request<GeoRouteResponse>('GET', '/api/geo/route?from=37.7,-122.4&to=37.72,-122.41', { token: c.token });
    expect(route.body.data).toMatchObject({ source: 'osrm', etaMinutes: 7, fallback: false });
    expect((await s.request<ErrorBody>('GET', '/api/geo/route?from=north&to=37,-122', { token: c.token })).status).toBe(400);
    expect((await s.request<ErrorBody>('GET', '/api/geo/search?q=a', { token: c.token })).status).toBe(400);
    // A second miss within the same second for the same user: 429.
    await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 5));
    await s.request('GET', '/api/geo/search?q=Fresh%20One', { token: c.token });
    const limited = await s.request<ErrorBody>('GET', '/api/geo/search?q=Fresh%20Two', { token: c.token });
    expect([limited.status, limited.body.error.code]).toEqual([429, 'RATE_LIMITED']);
  });
});

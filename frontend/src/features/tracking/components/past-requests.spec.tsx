import { screen, within } from '@testing-library/react';
import type { FetchStub } from '../../../test/fetch-stub';
import { CustomerRequestsList } from '../../requests/components/customer-requests-list';
import { aRequest, IDS, renderTracking } from '../tracking.test-kit';
import { ProviderJobHistory } from './provider-job-history';

let stub: FetchStub | null = null;
afterEach(() => {
  stub?.restore();
  stub = null;
});

describe("the customer's past requests", () => {
  it('show their status and amount, and a completed one links to its summary', async () => {
    const done = aRequest({ tireStatus: 'Service Completed', amount: 85 });
    const cancelled = aRequest({ id: 'x2', documentId: '00000000-0000-4000-8000-00000000a002', tireStatus: 'Cancelled', amount: null, serviceType: 'Tire Rotation' });
    const h = renderTracking({
      role: 'customer',
      path: '/dashboard',
      routePath: '/dashboard',
      element: <CustomerRequestsList customerId={IDS.customer} />,
      api: { 'GET /api/service-requests': { json: { data: [done, cancelled], meta: { pagination: { page: 1, pageSize: 50, pageCount: 1, total: 2 } } } } },
    });
    stub = h.fetchStub;
    const list = await screen.findByRole('list', { name: 'Your service requests' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Service Completed');
    expect(first).toHaveTextContent('Amount $85.00');
    expect(within(first).getByRole('link', { name: /View summary/ })).toHaveAttribute('href', `/payment/${IDS.request}`);
    expect(second).toHaveTextContent('Cancelled');
    expect(second).not.toHaveTextContent('Amount');
    expect(within(second).queryByRole('link')).not.toBeInTheDocument();
  });
});

describe("the provider's job history", () => {
  it('lists its jobs (status, amount) newest first by the provider filter, an active one linking to the live job', async () => {
    const active = aRequest({ tireStatus: 'In Progress' });
    const done = aRequest({ id: 'x3', documentId: '00000000-0000-4000-8000-00000000a003', tireStatus: 'Service Completed', amount: 120 });
    const h = renderTracking({
      role: 'provider',
      path: '/provider/dashboard',
      routePath: '/provider/dashboard',
      element: <ProviderJobHistory providerId={IDS.provider} />,
      api: { 'GET /api/service-requests': { json: { data: [active, done] } } },
    });
    stub = h.fetchStub;
    const list = await screen.findByRole('list', { name: 'Your jobs' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('In Progress');
    expect(first).toHaveTextContent('$85.00');
    expect(within(first).getByRole('link', { name: 'Open live job' })).toHaveAttribute('href', `/provider/tracking/${IDS.request}`);
    expect(second).toHaveTextContent('$120.00');
    expect(within(second).queryByRole('link')).not.toBeInTheDocument();
    const params = h.fetchStub.callsTo('GET /api/service-requests')[0].url.searchParams;
    expect(params.get('filters[provider][documentId][$eq]')).toBe(IDS.provider);
    expect(params.get('sort')).toBe('createdAt:desc');
  });

  it("says 'Failed to load job history. Please try again.' when the list fails", async () => {
    const h = renderTracking({
      role: 'provider',
      path: '/provider/dashboard',
      routePath: '/provider/dashboard',
      element: <ProviderJobHistory providerId={IDS.provider} />,
      api: { 'GET /api/service-requests': { status: 500, json: { error: { status: 500, message: 'boom' } } } },
    });
    stub = h.fetchStub;
    expect(await screen.findByText('Failed to load job history. Please try again.')).toBeInTheDocument();
  });
});

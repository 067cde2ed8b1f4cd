import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

  it('filters by status and local dates on the server, clears, says when nothing matches and refuses a backwards range', async () => {
    const h = renderTracking({
      role: 'provider',
      path: '/provider/dashboard',
      routePath: '/provider/dashboard',
      element: <ProviderJobHistory providerId={IDS.provider} />,
      api: {
        'GET /api/service-requests': (call) => ({
          json: { data: call.url.searchParams.get('filters[tireStatus][$eq]') === 'Cancelled' ? [] : [aRequest()] },
        }),
      },
    });
    stub = h.fetchStub;
    await screen.findByRole('list', { name: 'Your jobs' });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Status'), 'Cancelled');
    expect(await screen.findByText('No jobs match these filters.')).toBeInTheDocument();
    expect(h.fetchStub.callsTo('GET /api/service-requests').at(-1)?.url.searchParams.get('filters[tireStatus][$eq]')).toBe('Cancelled');

    await user.selectOptions(screen.getByLabelText('Status'), '');
    await user.type(screen.getByLabelText('From'), '2026-03-02');
    await user.type(screen.getByLabelText('To'), '2026-03-05');
    await waitFor(() => expect(h.fetchStub.callsTo('GET /api/service-requests').at(-1)?.url.searchParams.get('filters[createdAt][$lt]')).not.toBeNull());
    const params = h.fetchStub.callsTo('GET /api/service-requests').at(-1)?.url.searchParams;
    // Local midnights: the whole of 2 to 5 March where the provider is.
    expect(params?.get('filters[createdAt][$gte]')).toBe(new Date(2026, 2, 2).toISOString());
    expect(params?.get('filters[createdAt][$lt]')).toBe(new Date(2026, 2, 6).toISOString());

    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-03-09');
    expect(await screen.findByRole('alert')).toHaveTextContent('The start date must be on or before the end date.');
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');

    const calls = h.fetchStub.callsTo('GET /api/service-requests').length;
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('list', { name: 'Your jobs' })).toBeInTheDocument();
    expect(h.fetchStub.callsTo('GET /api/service-requests').length).toBeGreaterThan(calls);
    expect(screen.getByLabelText('Status')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });
});

import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { ProviderView, UserView } from '@tiredash/contracts';
import { makeStore } from '../../../app/store';
import { ToastProvider } from '../../../shared/toast/toast-provider';
import { stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { tokenReceived, userLoaded } from '../../auth/auth.slice';
import { ProviderDashboardPage } from '../pages/provider-dashboard-page';
import { UNDER_REVIEW_POLL_MS } from './under-review';

const ID = '00000000-0000-4000-8000-0000000000b2';
const PENDING = {
  id: ID,
  documentId: ID,
  businessName: 'Pending Tires',
  phone: '555-010-3000',
  hourlyRate: 80,
  yearsExperience: 3,
  service_types: ['Tire Repair'],
  serviceArea: { radius: 25, address: null },
  isApproved: null,
} as unknown as ProviderView;

describe('Account Under Review', () => {
  let api: FetchStub;
  afterEach(() => api.restore());

  it('switches to the dashboard tabs without a reload once the admin approves', async () => {
    let approved = false;
    // isApproved stays null (pending) until the admin approves
    api = stubFetch({ [`GET /api/providers/${ID}`]: () => ({ json: { data: { ...PENDING, isApproved: approved ? true : null } } }) });
    const store = makeStore();
    store.dispatch(tokenReceived('provider-token'));
    store.dispatch(userLoaded({ id: 'u2', role: { name: 'provider', type: 'provider' }, business: PENDING } as unknown as UserView));
    const router = createMemoryRouter([{ path: '/provider/dashboard', element: <ProviderDashboardPage /> }], { initialEntries: ['/provider/dashboard'] });
    render(
      <Provider store={store}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </Provider>,
    );
    expect(await screen.findByText('Account Under Review')).toBeInTheDocument();
    expect(screen.getByText(/1-3 business days/)).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    const before = api.callsTo(`GET /api/providers/${ID}`).length;

    approved = true;
    expect(await screen.findByRole('tab', { name: 'Requests' }, { timeout: UNDER_REVIEW_POLL_MS * 3 })).toBeInTheDocument();
    expect(screen.queryByText('Account Under Review')).not.toBeInTheDocument();
    expect(api.callsTo(`GET /api/providers/${ID}`).length).toBeGreaterThan(before);
  }, 20_000);
});

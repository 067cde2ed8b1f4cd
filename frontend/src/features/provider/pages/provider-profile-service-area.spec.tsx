import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { ProviderView, UserView } from '@tiredash/contracts';
import { makeStore } from '../../../app/store';
import { ToastProvider } from '../../../shared/toast/toast-provider';
import { stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { tokenReceived, userLoaded } from '../../auth/auth.slice';
import { ProviderProfilePage } from './provider-profile-page';

const ID = '00000000-0000-4000-8000-0000000000b4';
const PROVIDER = {
  id: ID,
  documentId: ID,
  businessName: 'Pat Mobile Tires',
  phone: '555-010-3000',
  yearsExperience: 7,
  service_types: ['Tire Repair'],
  serviceArea: { radius: 25, address: null, lat: null, lng: null },
  online: false,
  businessId: null,
  businessLicense: null,
  isApproved: true,
} as unknown as ProviderView;

function renderPage() {
  const store = makeStore();
  store.dispatch(tokenReceived('provider-token'));
  store.dispatch(userLoaded({ id: 'u1', role: { name: 'provider', type: 'provider' }, business: PROVIDER } as unknown as UserView));
  const router = createMemoryRouter(
    [
      { path: '/provider/profile', element: <ProviderProfilePage /> },
      { path: '/provider/dashboard', element: <p>Dashboard</p> },
    ],
    { initialEntries: ['/provider/profile'] },
  );
  render(
    <Provider store={store}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </Provider>,
  );
  return userEvent.setup();
}

describe('the Service Area of the profile editor', () => {
  let api: FetchStub;
  afterEach(() => api.restore());

  it('saves a new radius and a picked address with its coordinates', async () => {
    api = stubFetch({
      [`GET /api/providers/${ID}`]: { json: { data: PROVIDER } },
      'GET /api/geo/search': { json: { data: [{ display_name: '11 W 53rd St, New York', lat: 40.7614, lon: -73.9776 }] } },
      [`PUT /api/providers/${ID}`]: { json: { data: PROVIDER } },
    });
    const user = renderPage();
    const radius = await screen.findByLabelText(/Service Radius/);
    expect(radius).toHaveValue(25);
    await user.clear(radius);
    await user.type(radius, '40');
    await user.type(screen.getByRole('combobox', { name: 'Service Address' }), '11 W 53rd');
    await user.click(await screen.findByRole('option', { name: '11 W 53rd St, New York' }, { timeout: 3000 }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(api.callsTo(`PUT /api/providers/${ID}`)).toHaveLength(1));
    expect((api.callsTo(`PUT /api/providers/${ID}`)[0]?.body as { data: unknown }).data).toMatchObject({
      serviceArea: { radius: 40, address: '11 W 53rd St, New York', lat: 40.7614, lng: -73.9776 },
    });
  });

  it('refuses a radius of 0 with the server message and saves nothing', async () => {
    api = stubFetch({ [`GET /api/providers/${ID}`]: { json: { data: PROVIDER } } });
    const user = renderPage();
    const radius = await screen.findByLabelText(/Service Radius/);
    await user.clear(radius);
    await user.type(radius, '0');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Service radius must be more than 0')).toBeInTheDocument();
    expect(api.callsTo(`PUT /api/providers/${ID}`)).toHaveLength(0);
  });
});

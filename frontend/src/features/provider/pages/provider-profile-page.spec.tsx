import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { ProviderView, UserView } from '@tiredash/contracts';
import { makeStore } from '../../../app/store';
import { ToastProvider } from '../../../shared/toast/toast-provider';
import { deferred, stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { tokenReceived, userLoaded } from '../../auth/auth.slice';
import { ProviderProfilePage } from './provider-profile-page';

const ID = '00000000-0000-4000-8000-0000000000b1';
const DOC = '00000000-0000-4000-8000-0000000000d1';

const PROVIDER = {
  id: ID,
  documentId: ID,
  businessName: 'Pat Mobile Tires',
  fullName: 'Pat',
  phone: '555-010-3000',
  hourlyRate: 80,
  yearsExperience: 7,
  service_types: ['Tire Repair'],
  serviceArea: { radius: 25, address: null },
  vehicleSpecs: null,
  online: false,
  businessId: DOC,
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
  return { router, user: userEvent.setup() };
}

describe('ProviderProfilePage', () => {
  let api: FetchStub;
  afterEach(() => api.restore());

  it("shows the documents, saves service_types comma-joined with 'Saving...', then goes to the dashboard", async () => {
    const reply = deferred<{ json: unknown }>();
    api = stubFetch({
      [`GET /api/providers/${ID}`]: { json: { data: PROVIDER } },
      [`GET /api/upload/files/${DOC}`]: { json: { id: DOC, url: `/api/uploads/${DOC}/id.png` } },
      [`PUT /api/providers/${ID}`]: () => reply.promise,
    });
    const { router, user } = renderPage();
    expect(await screen.findByLabelText(/Business Name/)).toHaveValue('Pat Mobile Tires');
    expect(screen.getByLabelText(/Years Experience/)).toHaveAttribute('type', 'number');
    expect(screen.getByLabelText(/^Phone/)).toHaveAttribute('type', 'tel');
    expect(screen.getAllByRole('checkbox')).toHaveLength(6);
    expect(screen.getByText('No Business License image uploaded.')).toBeInTheDocument();
    const thumb = await screen.findByRole('button', { name: 'Enlarge Business ID' });
    await user.click(thumb);
    expect(screen.getByRole('dialog', { name: 'Business ID' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('checkbox', { name: 'Tire Rotation' }));
    await user.click(screen.getByRole('checkbox', { name: 'Emergency Service' }));
    await user.click(screen.getByRole('checkbox', { name: 'Tire Rotation' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    const [call] = api.callsTo(`PUT /api/providers/${ID}`);
    expect(call.body).toEqual({
      data: { businessName: 'Pat Mobile Tires', yearsExperience: 7, phone: '555-010-3000', service_types: 'Tire Repair,Emergency Service' },
    });
    reply.resolve({ json: { data: { ...PROVIDER, service_types: ['Tire Repair', 'Emergency Service'] } } });
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/provider/dashboard');
  });

  it('offers only JPEG, PNG, GIF and WebP in both pickers and refuses a HEIC photo as it is picked; saving then uploads nothing', async () => {
    api = stubFetch({
      [`GET /api/providers/${ID}`]: { json: { data: { ...PROVIDER, businessId: null } } },
      [`PUT /api/providers/${ID}`]: { json: { data: PROVIDER } },
    });
    const { user } = renderPage();
    const picker = await screen.findByLabelText('Upload a new Business ID image');
    for (const input of [picker, screen.getByLabelText('Upload a new Business License image')]) {
      expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/gif,image/webp');
    }
    expect(screen.getAllByText('One JPEG, PNG, GIF or WebP image, up to 2MB.')).toHaveLength(2);
    await userEvent.setup({ applyAccept: false }).upload(picker, new File(['heic'], 'IMG_0042.HEIC', { type: 'image/heic' }));
    expect(await screen.findByText('IMG_0042.HEIC is not a supported image. Please choose a JPEG, PNG, GIF or WebP image')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove IMG_0042.HEIC' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(api.callsTo(`PUT /api/providers/${ID}`)).toHaveLength(1);
    expect(api.calls.filter((c) => c.path.startsWith('/api/upload'))).toEqual([]);
  });

  it('shows the load failure message when the profile cannot be read', async () => {
    api = stubFetch({ [`GET /api/providers/${ID}`]: { status: 500, json: { error: { message: 'boom' } } } });
    renderPage();
    expect((await screen.findAllByText('Failed to load profile data. Please try again.')).length).toBeGreaterThan(0);
  });

  it('keeps the user on the page when saving fails', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    api = stubFetch({
      [`GET /api/providers/${ID}`]: { json: { data: { ...PROVIDER, businessId: null } } },
      [`PUT /api/providers/${ID}`]: { status: 500, json: { error: { message: 'boom' } } },
    });
    const { router, user } = renderPage();
    expect(await screen.findByText('No Business ID image uploaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update profile. Please try again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/provider/profile');
    expect(logged).toHaveBeenCalledWith('Profile update failed', expect.anything());
    logged.mockRestore();
  });
});

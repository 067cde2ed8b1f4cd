import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserView } from '@tiredash/contracts';
import { STORAGE_KEYS } from '../shared/storage/local-state';
import { renderApp } from '../test/render-app';
import { PUBLIC_PATHS, ROLE_HOMES, SIGNED_OUT_ONLY_PATHS } from './route-paths';

function storedSession(role: 'customer' | 'provider' | 'admin', extra: Partial<UserView> = {}) {
  const user: UserView = {
    id: '0b5c5d5e-8f6a-4b8e-9a3e-1c2d3e4f5a6b',
    documentId: '0b5c5d5e-8f6a-4b8e-9a3e-1c2d3e4f5a6b',
    username: `${role}@example.com`,
    email: `${role}@example.com`,
    accountType: role === 'admin' ? null : role,
    role: { name: role, type: role },
    customer: null,
    business: null,
    location: null,
    serviceArea: null,
    createdAt: '2024-05-01T10:00:00.000Z',
    updatedAt: '2024-05-01T10:00:00.000Z',
    ...extra,
  };
  window.localStorage.setItem(STORAGE_KEYS.auth, JSON.stringify({ token: 'stored-jwt', user }));
}

describe('RouteGuardOutlet', () => {
  beforeEach(() => {
    // The stored session cannot be re-checked (no API in unit tests): that is logged and the session kept.
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('sends a visitor on a protected path to /login', async () => {
    const { router } = renderApp('/provider/dashboard');
    expect(await screen.findByRole('tab', { name: 'Customer' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a logged-in customer on a public path home, and logout from the customer area goes to /', async () => {
    storedSession('customer', {
      customer: {
        id: 'c1',
        documentId: 'c1',
        fullName: 'Casey Customer',
        phone: '555',
        paymentMethod: null,
        totalJobs: 0,
        user: null,
        createdAt: '',
        updatedAt: '',
      },
    });
    const user = userEvent.setup();
    const { router, store } = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Request Tire Service' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByText('Tell us what you need and get quotes from nearby providers')).toBeInTheDocument();
    expect(screen.getByText('Casey Customer')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: /We Come to You|On-site tire service/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(store.getState().auth.token).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.auth)).toBeNull();
  });

  it('lets a signed-in customer read Help Center and Safety (the tracking page links there)', async () => {
    storedSession('customer');
    for (const path of ['/help-center', '/safety']) {
      const { router, unmount } = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
      unmount();
    }
  });

  const OPEN_TO_ALL = PUBLIC_PATHS.filter((p) => !(SIGNED_OUT_ONLY_PATHS as readonly string[]).includes(p));
  it.each(['customer', 'provider', 'admin'] as const)('renders every public content page for a signed-in %s (only sign-in and sign-up send home)', async (role) => {
    storedSession(role);
    for (const path of OPEN_TO_ALL) {
      const { router, unmount } = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
      unmount();
    }
    for (const path of SIGNED_OUT_ONLY_PATHS) {
      const { router, unmount } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe(ROLE_HOMES[role]));
      unmount();
    }
  });

  it('sends a user to their own home from a prefix their role may not use; admin logout goes to /login', async () => {
    storedSession('admin');
    const user = userEvent.setup();
    const { router } = renderApp('/provider/settings');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    expect(screen.getByRole('tab', { name: 'Provider Approvals' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'User Management' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('tab', { name: 'Customer' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows an unapproved provider the Account Under Review screen', async () => {
    storedSession('provider', {
      business: {
        id: 'p1',
        documentId: 'p1',
        businessName: 'Pat Mobile Tires',
        fullName: 'Pat Provider',
        phone: '555-010-3000',
        hourlyRate: 80,
        yearsExperience: 7,
        service_types: ['Wheel Balancing'],
        serviceArea: { radius: 25, address: null },
        vehicleSpecs: null,
        online: false,
        businessId: null,
        businessLicense: null,
        isApproved: null,
        walletBalance: 0,
        totalJobs: 0,
        rating: null,
        location: null,
        user: null,
        createdAt: '',
        updatedAt: '',
      },
    });
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Account Under Review' })).toBeInTheDocument();
    expect(screen.getByText(/1-3 business days/)).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Requests' })).not.toBeInTheDocument();
  });
});

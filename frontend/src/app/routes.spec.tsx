import { act, screen, waitFor } from '@testing-library/react';
import { stubFetch, type FetchStub } from '../test/fetch-stub';

// Records which page modules and heavy libraries have been evaluated (each still runs its real code).
const mockEvaluated: string[] = [];
function observe(name: string, path: string): unknown {
  mockEvaluated.push(name);
  return jest.requireActual(path);
}
jest.mock('../features/admin/pages/admin-page', () => observe('admin', '../features/admin/pages/admin-page'));
jest.mock('../features/provider/pages/provider-dashboard-page', () =>
  observe('provider dashboard', '../features/provider/pages/provider-dashboard-page'),
);
jest.mock('../features/provider/pages/provider-tracking-page', () =>
  observe('provider tracking', '../features/provider/pages/provider-tracking-page'),
);
jest.mock('../features/customer/pages/dashboard-page', () =>
  observe('customer dashboard', '../features/customer/pages/dashboard-page'),
);
jest.mock('../features/customer/pages/payment-page', () =>
  observe('payment', '../features/customer/pages/payment-page'),
);
jest.mock('../features/customer/pages/tracking-page', () =>
  observe('tracking', '../features/customer/pages/tracking-page'),
);
jest.mock('../features/auth/pages/login-page', () => observe('login', '../features/auth/pages/login-page'));
jest.mock('@stripe/stripe-js', () => observe('@stripe/stripe-js', '@stripe/stripe-js'));
jest.mock('@stripe/react-stripe-js', () => observe('@stripe/react-stripe-js', '@stripe/react-stripe-js'));
jest.mock('socket.io-client', () => observe('socket.io-client', 'socket.io-client'));

describe('route table: code splitting', () => {
  let api: FetchStub;
  beforeEach(() => {
    api = stubFetch({});
  });
  afterEach(() => api.restore());

  it('renders the landing page without loading the admin, provider, customer, payment (Stripe) or tracking code', async () => {
    const { renderApp } = await import('../test/render-app');
    renderApp('/');
    // The hero's heading once the page content loaded (a visually hidden fallback heading stands there while it loads).
    expect(await screen.findByRole('heading', { level: 1, name: /^Tire Trouble\?/ })).toHaveTextContent('Tire Trouble?');
    expect(mockEvaluated).toEqual([]);
  });

  it('loads a page module when its route is first rendered', async () => {
    const { renderApp } = await import('../test/render-app');
    const { router } = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    await act(() => router.navigate('/login'));
    expect(await screen.findByRole('tab', { name: 'Customer' })).toBeInTheDocument();
    expect(mockEvaluated).toEqual(['login']);
  });

  it('gives every protected area its own lazily loaded page', async () => {
    const { routes } = await import('./routes');
    const { render } = await import('@testing-library/react');
    const { createMemoryRouter, RouterProvider } = await import('react-router-dom');
    const { AppProviders } = await import('./app-providers');
    const { makeStore } = await import('./store');
    const byPath = new Map((routes[0]?.children ?? []).map((r) => [r.path, r.element]));
    const expected: Record<string, string> = {
      '/admin': 'admin',
      '/provider/dashboard': 'provider dashboard',
      '/provider/tracking/:id': 'provider tracking',
      '/dashboard': 'customer dashboard',
      '/payment/:id': 'payment',
      '/tracking/:id': 'tracking',
    };
    for (const [path, name] of Object.entries(expected)) {
      expect(mockEvaluated).not.toContain(name);
      const at = path.replace(':id', 'job-1');
      // The page's element as the table declares it, without the guard (no session needed to load the code).
      const { unmount } = render(
        <AppProviders store={makeStore()}>
          <RouterProvider
            router={createMemoryRouter([{ path, element: byPath.get(path) }], { initialEntries: [at] })}
          />
        </AppProviders>,
      );
      await waitFor(() => expect(mockEvaluated).toContain(name));
      unmount();
    }
  });
});

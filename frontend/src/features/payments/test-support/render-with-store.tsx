import type { ProviderView, UserView } from '@tiredash/contracts';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { makeStore } from '../../../app/store';
import { ToastProvider } from '../../../shared/toast/toast-provider';
import { tokenReceived, userLoaded } from '../../auth/auth.slice';

export const CUSTOMER_ID = '00000000-0000-4000-8000-0000000000c1';
export const PROVIDER_ID = '00000000-0000-4000-8000-0000000000b1';

export function customerUser(): UserView {
  return {
    id: 'u1',
    email: 'casey@example.test',
    role: { name: 'customer', type: 'customer' },
    customer: { documentId: CUSTOMER_ID, fullName: 'Casey' },
  } as unknown as UserView;
}

export function providerUser(): UserView {
  return {
    id: 'u2',
    email: 'pat@example.test',
    role: { name: 'provider', type: 'provider' },
    business: { documentId: PROVIDER_ID, businessName: 'Fast Tires', isApproved: true } as ProviderView,
  } as unknown as UserView;
}

/** Renders `element` at `path` with a logged-in user, the store, toasts and a memory router (extra routes to land on). */
export function renderWithStore(element: ReactNode, opts: { user: UserView; path?: string; routes?: RouteObject[] }) {
  const store = makeStore();
  store.dispatch(tokenReceived('test-token'));
  store.dispatch(userLoaded(opts.user));
  const path = opts.path ?? '/';
  const router = createMemoryRouter([{ path: path.split('?')[0], element }, ...(opts.routes ?? [])], { initialEntries: [path] });
  const utils = render(
    <Provider store={store}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </Provider>,
  );
  return { ...utils, store, router };
}

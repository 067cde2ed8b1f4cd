import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/app-providers';
import { routes } from '../app/routes';
import { makeStore, type AppStore } from '../app/store';

/** Renders the whole SPA (store, toasts, session check, guarded routes) at a path. */
export function renderApp(path: string, store: AppStore = makeStore()) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, store, router };
}

import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { CHUNK_RELOAD_KEY, type ChunkReloadEnv } from './chunk-reload';
import { lazyPage } from './lazy-page';
import { RouteErrorPage } from './pages/route-error-page';

function aTab(storage = new Map<string, string>()) {
  const reload = jest.fn();
  const env: ChunkReloadEnv = {
    storage: {
      getItem: (k) => storage.get(k) ?? null,
      setItem: (k, v) => void storage.set(k, v),
      removeItem: (k) => void storage.delete(k),
    },
    reload,
  };
  return { env: () => env, reload, storage };
}

function renderPage(element: React.ReactElement) {
  const router = createMemoryRouter([{ path: '/', element, errorElement: <RouteErrorPage /> }]);
  return render(<RouterProvider router={router} />);
}

function ReportsPage() {
  return <h1>Reports</h1>;
}

describe('lazyPage', () => {
  it('announces the loading state, then shows the page once its chunk has loaded', async () => {
    const tab = aTab();
    let loaded: (m: { ReportsPage: typeof ReportsPage }) => void = () => undefined;
    renderPage(
      lazyPage(
        () => new Promise<{ ReportsPage: typeof ReportsPage }>((r) => (loaded = r)),
        'ReportsPage',
        tab.env,
      ),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Loading page...');
    loaded({ ReportsPage });
    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(tab.reload).not.toHaveBeenCalled();
  });

  it('reloads the page once when the chunk is gone (new deployment), showing the loading state meanwhile', async () => {
    const tab = aTab();
    renderPage(
      lazyPage(
        () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
        'ReportsPage',
        tab.env,
      ),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Loading page...');
    await new Promise((r) => setTimeout(r, 20));
    expect(tab.reload).toHaveBeenCalledTimes(1);
    expect(tab.storage.has(CHUNK_RELOAD_KEY)).toBe(true);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows an error page with a retry instead of reloading again when the chunk still fails after the reload', async () => {
    const tab = aTab(new Map([[CHUNK_RELOAD_KEY, '2026-01-01T00:00:00.000Z']]));
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      renderPage(
        lazyPage(
          () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
          'ReportsPage',
          tab.env,
        ),
      );
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('This page could not be loaded');
      expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
      expect(tab.reload).not.toHaveBeenCalled();
    } finally {
      error.mockRestore();
    }
  });
});

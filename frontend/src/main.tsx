import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/app-providers';
import { routes } from './app/routes';
import { makeStore } from './app/store';
import { syncDocumentLanguage } from './shared/i18n/i18n';
import { env } from './shared/env';
import { syncDefaultDescription } from './shared/page-description';
import './shared/styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// <html lang> follows the UI language (the browser's, or the one chosen with the header's switch), and so does the
// meta description of the screens that set none of their own.
syncDocumentLanguage();
syncDefaultDescription();

const store = makeStore();
const router = createBrowserRouter(routes);

createRoot(container).render(
  <StrictMode>
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

// The installable app and its offline shell: the service worker is registered once the page has loaded, from a
// module loaded lazily (nothing added to the landing page's JavaScript). Signing out forgets the cached job data.
if (!env.isDev && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    void import('./shared/offline/register-sw').then(({ registerServiceWorker, clearOfflineData }) => {
      void registerServiceWorker();
      let signedIn = store.getState().auth.token !== null;
      store.subscribe(() => {
        const now = store.getState().auth.token !== null;
        if (signedIn && !now) void clearOfflineData();
        signedIn = now;
      });
    });
  });
}

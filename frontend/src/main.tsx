import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/app-providers';
import { routes } from './app/routes';
import { makeStore } from './app/store';
import './shared/styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const store = makeStore();
const router = createBrowserRouter(routes);

createRoot(container).render(
  <StrictMode>
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { useSessionBootstrap } from '../features/auth/hooks/use-session-bootstrap';
import { ToastProvider } from '../shared/toast/toast-provider';
import type { AppStore } from './store';

function SessionBootstrap() {
  useSessionBootstrap();
  return null;
}

/** Store, toasts and the stored-session check around the router. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ToastProvider>
        <SessionBootstrap />
        {children}
      </ToastProvider>
    </Provider>
  );
}

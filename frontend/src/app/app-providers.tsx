import { Suspense, useMemo, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { useSessionBootstrap } from '../features/auth/hooks/use-session-bootstrap';
import { baseApi } from '../shared/api/base-api';
import { renewSession, SessionRenewalContext, type RenewOutcome } from '../shared/api/session-renewal';
import { ToastProvider } from '../shared/toast/toast-provider';
import type { AppStore } from './store';

function SessionBootstrap() {
  useSessionBootstrap();
  return null;
}

/** Store, toasts, the stored-session check and the session renewal (for the realtime sockets) around the router. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  const renew = useMemo(
    () => async (): Promise<RenewOutcome> => {
      const outcome = await renewSession(store.dispatch);
      if (outcome === 'ended') setTimeout(() => store.dispatch(baseApi.util.resetApiState()), 0);
      return outcome;
    },
    [store],
  );
  return (
    <Provider store={store}>
      <SessionRenewalContext.Provider value={renew}>
        <ToastProvider>
          <SessionBootstrap />
          {/* A screen whose texts are still being fetched in the reader's language waits here (the lazy pages have
              their own boundary): nothing rather than English first. */}
          <Suspense fallback={null}>{children}</Suspense>
        </ToastProvider>
      </SessionRenewalContext.Provider>
    </Provider>
  );
}

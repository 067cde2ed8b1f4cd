import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { useMessages } from '../shared/i18n/i18n';
import { statusMessages } from '../shared/i18n/locales/en/common';
import { Spinner } from '../shared/ui/status';
import { browserChunkReloadEnv, importWithReload, type ChunkReloadEnv } from './chunk-reload';

/** Shown (and announced: the spinner is a polite live region) while a page's code is being fetched. */
export function PageLoading() {
  const t = useMessages(statusMessages);
  return (
    <div className="page page--center">
      <Spinner label={t.loadingPage} />
    </div>
  );
}

/**
 * A route element whose page component is loaded on first visit (its own chunk, with whatever only it uses:
 * Stripe, Leaflet, the admin editors...), behind Suspense. A chunk that fails to load reloads the page once
 * (chunk-reload.ts).
 */
export function lazyPage<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
  env: () => ChunkReloadEnv = browserChunkReloadEnv,
): ReactElement {
  const Page = lazy(() =>
    importWithReload(load, env()).then((m): { default: ComponentType } => ({ default: m[name] })),
  );
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}

/**
 * The service worker (generated at build by vite-plugin-pwa with Workbox: the app shell precached, the job data
 * cached network-first; see vite.config.ts). Loaded lazily after the page has loaded, so the landing page's
 * JavaScript does not grow.
 *
 * New versions: the worker takes over at once (skipWaiting, clientsClaim) and drops the old precache. A tab still
 * running the old code fetches a route's chunk it no longer finds; app/chunk-reload.ts then reloads the tab once,
 * and the new worker answers with the new index.html. The worker is checked for updates hourly and when the tab
 * comes back to the foreground.
 */
export const SW_URL = '/sw.js';
/** The runtime cache of the job's GETs (the name vite.config.ts gives it). */
export const JOB_DATA_CACHE = 'tiredash-job-data';
const UPDATE_EVERY_MS = 60 * 60 * 1000;

export async function registerServiceWorker(container: ServiceWorkerContainer = navigator.serviceWorker): Promise<ServiceWorkerRegistration | null> {
  try {
    const registration = await container.register(SW_URL, { scope: '/' });
    const check = () => void registration.update().catch(() => undefined);
    setInterval(check, UPDATE_EVERY_MS);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') check();
    });
    return registration;
  } catch (err) {
    console.warn('Service worker not registered; the app works online only', err);
    return null;
  }
}

/** Forgets the cached job data (at sign-out: the next person on this device must not read it offline). */
export async function clearOfflineData(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(JOB_DATA_CACHE).catch(() => false);
}

/** The sessionStorage key that records a reload made because a lazy chunk failed to load. */
export const CHUNK_RELOAD_KEY = 'tiredash:chunk-reload';

/** What the reload guard needs from the browser (a stand-in in unit tests). */
export interface ChunkReloadEnv {
  /** sessionStorage, or null where it is unavailable (then the page is never reloaded: no loop is possible). */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  reload(): void;
}

export function browserChunkReloadEnv(): ChunkReloadEnv {
  let storage: Storage | null = null;
  try {
    storage = window.sessionStorage;
  } catch {
    // Storage disabled (privacy settings): no flag, so no reload either.
  }
  return { storage, reload: () => window.location.reload() };
}

/**
 * Runs a route's dynamic import. When it fails, most likely because a new deployment replaced the hashed file
 * this tab's index.html points at, the page is reloaded once so the browser fetches the new index.html and its
 * chunks. The flag in sessionStorage stops a reload loop: a second failure in the same tab before any chunk has
 * loaded is thrown to the route's error page. A successful import clears the flag, so a later deployment can
 * reload the tab again.
 */
export function importWithReload<T>(
  load: () => Promise<T>,
  env: ChunkReloadEnv = browserChunkReloadEnv(),
): Promise<T> {
  return load().then(
    (mod) => {
      env.storage?.removeItem(CHUNK_RELOAD_KEY);
      return mod;
    },
    (error: unknown) => {
      if (env.storage === null || env.storage.getItem(CHUNK_RELOAD_KEY) !== null) throw error;
      env.storage.setItem(CHUNK_RELOAD_KEY, new Date().toISOString());
      env.reload();
      // The page is going away: keep showing the loading state instead of an error until it does.
      return new Promise<T>(() => undefined);
    },
  );
}

import { CHUNK_RELOAD_KEY, importWithReload, type ChunkReloadEnv } from './chunk-reload';

/** sessionStorage of one tab, kept across the simulated reloads, and a reload counter. */
function aTab() {
  return tabWith(new Map<string, string>());
}

function tabWith<S extends Map<string, string> | null>(storage: S) {
  const reload = jest.fn();
  const env: ChunkReloadEnv = {
    storage: storage && {
      getItem: (k) => storage.get(k) ?? null,
      setItem: (k, v) => void storage.set(k, v),
      removeItem: (k) => void storage.delete(k),
    },
    reload,
  };
  return { env, reload, storage };
}

const missingChunk = () =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/admin-page-OLD.js'));

/** Whether a promise is still pending once the microtask queue has drained. */
async function isPending(promise: Promise<unknown>): Promise<boolean> {
  const marker = Symbol('pending');
  const winner = await Promise.race([
    promise.catch(() => undefined),
    new Promise((r) => setTimeout(() => r(marker), 20)),
  ]);
  return winner === marker;
}

describe('importWithReload (a lazy chunk removed by a new deployment)', () => {
  it('returns the module and leaves the tab alone when the chunk loads', async () => {
    const tab = aTab();
    await expect(importWithReload(() => Promise.resolve({ Page: 'page' }), tab.env)).resolves.toEqual({
      Page: 'page',
    });
    expect(tab.reload).not.toHaveBeenCalled();
    expect(tab.storage.has(CHUNK_RELOAD_KEY)).toBe(false);
  });

  it('reloads the page once when the chunk fails, and keeps the loading state until the page goes', async () => {
    const tab = aTab();
    const pending = importWithReload(missingChunk, tab.env);
    expect(await isPending(pending)).toBe(true);
    expect(tab.reload).toHaveBeenCalledTimes(1);
    expect(tab.storage.get(CHUNK_RELOAD_KEY)).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('does not reload again when the chunk still fails after the reload: the error reaches the page', async () => {
    const tab = aTab();
    void importWithReload(missingChunk, tab.env); // first failure: reload
    await Promise.resolve();
    // After the reload (same tab, same sessionStorage) the chunk is still missing.
    await expect(importWithReload(missingChunk, tab.env)).rejects.toThrow(
      'Failed to fetch dynamically imported module',
    );
    await expect(importWithReload(missingChunk, tab.env)).rejects.toThrow(TypeError);
    expect(tab.reload).toHaveBeenCalledTimes(1);
  });

  it('clears the flag once a chunk loads, so a later deployment can reload the tab again', async () => {
    const tab = aTab();
    void importWithReload(missingChunk, tab.env);
    await Promise.resolve();
    await importWithReload(() => Promise.resolve({}), tab.env);
    expect(tab.storage.has(CHUNK_RELOAD_KEY)).toBe(false);
    const later = importWithReload(missingChunk, tab.env);
    expect(await isPending(later)).toBe(true);
    expect(tab.reload).toHaveBeenCalledTimes(2);
  });

  it('never reloads without sessionStorage (it could not tell a loop from a first failure)', async () => {
    const tab = tabWith(null);
    await expect(importWithReload(missingChunk, tab.env)).rejects.toThrow(TypeError);
    expect(tab.reload).not.toHaveBeenCalled();
  });
});

import { createStore, del, set, values, type UseStore } from 'idb-keyval';
import { memoryOutboxStorage, type OutboxEntry, type OutboxStorage } from './outbox';

interface StoredEntry {
  owner: string;
  entry: OutboxEntry;
}

let store: UseStore | null = null;

/**
 * The outbox's entries in IndexedDB (database `tiredash-offline`, store `outbox`, keyed by the idempotency key), so
 * they survive a reload, a crash or a closed tab. Each entry is kept with its owner (the signed-in provider): a box
 * only reads its owner's entries, so another account on the same device never sends them. Where IndexedDB is not
 * available (some private modes) the box lives in memory for as long as the tab.
 */
export function idbOutboxStorage(owner: string): OutboxStorage {
  if (typeof indexedDB === 'undefined') return memoryOutboxStorage();
  store ??= createStore('tiredash-offline', 'outbox');
  const s = store;
  return {
    async getAll() {
      const rows = await values<StoredEntry>(s);
      return rows.filter((r) => r.owner === owner).map((r) => r.entry);
    },
    put: (entry) => set(entry.key, { owner, entry } satisfies StoredEntry, s),
    remove: (key) => del(key, s),
  };
}

/** Rounds of every tab of this origin one at a time (Web Locks API); without it, only within this tab. */
export function webLock(name: string): (<T>(run: () => Promise<T>) => Promise<T>) | undefined {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  if (!locks) return undefined;
  return <T>(run: () => Promise<T>) => locks.request(name, () => run()) as Promise<T>;
}

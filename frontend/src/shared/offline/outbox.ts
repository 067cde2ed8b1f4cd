/**
 * An outbox in the browser: actions taken while the network is away are written down (persisted, each with an
 * idempotency key) and sent when it is back, one at a time, in the order they were taken.
 *
 * - Exactly once, as the server sees it: an entry leaves the box only after the server answered it. A tab closed
 *   between the answer and the removal sends the entry again after a reload, with the same key, and the server
 *   answers it without a second effect (arrival and completion are state moves that happen once; a location
 *   point carries its key, which realtime remembers).
 * - In order: the oldest entry is sent first and a later one never overtakes it. A failure that may pass (no
 *   network, a timeout, a 5xx, a rate limit) stops the round and the box tries again later (backoff, and at once
 *   when the network comes back); a refusal that will not pass (a 4xx such as a job already canceled) takes the
 *   entry out and reports it, so one dead entry cannot block the rest for ever.
 * - One sender at a time: rounds of one box never overlap, and with the Web Locks API neither do rounds of two
 *   tabs; each round reads the stored entries again, so what another tab sent is not sent twice.
 */

export interface OutboxEntry<P = unknown> {
  /** The idempotency key (a UUID), sent with the entry. */
  key: string;
  /** Position in the box: entries are sent by ascending seq. */
  seq: number;
  kind: string;
  /** Whose entry it is (e.g. the job's request id), for what the screen shows. */
  scope: string;
  payload: P;
  /** Epoch ms when the action was taken. */
  queuedAt: number;
  /** Failed attempts so far. */
  attempts: number;
  lastError?: string;
}

/** Where the entries live (IndexedDB in the browser, memory in tests). */
export interface OutboxStorage {
  getAll(): Promise<OutboxEntry[]>;
  put(entry: OutboxEntry): Promise<void>;
  remove(key: string): Promise<void>;
}

/** Thrown by a sender when the server refused the entry for good: it is taken out and reported. */
export class PermanentFailure extends Error {
  override readonly name = 'PermanentFailure';
}

/** Sends one entry: resolves when the server took it; PermanentFailure drops it; any other error retries later. */
export type OutboxSender = (entry: OutboxEntry) => Promise<void>;

export interface OutboxRejection {
  entry: OutboxEntry;
  message: string;
}

export interface OutboxSnapshot {
  entries: readonly OutboxEntry[];
  rejected: readonly OutboxRejection[];
  sending: boolean;
}

export interface OutboxOptions {
  storage: OutboxStorage;
  /** Wait before the next round after the n-th failure in a row (1-based). */
  retryDelayMs?: (failures: number) => number;
  /** False while the browser knows it is offline: no round is started then (one starts when it comes back). */
  isOnline?: () => boolean;
  /** Runs a round under a lock shared by the tabs (navigator.locks); by default rounds only exclude each other in this tab. */
  lock?: <T>(run: () => Promise<T>) => Promise<T>;
  newKey?: () => string;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/** 1 s, 2 s, 4 s ... at most 30 s. */
export const defaultRetryDelayMs = (failures: number): number => Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));

const bySeq = (a: OutboxEntry, b: OutboxEntry) => a.seq - b.seq;

export function browserKey(): string {
  return globalThis.crypto.randomUUID();
}

export class Outbox {
  private list: OutboxEntry[] = [];
  private rejectedList: OutboxRejection[] = [];
  private sender: OutboxSender | null = null;
  private round: Promise<void> | null = null;
  private again = false;
  private failures = 0;
  private timer: unknown = null;
  private readonly listeners = new Set<(s: OutboxSnapshot) => void>();
  private snap: OutboxSnapshot = { entries: [], rejected: [], sending: false };
  private readonly opts: Required<Omit<OutboxOptions, 'lock'>> & Pick<OutboxOptions, 'lock'>;
  /** Resolves once the stored entries were read. */
  readonly ready: Promise<void>;

  constructor(options: OutboxOptions) {
    this.opts = {
      retryDelayMs: defaultRetryDelayMs,
      isOnline: () => true,
      newKey: browserKey,
      now: () => Date.now(),
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
      ...options,
    };
    this.ready = this.reload();
  }

  /** The entries waiting, oldest first. */
  entries(): readonly OutboxEntry[] {
    return this.snap.entries;
  }

  snapshot(): OutboxSnapshot {
    return this.snap;
  }

  subscribe(listener: (s: OutboxSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Writes the action down (persisted before this resolves), then tries to send what is waiting. */
  async enqueue<P>(kind: string, scope: string, payload: P): Promise<OutboxEntry<P>> {
    await this.ready;
    const last = this.list[this.list.length - 1];
    const entry: OutboxEntry<P> = {
      key: this.opts.newKey(),
      seq: Math.max(last ? last.seq + 1 : 1, this.opts.now() * 1000),
      kind,
      scope,
      payload,
      queuedAt: this.opts.now(),
      attempts: 0,
    };
    await this.opts.storage.put(entry);
    this.list = [...this.list.filter((e) => e.key !== entry.key), entry].sort(bySeq);
    this.publish();
    // While a failed round waits for its retry, a new entry waits with it (the retry sends both, in order).
    if (this.timer === null) void this.flush();
    return entry;
  }

  /** Who sends the entries (the page that can); returns the detach. Entries wait while nobody is attached. */
  attach(sender: OutboxSender): () => void {
    this.sender = sender;
    void this.flush();
    return () => {
      if (this.sender === sender) this.sender = null;
    };
  }

  /** Forgets the refusals shown to the user. */
  dismissRejected(): void {
    this.rejectedList = [];
    this.publish();
  }

  /** Sends what is waiting, in order, until the box is empty or a send fails; one round at a time. */
  flush(): Promise<void> {
    if (this.round) {
      this.again = true;
      return this.round;
    }
    this.clearRetry();
    this.round = (async () => {
      try {
        do {
          this.again = false;
          await this.ready;
          if (!this.sender || !this.opts.isOnline()) return;
          const lock = this.opts.lock ?? ((run) => run());
          await lock(() => this.sendAll());
          // A failed round waits for its retry (backoff) instead of going again at once.
        } while (this.again && this.timer === null);
      } finally {
        this.round = null;
        this.publish();
      }
    })();
    this.publish();
    return this.round;
  }

  /** Stops the retry timer (a page going away). */
  dispose(): void {
    this.clearRetry();
    this.sender = null;
  }

  private async sendAll(): Promise<void> {
    // Another tab may have sent (and removed) entries meanwhile: what is stored now is what is left.
    await this.reload();
    for (;;) {
      const entry = this.list[0];
      const send = this.sender;
      if (!entry || !send || !this.opts.isOnline()) return;
      try {
        await send(entry);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        if (err instanceof PermanentFailure) {
          this.rejectedList = [...this.rejectedList, { entry, message }];
          await this.drop(entry);
          continue;
        }
        this.failures += 1;
        const failed = { ...entry, attempts: entry.attempts + 1, lastError: message };
        this.list = this.list.map((e) => (e.key === entry.key ? failed : e));
        await this.opts.storage.put(failed).catch(() => undefined);
        this.scheduleRetry(this.opts.retryDelayMs(this.failures));
        return;
      }
      this.failures = 0;
      await this.drop(entry);
    }
  }

  private async drop(entry: OutboxEntry): Promise<void> {
    await this.opts.storage.remove(entry.key);
    this.list = this.list.filter((e) => e.key !== entry.key);
    this.publish();
  }

  private async reload(): Promise<void> {
    const stored = await this.opts.storage.getAll();
    this.list = [...stored].sort(bySeq);
    this.publish();
  }

  private scheduleRetry(ms: number): void {
    this.clearRetry();
    this.timer = this.opts.setTimer(() => {
      this.timer = null;
      void this.flush();
    }, ms);
  }

  private clearRetry(): void {
    if (this.timer !== null) this.opts.clearTimer(this.timer);
    this.timer = null;
  }

  private publish(): void {
    this.snap = { entries: this.list, rejected: this.rejectedList, sending: this.round !== null };
    for (const l of this.listeners) l(this.snap);
  }
}

/** Entries in memory (tests; and browsers without IndexedDB, where the box lasts as long as the tab). */
export function memoryOutboxStorage(initial: OutboxEntry[] = []): OutboxStorage & { data: Map<string, OutboxEntry> } {
  const data = new Map(initial.map((e) => [e.key, e]));
  return {
    data,
    getAll: () => Promise.resolve([...data.values()].map((e) => ({ ...e }))),
    put: (e) => {
      data.set(e.key, { ...e });
      return Promise.resolve();
    },
    remove: (key) => {
      data.delete(key);
      return Promise.resolve();
    },
  };
}

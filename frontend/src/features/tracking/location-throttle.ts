/** At most one point per second to the server (it drops anything faster than 2 per second per job). */
export const LOCATION_MIN_INTERVAL_MS = 1000;

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface ThrottledEmitter<T> {
  /** Offers a value: sent at once when the interval has passed, else kept (latest wins) and sent when it has. */
  push(value: T): void;
  /** Drops a pending value and stops the timer. */
  cancel(): void;
}

/**
 * Leading-edge throttle with a trailing send: the first value goes out at once, later ones at most once per
 * `intervalMs`, and the newest value offered during a quiet period is sent when it ends, so the last position
 * always reaches the customer.
 */
export function createThrottledEmitter<T>(send: (value: T) => void, intervalMs = LOCATION_MIN_INTERVAL_MS, clock: Clock = systemClock): ThrottledEmitter<T> {
  let lastSentAt: number | null = null;
  let pending: { value: T } | null = null;
  let timer: unknown = null;

  const flush = () => {
    timer = null;
    if (!pending) return;
    const { value } = pending;
    pending = null;
    lastSentAt = clock.now();
    send(value);
  };

  return {
    push(value) {
      const now = clock.now();
      if (lastSentAt === null || now - lastSentAt >= intervalMs) {
        if (timer !== null) {
          clock.clearTimeout(timer);
          timer = null;
        }
        pending = null;
        lastSentAt = now;
        send(value);
        return;
      }
      pending = { value };
      if (timer === null) timer = clock.setTimeout(flush, intervalMs - (now - lastSentAt));
    },
    cancel() {
      pending = null;
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
    },
  };
}

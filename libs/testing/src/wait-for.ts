export interface WaitForOptions {
  timeoutMs?: number;
  intervalMs?: number;
  /** Included in the timeout error. */
  message?: string;
}

/**
 * Polls `predicate` until it returns a truthy value (which is returned) or the timeout passes.
 * A predicate that throws counts as "not yet"; the last error is reported on timeout.
 */
export async function waitFor<T>(
  predicate: () => T | Promise<T>,
  { timeoutMs = 5000, intervalMs = 50, message }: WaitForOptions = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await predicate();
      if (value) return value as NonNullable<T>;
      lastError = undefined;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() >= deadline) {
      const why = lastError instanceof Error ? `; last error: ${lastError.message}` : '';
      throw new Error(`waitFor timed out after ${timeoutMs} ms${message ? ` (${message})` : ''}${why}`);
    }
    await sleep(intervalMs);
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

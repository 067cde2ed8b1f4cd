import { serviceMetrics } from '@tiredash/runtime';

/** Replies that carried an error, by the NATS message they answer (set by the server's publisher). */
const failed = new WeakSet<object>();

/** Marks the command/query `msg` as answered with an error (its reply packet has `err`). */
export function markRpcOutcome(msg: object, response: unknown): void {
  if (response && typeof response === 'object' && (response as { err?: unknown }).err !== undefined) failed.add(msg);
}

/** Records one handled command/query in tiredash_nats_handler_duration_seconds (subject without namespace). */
export function observeRpc(subject: string, msg: object, startedAt: bigint): void {
  const seconds = Number(process.hrtime.bigint() - startedAt) / 1e9;
  serviceMetrics().natsHandlerDuration.observe({ subject, outcome: failed.has(msg) ? 'error' : 'ok' }, seconds);
}

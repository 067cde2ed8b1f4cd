import { STREAMS, type StreamName } from '@tiredash/contracts';
import { type JetStreamManager, type StreamConfig, DiscardPolicy, RetentionPolicy, StorageType, nanos } from 'nats';
import { namespacedStream, namespacedSubject } from './messaging.options';

export const DLQ_STREAM = { name: 'DLQ', subjects: ['dlq.>'] } as const;

/** Window in which JetStream drops a second message with the same Nats-Msg-Id (the outbox event id). */
export const DUPLICATE_WINDOW_MS = 2 * 60 * 1000;

function desiredConfig(name: string, subjects: readonly string[], namespace: string): Partial<StreamConfig> & { name: string } {
  return {
    name: namespacedStream(namespace, name),
    subjects: subjects.map((s) => namespacedSubject(namespace, s)),
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    discard: DiscardPolicy.Old,
    duplicate_window: nanos(DUPLICATE_WINDOW_MS),
    max_age: nanos(7 * 24 * 3600 * 1000),
  };
}

const sameSubjects = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && [...a].sort().every((s, i) => s === [...b].sort()[i]);

/**
 * Creates the domain streams (and always the DLQ stream) or brings their subjects/limits in line.
 * Idempotent: an existing stream with the same config is left untouched.
 */
export async function ensureStreamsWith(jsm: JetStreamManager, names: readonly StreamName[], namespace = ''): Promise<void> {
  const wanted: Array<{ name: string; subjects: readonly string[] }> = [...new Set(names)].map((n) => STREAMS[n]);
  wanted.push(DLQ_STREAM);
  for (const s of wanted) {
    const cfg = desiredConfig(s.name, s.subjects, namespace);
    let current: StreamConfig | undefined;
    try {
      current = (await jsm.streams.info(cfg.name)).config;
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    if (!current) {
      try {
        await jsm.streams.add(cfg);
        continue;
      } catch (err) {
        // Another replica created it in between: fall through to the comparison.
        current = (await jsm.streams.info(cfg.name).catch(() => Promise.reject(err))).config;
      }
    }
    const differs =
      !sameSubjects(current.subjects ?? [], cfg.subjects ?? []) ||
      current.duplicate_window !== cfg.duplicate_window ||
      current.max_age !== cfg.max_age;
    if (differs) await jsm.streams.update(cfg.name, { ...current, ...cfg });
  }
}

export function isNotFound(err: unknown): boolean {
  const e = err as { code?: string; api_error?: { err_code?: number } };
  return e?.code === '404' || e?.api_error?.err_code === 10059 || e?.api_error?.err_code === 10014;
}

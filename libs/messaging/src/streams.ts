import { STREAMS, type StreamName } from '@tiredash/contracts';
import { type JetStreamManager, type StreamConfig, DiscardPolicy, RetentionPolicy, StorageType, nanos } from 'nats';
import { namespacedStream, namespacedSubject } from './messaging.options';

export const DLQ_STREAM = { name: 'DLQ', subjects: ['dlq.>'] } as const;

/** Window in which JetStream drops a second message with the same Nats-Msg-Id (the outbox event id). */
export const DUPLICATE_WINDOW_MS = 2 * 60 * 1000;

/** How long a stream keeps a message (and may still deliver it): 7 days. Inbox rows must outlive it. */
export const STREAM_MAX_AGE_MS = 7 * 24 * 3600 * 1000;

/**
 * NATS_STREAM_REPLICAS: how many copies JetStream keeps of every stream (default 1, a single server; the launcher's
 * `--replicas` sets 3 for its 3-node cluster). At most 5, and never more than the cluster has nodes.
 */
export function streamReplicas(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.NATS_STREAM_REPLICAS;
  if (raw === undefined || raw === '') return 1;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 5)
    throw new Error(`NATS_STREAM_REPLICAS must be an integer from 1 to 5 (got "${raw}")`);
  return n;
}

function desiredConfig(
  name: string,
  subjects: readonly string[],
  namespace: string,
  replicas: number,
): Partial<StreamConfig> & { name: string } {
  return {
    num_replicas: replicas,
    name: namespacedStream(namespace, name),
    subjects: subjects.map((s) => namespacedSubject(namespace, s)),
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    discard: DiscardPolicy.Old,
    duplicate_window: nanos(DUPLICATE_WINDOW_MS),
    max_age: nanos(STREAM_MAX_AGE_MS),
  };
}

const sameSubjects = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && [...a].sort().every((s, i) => s === [...b].sort()[i]);

/**
 * Creates the domain streams (and always the DLQ stream) or brings their subjects/limits in line.
 * Idempotent: an existing stream with the same config is left untouched.
 */
export async function ensureStreamsWith(
  jsm: JetStreamManager,
  names: readonly StreamName[],
  namespace = '',
  replicas = streamReplicas(),
): Promise<void> {
  const wanted: Array<{ name: string; subjects: readonly string[] }> = [...new Set(names)].map((n) => STREAMS[n]);
  wanted.push(DLQ_STREAM);
  for (const s of wanted) {
    const cfg = desiredConfig(s.name, s.subjects, namespace, replicas);
    // A busy cluster may let a JetStream API request time out (its default 5 s) while it settles: try again.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await ensureStream(jsm, cfg, replicas);
        break;
      } catch (err) {
        if (!isTimeout(err) || attempt >= 5) throw err;
      }
    }
  }
}

async function ensureStream(
  jsm: JetStreamManager,
  cfg: Partial<StreamConfig> & { name: string },
  replicas: number,
): Promise<void> {
  let current: StreamConfig | undefined;
  try {
    current = (await jsm.streams.info(cfg.name)).config;
  } catch (err) {
    if (!isNotFound(err)) throw err;
  }
  if (!current) {
    try {
      await jsm.streams.add(cfg);
      if (replicas > 1) await waitForStreamLeader(jsm, cfg.name);
      return;
    } catch (err) {
      // Another replica created it in between: fall through to the comparison.
      current = (await jsm.streams.info(cfg.name).catch(() => Promise.reject(err))).config;
    }
  }
  const differs =
    !sameSubjects(current.subjects ?? [], cfg.subjects ?? []) ||
    current.duplicate_window !== cfg.duplicate_window ||
    current.max_age !== cfg.max_age ||
    (current.num_replicas || 1) !== cfg.num_replicas;
  if (differs) await jsm.streams.update(cfg.name, { ...current, ...cfg });
  if (replicas > 1) await waitForStreamLeader(jsm, cfg.name);
}

function isTimeout(err: unknown): boolean {
  return (err as { code?: string })?.code === 'TIMEOUT';
}

/**
 * A replicated stream answers consumer requests only once its group has elected a leader: until then they time
 * out. Waits for the leader (a second or two on a fresh cluster) so that consumers are created after it.
 */
async function waitForStreamLeader(jsm: JetStreamManager, name: string, timeoutMs = 20000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const info = await jsm.streams.info(name).catch(() => undefined);
    if (info?.cluster?.leader) return;
    if (Date.now() > deadline)
      throw new Error(`JetStream stream ${name} has no leader after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export function isNotFound(err: unknown): boolean {
  const e = err as { code?: string; api_error?: { err_code?: number } };
  return e?.code === '404' || e?.api_error?.err_code === 10059 || e?.api_error?.err_code === 10014;
}

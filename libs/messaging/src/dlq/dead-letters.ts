import { type JetStreamClient, type JetStreamManager, type MsgHdrs, type StoredMsg, headers as natsHeaders } from 'nats';
import { namespacedStream, namespacedSubject } from '../messaging.options';
import { DLQ_STREAM, isNotFound } from '../streams';

/**
 * Dead letters: a consumer that gives up on an event (maxDeliver failed attempts, or a message it cannot parse)
 * publishes the message as it was to `dlq.<durable>` on the DLQ stream, with the headers Tiredash-Error,
 * Tiredash-Subject (where it was consumed from) and Tiredash-Deliveries, then terminates it
 * (libs/messaging/src/events/event-consumers.ts, services/realtime/src/fanout/jetstream-fanout.service.ts).
 * The DLQ stream keeps them for its max age (7 days). These functions list, read and replay them (`npm run dlq`).
 */
export interface DeadLetter {
  /** The DLQ stream's sequence number: the id `npm run dlq -- show|replay <id>` takes. */
  seq: number;
  /** The durable consumer that gave up on it. */
  consumer: string;
  /** The subject it was consumed from (namespaced as on the wire); a replay publishes it there again. */
  subject: string;
  eventId: string | null;
  error: string;
  deliveries: number | null;
  deadLetteredAt: Date;
  /** The envelope (JSON) when it parses, else null. */
  envelope: unknown;
  /** The raw message body. */
  data: Uint8Array;
  headers: MsgHdrs | undefined;
}

export const REPLAYED_FROM_HEADER = 'Tiredash-Replayed-From';
const DLQ_HEADERS = new Set(['tiredash-error', 'tiredash-subject', 'tiredash-deliveries']);

function dlqStream(namespace: string): string {
  return namespacedStream(namespace, DLQ_STREAM.name);
}

function toDeadLetter(m: StoredMsg, namespace: string): DeadLetter {
  const prefix = namespacedSubject(namespace, 'dlq.');
  let envelope: unknown = null;
  try {
    envelope = JSON.parse(new TextDecoder().decode(m.data));
  } catch {
    envelope = null;
  }
  const id = (envelope as { id?: unknown } | null)?.id;
  const h = m.header;
  const deliveries = Number(h?.get('Tiredash-Deliveries'));
  return {
    seq: m.seq,
    consumer: m.subject.startsWith(prefix) ? m.subject.slice(prefix.length) : m.subject,
    subject: h?.get('Tiredash-Subject') ?? '',
    eventId: typeof id === 'string' ? id : null,
    error: h?.get('Tiredash-Error') ?? '',
    deliveries: Number.isFinite(deliveries) && deliveries > 0 ? deliveries : null,
    deadLetteredAt: m.time,
    envelope,
    data: m.data,
    headers: h,
  };
}

/** Every dead letter still in the DLQ stream, oldest first (of one consumer when given). */
export async function listDeadLetters(jsm: JetStreamManager, namespace = '', consumer?: string): Promise<DeadLetter[]> {
  const stream = dlqStream(namespace);
  let state;
  try {
    state = (await jsm.streams.info(stream)).state;
  } catch (err) {
    if (isNotFound(err)) return [];
    throw err;
  }
  const out: DeadLetter[] = [];
  let found = 0;
  // Sequences between first and last may have been deleted (replayed): skip them.
  for (let seq = state.first_seq; seq <= state.last_seq && found < state.messages; seq += 1) {
    const m = await jsm.streams.getMessage(stream, { seq }).catch((err: unknown) => {
      if (isNotFound(err) || isNoMessage(err)) return null;
      throw err;
    });
    if (!m) continue;
    found += 1;
    const dead = toDeadLetter(m, namespace);
    if (consumer === undefined || dead.consumer === consumer) out.push(dead);
  }
  return out;
}

/** One dead letter by its DLQ sequence number, or by its event id (the newest with that id); null when none. */
export async function getDeadLetter(jsm: JetStreamManager, id: string, namespace = ''): Promise<DeadLetter | null> {
  if (/^\d+$/.test(id)) {
    const m = await jsm.streams.getMessage(dlqStream(namespace), { seq: Number(id) }).catch((err: unknown) => {
      if (isNotFound(err) || isNoMessage(err)) return null;
      throw err;
    });
    return m ? toDeadLetter(m, namespace) : null;
  }
  const all = await listDeadLetters(jsm, namespace);
  return all.filter((d) => d.eventId === id).pop() ?? null;
}

export interface ReplayResult {
  seq: number;
  consumer: string;
  subject: string;
  eventId: string | null;
  /** JetStream dropped the publish as a duplicate of a replay of the same dead letter moments ago. */
  duplicate: boolean;
}

/**
 * Publishes the dead letter's message again on the subject it was consumed from, then deletes it from the DLQ.
 * Every consumer of that subject gets it again: the one that gave up handles it (its inbox has no row for the
 * event, its failed transaction rolled back), the others skip it by their inbox (consumer, event id) dedupe, and
 * realtime by its delivery ledger. Replaying the same dead letter twice is harmless: its Nats-Msg-Id
 * (`replay:<DLQ stream>:<seq>`) makes JetStream drop a second publish within the duplicate window, and once deleted
 * from the DLQ it is no longer found.
 */
export async function replayDeadLetter(
  js: JetStreamClient,
  jsm: JetStreamManager,
  dead: DeadLetter,
  namespace = '',
): Promise<ReplayResult> {
  if (!dead.subject) throw new Error(`dead letter ${dead.seq} has no Tiredash-Subject header: nowhere to replay it`);
  const stream = dlqStream(namespace);
  const h = natsHeaders();
  copyHeaders(dead.headers, h);
  h.set(REPLAYED_FROM_HEADER, `${stream}:${dead.seq}`);
  const ack = await js.publish(dead.subject, dead.data, { headers: h, msgID: `replay:${stream}:${dead.seq}` });
  await jsm.streams.deleteMessage(stream, dead.seq, false).catch((err: unknown) => {
    if (!isNotFound(err) && !isNoMessage(err)) throw err;
  });
  return { seq: dead.seq, consumer: dead.consumer, subject: dead.subject, eventId: dead.eventId, duplicate: ack.duplicate };
}

/** The message's own headers (e.g. a traceparent), without the dead-lettering's. */
function copyHeaders(from: MsgHdrs | undefined, to: MsgHdrs): void {
  if (!from) return;
  for (const key of from.keys()) {
    if (DLQ_HEADERS.has(key.toLowerCase())) continue;
    for (const v of from.values(key)) to.append(key, v);
  }
}

function isNoMessage(err: unknown): boolean {
  const e = err as { api_error?: { err_code?: number }; message?: string };
  return e?.api_error?.err_code === 10037 || /no message found/i.test(e?.message ?? '');
}

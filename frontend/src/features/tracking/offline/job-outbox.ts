import type { SocketAck, SocketErrorCode } from '@tiredash/contracts';
import { errorMessage, errorStatus } from '../../../shared/api/api-error';
import { trackingOutboxMessages } from '../../../shared/i18n/locales/en/tracking';
import { idbOutboxStorage, webLock } from '../../../shared/offline/idb-outbox-storage';
import { isOnline } from '../../../shared/offline/network-status';
import { Outbox, PermanentFailure, type OutboxEntry, type OutboxSender } from '../../../shared/offline/outbox';
import type { RealtimeSocket } from '../../../shared/realtime/realtime-socket';

/** What the provider's job screen writes down while offline. */
export type JobOutboxKind = 'arrived' | 'completed' | 'location';

export interface ArrivedEntry {
  requestId: string;
  customerId: string;
  providerId: string;
  at: string;
}
export interface LocationEntry {
  requestId: string;
  customerId: string;
  lat: number;
  lng: number;
  /** Epoch ms when the device took the point. */
  at: number;
}

/** Offline, one point is kept per this interval (the customer's map and dispatch's track need no more). */
export const OFFLINE_POINT_EVERY_MS = 10_000;
/** At most this many points wait (an hour at one per 10 s); later ones are not kept until the box drains. */
export const OFFLINE_POINT_LIMIT = 360;
/** Replayed points leave at most 2 a second (realtime's default limit per job). */
export const REPLAY_POINT_GAP_MS = 550;
/** How long a replayed point waits for realtime's acknowledgement. */
export const REPLAY_ACK_TIMEOUT_MS = 10_000;

const boxes = new Map<string, Outbox>();

/** The provider's outbox (one per signed-in provider and tab, its entries in IndexedDB). */
export function jobOutbox(owner: string): Outbox {
  let box = boxes.get(owner);
  if (!box) {
    box = new Outbox({ storage: idbOutboxStorage(owner), isOnline, lock: webLock(`tiredash-outbox:${owner}`) });
    boxes.set(owner, box);
  }
  return box;
}

/** Refusals that will not pass by waiting: the entry is dropped (and, for arrival and completion, shown). */
const PERMANENT_CODES: ReadonlySet<SocketErrorCode> = new Set<SocketErrorCode>(['VALIDATION_FAILED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT']);

/** An RTK Query failure of a replayed command: a 4xx (other than 401, 408, 429) is final, the rest may pass. */
export function classifyHttpFailure(err: unknown, fallback: string): Error {
  const status = errorStatus(err);
  if (status !== null && status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429) {
    return new PermanentFailure(errorMessage(err, fallback));
  }
  return new Error(status === null ? 'No network' : errorMessage(err, `HTTP ${status}`));
}

export interface JobSenderDeps {
  /** POST /api/dispatch/jobs/{id}/arrived (RTK Query's mutation, unwrapped). */
  markArrived(requestId: string): Promise<unknown>;
  /** POST /api/dispatch/jobs/{id}/completed. */
  reportCompletion(requestId: string): Promise<unknown>;
  /** The live channel now (null or disconnected: points wait). */
  socket(): RealtimeSocket | null;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Sends one entry. Arrival and completion go over REST (the same commands as the `arrived` and `job_completed`
 * emits; REST answers reliably right after the network returns, when a socket may still be a dead one): the
 * server moves the request once, so an entry sent twice changes nothing the second time. A location point goes on
 * the live channel with its key (`pointId`) and its time (`at`): realtime forwards a key once.
 */
export function jobSender(deps: JobSenderDeps): OutboxSender {
  const now = deps.now ?? (() => Date.now());
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let lastPointAt = 0;
  return async (entry: OutboxEntry) => {
    const kind = entry.kind as JobOutboxKind;
    if (kind === 'arrived' || kind === 'completed') {
      const { requestId } = entry.payload as ArrivedEntry;
      const call = kind === 'arrived' ? deps.markArrived : deps.reportCompletion;
      try {
        await call(requestId);
      } catch (err) {
        const t = trackingOutboxMessages.get();
        throw classifyHttpFailure(err, kind === 'arrived' ? t.arrivedNotRecorded : t.completedNotRecorded);
      }
      return;
    }
    const p = entry.payload as LocationEntry;
    const socket = deps.socket();
    if (!socket || !socket.connected) throw new Error('Waiting for the live channel');
    const wait = lastPointAt + REPLAY_POINT_GAP_MS - now();
    if (wait > 0) await sleep(wait);
    lastPointAt = now();
    const ack = await new Promise<SocketAck | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), REPLAY_ACK_TIMEOUT_MS);
      socket.emit('driver_location_update', { lat: p.lat, lng: p.lng, customerId: p.customerId, requestId: p.requestId, pointId: entry.key, at: p.at }, (a) => {
        clearTimeout(timer);
        resolve(a);
      });
    });
    if (ack === null) throw new Error('The live channel did not answer');
    if (ack.ok) return;
    if (PERMANENT_CODES.has(ack.error.code)) throw new PermanentFailure(ack.error.message);
    throw new Error(ack.error.message);
  };
}

import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { isOnline } from '../../../shared/offline/network-status';
import type { OutboxRejection, OutboxSnapshot } from '../../../shared/offline/outbox';
import type { RealtimeSocket } from '../../../shared/realtime/realtime-socket';
import { useMarkArrivedMutation, useReportCompletionMutation } from '../api';
import type { DevicePoint } from '../hooks/use-location-stream';
import {
  jobOutbox,
  jobSender,
  OFFLINE_POINT_EVERY_MS,
  OFFLINE_POINT_LIMIT,
  type ArrivedEntry,
  type LocationEntry,
} from './job-outbox';

const EMPTY: OutboxSnapshot = { entries: [], rejected: [], sending: false };
const noop = () => () => undefined;

export interface JobOutbox {
  /** 'I AM HERE' and 'JOB COMPLETED' of this job waiting to be sent, oldest first. */
  waiting: { kind: 'arrived' | 'completed'; key: string }[];
  sending: boolean;
  /** Whether an action taken now must be written down instead of sent (offline, or older ones still waiting). */
  mustQueue(): boolean;
  queue(kind: 'arrived' | 'completed'): Promise<void>;
  /** For the location stream: takes a point when it must wait (thinned to one per OFFLINE_POINT_EVERY_MS). */
  takePoint(point: DevicePoint): boolean;
  /** Arrival or completion entries the server refused for good (to tell the provider once). */
  refused: OutboxRejection[];
  dismissRefused(): void;
}

interface Party {
  requestId: string;
  customerId: string;
  providerId: string | null;
}

/**
 * The job screen's side of the outbox: it attaches the sender while mounted (REST for arrival and completion,
 * the live channel for points), sends again when the browser comes back online or the socket reconnects, and
 * says what this job has waiting.
 */
export function useJobOutbox({ requestId, customerId, providerId }: Party, socket: RealtimeSocket | null): JobOutbox {
  const box = useMemo(() => (providerId ? jobOutbox(providerId) : null), [providerId]);
  const subscribe = useCallback((l: () => void) => (box ? box.subscribe(l) : noop()), [box]);
  const current = useCallback(() => (box ? box.snapshot() : EMPTY), [box]);
  const snap = useSyncExternalStore(subscribe, current, () => EMPTY);
  const [arrivedOverHttp] = useMarkArrivedMutation();
  const [completedOverHttp] = useReportCompletionMutation();
  const socketRef = useRef(socket);
  socketRef.current = socket;
  const lastPoint = useRef(0);

  useEffect(() => {
    if (!box) return undefined;
    const detach = box.attach(
      jobSender({
        markArrived: (id) => arrivedOverHttp(id).unwrap(),
        reportCompletion: (id) => completedOverHttp(id).unwrap(),
        socket: () => socketRef.current,
      }),
    );
    const again = () => void box.flush();
    window.addEventListener('online', again);
    return () => {
      window.removeEventListener('online', again);
      detach();
    };
  }, [box, arrivedOverHttp, completedOverHttp]);

  // Points wait for the live channel: send them when it (re)connects.
  useEffect(() => {
    if (!box || !socket) return undefined;
    const again = () => void box.flush();
    socket.on('connect', again);
    if (socket.connected) again();
    return () => socket.off('connect', again);
  }, [box, socket]);

  // The provider's own taps of this job (points are sent quietly behind them and never move the stage).
  const waiting = useMemo(
    () =>
      snap.entries
        .filter((e) => e.scope === requestId && (e.kind === 'arrived' || e.kind === 'completed'))
        .map((e) => ({ kind: e.kind as 'arrived' | 'completed', key: e.key })),
    [snap.entries, requestId],
  );

  const mustQueue = useCallback(() => !isOnline() || (box !== null && box.entries().length > 0), [box]);

  const queue = useCallback(
    async (kind: 'arrived' | 'completed') => {
      if (!box || !providerId) return;
      await box.enqueue<ArrivedEntry>(kind, requestId, { requestId, customerId, providerId, at: new Date().toISOString() });
    },
    [box, requestId, customerId, providerId],
  );

  const takePoint = useCallback(
    (point: DevicePoint) => {
      if (!box) return false;
      const s = socketRef.current;
      if (isOnline() && s?.connected && box.entries().length === 0) return false;
      // Kept thinned; the point not kept is dropped (the newest position still shows on the provider's own map).
      const points = box.entries().filter((e) => e.kind === 'location').length;
      if (point.at - lastPoint.current >= OFFLINE_POINT_EVERY_MS && points < OFFLINE_POINT_LIMIT) {
        lastPoint.current = point.at;
        void box.enqueue<LocationEntry>('location', requestId, { requestId, customerId, lat: point.lat, lng: point.lng, at: point.at });
      }
      return true;
    },
    [box, requestId, customerId],
  );

  const refused = useMemo(() => snap.rejected.filter((r) => r.entry.kind !== 'location' && r.entry.scope === requestId), [snap.rejected, requestId]);
  const dismissRefused = useCallback(() => box?.dismissRejected(), [box]);

  return { waiting, sending: snap.sending, mustQueue, queue, takePoint, refused, dismissRefused };
}

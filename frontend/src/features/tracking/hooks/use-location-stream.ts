import { useEffect, useRef, useState } from 'react';
import type { RealtimeSocket } from '../../../shared/realtime/realtime-socket';
import { createThrottledEmitter, LOCATION_MIN_INTERVAL_MS, systemClock, type Clock } from '../location-throttle';
import { trackingLocationMessages } from '../../../shared/i18n/locales/en/tracking';

/** The part of the browser's Geolocation API the stream uses (tests pass their own). */
export type PositionSource = Pick<Geolocation, 'watchPosition' | 'clearWatch'>;

/** Spec section 7: a continuous watch, high accuracy, no cached position. */
export const WATCH_OPTIONS: PositionOptions = { enableHighAccuracy: true, maximumAge: 0, timeout: 30000 };

export interface LocationStreamTarget {
  requestId: string;
  /** The customer's documentId (the job's customer). */
  customerId: string;
  /** Takes a point that cannot go now (offline: the provider app's outbox sends it later); true when it did. */
  takePoint?: (point: DevicePoint) => boolean;
}

export interface DevicePoint {
  lat: number;
  lng: number;
  at: number;
}

export interface LocationStream {
  position: DevicePoint | null;
  error: string | null;
  /** Points handed to the socket so far (at most one a second). */
  sent: number;
}

function defaultSource(): PositionSource | null {
  return typeof navigator !== 'undefined' && navigator.geolocation ? navigator.geolocation : null;
}

/**
 * The provider's device position while the job is active: every fix moves its own marker, and at most one point a
 * second goes to the customer as `driver_location_update {lat, lng, customerId, requestId}` (the newest fix of a
 * busy second is sent when it ends). While the socket is disconnected a point goes to `target.takePoint` when
 * given (the provider app's outbox), else it is dropped.
 */
export function useLocationStream(
  socket: RealtimeSocket | null,
  target: LocationStreamTarget | null,
  active: boolean,
  source: PositionSource | null = defaultSource(),
  clock: Clock = systemClock,
): LocationStream {
  const [position, setPosition] = useState<DevicePoint | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(0);
  const socketRef = useRef(socket);
  socketRef.current = socket;
  const requestId = target?.requestId ?? null;
  const customerId = target?.customerId ?? null;
  const takePoint = target?.takePoint;

  useEffect(() => {
    if (!active || !requestId || !customerId) return undefined;
    if (!source) {
      setError(trackingLocationMessages.get().unavailable);
      return undefined;
    }
    const emitter = createThrottledEmitter<DevicePoint>(
      (point) => {
        if (takePoint?.(point)) return;
        const { lat, lng } = point;
        const s = socketRef.current;
        if (!s || !s.connected) return;
        s.emit('driver_location_update', { lat, lng, customerId, requestId });
        setSent((n) => n + 1);
      },
      LOCATION_MIN_INTERVAL_MS,
      clock,
    );
    const watchId = source.watchPosition(
      (pos) => {
        const point = { lat: pos.coords.latitude, lng: pos.coords.longitude, at: clock.now() };
        setError(null);
        setPosition(point);
        emitter.push(point);
      },
      (err) => setError(err.code === err.PERMISSION_DENIED ? trackingLocationMessages.get().denied : trackingLocationMessages.get().failed),
      WATCH_OPTIONS,
    );
    return () => {
      source.clearWatch(watchId);
      emitter.cancel();
    };
  }, [active, requestId, customerId, takePoint, source, clock]);

  return { position, error, sent };
}

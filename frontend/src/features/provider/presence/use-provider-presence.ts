import type { ProviderPresenceBody, ProviderView } from '@tiredash/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { providerPresenceMessages } from '../../../shared/i18n/locales/en/provider';
import { useSetProviderPresenceMutation } from '../api';
import { PRESENCE_HEARTBEAT_MS, PRESENCE_POSITION_OPTIONS, positionErrorMessage, shouldSendFix, type Fix, type SentFix } from './presence.model';

/** The part of the browser's Geolocation API presence uses (tests pass their own). */
export type GeoSource = Pick<Geolocation, 'getCurrentPosition' | 'watchPosition' | 'clearWatch'>;

export interface ProviderPresence {
  /** The server's online flag (updated by every answer). */
  online: boolean;
  /** A switch is on its way to the server. */
  busy: boolean;
  /** Waiting for the device's first position. */
  locating: boolean;
  /** The last failure to show (server refusal, no position). */
  error: string | null;
  /** The browser refused the location permission. */
  locationDenied: boolean;
  goOnline(): Promise<void>;
  goOffline(): Promise<void>;
}

function defaultSource(): GeoSource | null {
  return typeof navigator !== 'undefined' && navigator.geolocation ? navigator.geolocation : null;
}

function toFix(pos: GeolocationPosition): Fix {
  return { lat: pos.coords.latitude, lng: pos.coords.longitude, accuracy: Math.round(pos.coords.accuracy) };
}

/**
 * The provider's Online/Offline switch. Going online asks for the device position (high accuracy) and sends it
 * with the switch; while online the position is watched and sent when it moved enough (throttled by time and
 * distance), and a heartbeat tells the server the app is still open (it sets silent providers offline). A refused
 * permission still goes online: the server then matches from the geocoded service address. Going offline stops
 * the watch and the heartbeat; the server forgets the live position.
 */
export function useProviderPresence(
  provider: Pick<ProviderView, 'documentId' | 'online'> | null,
  source: GeoSource | null = defaultSource(),
  heartbeatMs = PRESENCE_HEARTBEAT_MS,
): ProviderPresence {
  const [setPresence] = useSetProviderPresenceMutation();
  const id = provider?.documentId ?? null;
  const online = provider?.online === true;
  const [busy, setBusy] = useState(false);
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [locationDenied, setLocationDenied] = useState(false);
  const lastSent = useRef<SentFix | null>(null);
  // What the provider last chose: a late watch fix or heartbeat never turns a provider who chose Offline back on.
  const wantOnline = useRef(online);

  const send = useCallback(
    (body: ProviderPresenceBody) => {
      if (!id) return Promise.reject(new Error('No provider profile'));
      return setPresence({ id, body }).unwrap();
    },
    [id, setPresence],
  );

  const goOnline = useCallback(async () => {
    if (!id) return;
    wantOnline.current = true;
    setBusy(true);
    setError(null);
    let position: Fix | null = null;
    if (!source) {
      setError(providerPresenceMessages.get().unavailable);
    } else {
      setLocating(true);
      try {
        position = await new Promise<Fix>((resolve, reject) => source.getCurrentPosition((p) => resolve(toFix(p)), reject, PRESENCE_POSITION_OPTIONS));
        setLocationDenied(false);
      } catch (err) {
        const e = err as GeolocationPositionError;
        setLocationDenied(e.code === e.PERMISSION_DENIED);
        setError(positionErrorMessage(e));
      } finally {
        setLocating(false);
      }
    }
    try {
      await send({ online: true, position });
      lastSent.current = position ? { ...position, at: Date.now() } : null;
    } catch (err) {
      wantOnline.current = false;
      setError(errorMessage(err, providerPresenceMessages.get().onlineFailed));
    } finally {
      setBusy(false);
    }
  }, [id, source, send]);

  const goOffline = useCallback(async () => {
    if (!id) return;
    wantOnline.current = false;
    setBusy(true);
    setError(null);
    try {
      await send({ online: false });
      lastSent.current = null;
    } catch (err) {
      wantOnline.current = true;
      setError(errorMessage(err, providerPresenceMessages.get().offlineFailed));
    } finally {
      setBusy(false);
    }
  }, [id, send]);

  // While online: watch the device and send the position when it moved enough.
  useEffect(() => {
    if (!online || !id || !source) return undefined;
    wantOnline.current = true;
    const watchId = source.watchPosition(
      (pos) => {
        if (!wantOnline.current) return;
        const fix = toFix(pos);
        setLocationDenied(false);
        const now = Date.now();
        if (!shouldSendFix(lastSent.current, fix, now)) return;
        lastSent.current = { ...fix, at: now };
        send({ online: true, position: fix }).catch(() => {
          lastSent.current = null;
        });
      },
      (err) => {
        if (err.code !== err.PERMISSION_DENIED) return;
        setLocationDenied(true);
        setError(positionErrorMessage(err));
        // The permission was withdrawn: the last live position is no longer true.
        if (lastSent.current && wantOnline.current) {
          lastSent.current = null;
          send({ online: true, position: null }).catch(() => undefined);
        }
      },
      PRESENCE_POSITION_OPTIONS,
    );
    return () => source.clearWatch(watchId);
  }, [online, id, source, send]);

  // While online: the heartbeat (keeps the last position; the server sets a silent app offline).
  useEffect(() => {
    if (!online || !id) return undefined;
    const timer = setInterval(() => {
      if (wantOnline.current) send({ online: true }).catch(() => undefined);
    }, heartbeatMs);
    return () => clearInterval(timer);
  }, [online, id, send, heartbeatMs]);

  return { online, busy, locating, error, locationDenied, goOnline, goOffline };
}

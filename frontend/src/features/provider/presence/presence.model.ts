import { providerPresenceMessages } from '../../../shared/i18n/locales/en/provider';

/** How often the app tells the server it is still open while online (the server's silence timeout is 5 min). */
export const PRESENCE_HEARTBEAT_MS = 60_000;
/** At most one position update per this interval... */
export const PRESENCE_MIN_INTERVAL_MS = 15_000;
/** ...and only when the device moved at least this far (the server ignores smaller moves for matching). */
export const PRESENCE_MIN_MOVE_METERS = 100;

/** Spec section 7: high accuracy, no cached position. */
export const PRESENCE_POSITION_OPTIONS: PositionOptions = { enableHighAccuracy: true, maximumAge: 0, timeout: 20_000 };

export interface Fix {
  lat: number;
  lng: number;
  accuracy?: number;
}

export interface SentFix extends Fix {
  at: number;
}

/** Great-circle metres between two points. */
export function metersBetween(a: Fix, b: Fix): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whether a new device fix goes to the server: the first always, later ones throttled by time and distance. */
export function shouldSendFix(last: SentFix | null, fix: Fix, now: number): boolean {
  if (!last) return true;
  if (now - last.at < PRESENCE_MIN_INTERVAL_MS) return false;
  return metersBetween(last, fix) >= PRESENCE_MIN_MOVE_METERS;
}

/** The message for a Geolocation error, or null when the device simply has no fix yet. */
export function positionErrorMessage(err: Pick<GeolocationPositionError, 'code' | 'PERMISSION_DENIED'>, t = providerPresenceMessages.get()): string {
  return err.code === err.PERMISSION_DENIED ? t.denied : t.noFix;
}

/** What the provider is told about how it is matched while online. */
export function matchingNotice(
  online: boolean,
  livePosition: boolean,
  serviceAddress: string | null,
  hasBaseLocation: boolean,
  t = providerPresenceMessages.get(),
): string {
  if (!online) return t.noticeOffline;
  if (livePosition) return t.noticeLive;
  if (hasBaseLocation) return serviceAddress ? t.noticeBaseAt({ address: serviceAddress }) : t.noticeBase;
  return t.noticeNone;
}

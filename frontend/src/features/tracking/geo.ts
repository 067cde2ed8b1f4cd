import { LIMITS } from '@tiredash/contracts';
import type { LatLngValue } from './api';

const toRad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in miles (earth radius 3958.8, spec section 9). */
export function distanceMiles(a: LatLngValue, b: LatLngValue): number {
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * LIMITS.earthRadiusMiles * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A GeoJSON LineString's [lng, lat] pairs as Leaflet's [lat, lng]. */
export function lineFromGeoJson(coordinates: ReadonlyArray<readonly [number, number]>): Array<[number, number]> {
  return coordinates.map(([lng, lat]) => [lat, lng]);
}

export function formatMinutes(minutes: number): string {
  const m = Math.max(1, Math.round(minutes));
  return `${m} ${m === 1 ? 'minute' : 'minutes'}`;
}

/** The default travel estimate text until an ETA is known (spec section 9). */
export const DEFAULT_ESTIMATE = '12 minutes';

/** The default travel estimate until an ETA is known, in minutes (spec section 9: '12 minutes'). */
export const DEFAULT_ESTIMATE_MINUTES = 12;

/** The whole minutes an estimate shows (at least 1): the ETA when known, else the default (the screens say it in the current language). */
export function estimateMinutes(etaMinutes: number | null): number {
  return etaMinutes === null ? DEFAULT_ESTIMATE_MINUTES : Math.max(1, Math.round(etaMinutes));
}

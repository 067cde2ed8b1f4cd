import { LIMITS } from '@tiredash/contracts';

const toRad = (d: number): number => (d * Math.PI) / 180;
const toDeg = (r: number): number => (r * 180) / Math.PI;
const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

/**
 * The lat/lng bounding box of a circle of `radiusMiles` around (lat, lng) on a sphere of radius 3958.8 miles,
 * as a Postgres `box` literal with x = lng, y = lat. Latitude spans exactly +/- the angular radius; longitude
 * spans asin(sin(d)/cos(lat)) (the exact extreme), or the whole range when the circle reaches a pole.
 * Circles crossing the antimeridian are clamped at +/-180 (no service area there).
 */
export function coverageBox(lat: number, lng: number, radiusMiles: number): string {
  const d = radiusMiles / LIMITS.earthRadiusMiles;
  const dLat = toDeg(d);
  const minLat = clamp(lat - dLat, -90, 90);
  const maxLat = clamp(lat + dLat, -90, 90);
  const cosLat = Math.cos(toRad(lat));
  const s = Math.sin(Math.min(d, Math.PI / 2));
  let minLng = -180;
  let maxLng = 180;
  if (maxLat < 90 && minLat > -90 && s < cosLat) {
    const dLng = toDeg(Math.asin(s / cosLat));
    minLng = clamp(lng - dLng, -180, 180);
    maxLng = clamp(lng + dLng, -180, 180);
  }
  return `((${minLng},${minLat}),(${maxLng},${maxLat}))`;
}

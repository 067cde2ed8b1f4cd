import { z } from 'zod';

/** Query schemas of the geocoding and directions proxy (`/api/geo/*`), validated by the gateway and by dispatch. */

const latitude = z.coerce.number({ invalid_type_error: 'lat must be a number' }).min(-90).max(90);
const longitude = z.coerce.number({ invalid_type_error: 'lng must be a number' }).min(-180).max(180);

export const latLngSchema = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });
export type LatLng = z.infer<typeof latLngSchema>;

/**
 * `GET /api/geo/search?q=` (free text, 2-200 characters; `limit` 1-10, default 5). `autocomplete=1` marks a
 * search made while the user types: against a geocoder whose policy forbids autocomplete (the public Nominatim)
 * it is answered from the cache only, with `meta.autocomplete: false`; an explicit search (the default) asks it.
 */
export const geoSearchQuerySchema = z.object({
  q: z.string().trim().min(2, 'Type at least 2 characters').max(200),
  limit: z.coerce.number().int().min(1).max(10).default(5),
  autocomplete: z.preprocess((v) => v === true || v === '1' || v === 'true', z.boolean()),
});
export type GeoSearchQuery = z.infer<typeof geoSearchQuerySchema>;

/** `GET /api/geo/reverse?lat=&lng=` (`lon=` is accepted for `lng`, as Nominatim names it). */
export const geoReverseQuerySchema = z
  .object({ lat: latitude, lng: longitude.optional(), lon: longitude.optional() })
  .refine((v) => v.lng !== undefined || v.lon !== undefined, { message: 'lng (or lon) is required', path: ['lng'] })
  .transform((v) => ({ lat: v.lat, lng: (v.lng ?? v.lon) as number }));
export type GeoReverseQuery = z.infer<typeof geoReverseQuerySchema>;

/** `lat,lng` as text, e.g. `37.77,-122.42`. */
export const latLngTextSchema = z
  .string()
  .trim()
  .regex(/^-?\d+(\.\d+)?,\s*-?\d+(\.\d+)?$/, 'Use lat,lng (e.g. 37.77,-122.42)')
  .transform((s) => {
    const [lat, lng] = s.split(',').map((n) => Number(n.trim())) as [number, number];
    return { lat, lng };
  })
  .pipe(latLngSchema);

/** `GET /api/geo/route?from=lat,lng&to=lat,lng`. */
export const geoRouteQuerySchema = z.object({ from: latLngTextSchema, to: latLngTextSchema });
export type GeoRouteQuery = z.infer<typeof geoRouteQuerySchema>;

/** A point of the provider's live location stream: plausible coordinates only. */
export const plausibleCoordinates = (lat: number, lng: number): boolean =>
  Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180 && !(lat === 0 && lng === 0);

import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMemo, useRef } from 'react';
import { useGetRouteQuery, type LatLngValue } from '../api';
import { distanceMiles, lineFromGeoJson } from '../geo';

/** The route is asked again once the provider is this far from where the current one starts. */
export const REROUTE_AFTER_MILES = 0.5;

export interface RouteLine {
  /** [lat, lng] pairs: the directions service's route, else a straight line. */
  positions: Array<[number, number]>;
  /** Minutes to the destination when a route (or the server's straight-line fallback) answered. */
  etaMinutes: number | null;
  /** True when the line is the client's own straight line (no answer from /api/geo/route). */
  straight: boolean;
}

/**
 * The line from the provider (its latest position, else where it started) to the destination: GET /api/geo/route
 * when it answers, else a straight line. The route is re-asked only after the provider moved REROUTE_AFTER_MILES
 * from the route's start (the proxy is rate-limited per user).
 */
export function useRouteLine(from: LatLngValue | null, to: LatLngValue | null, enabled = true): RouteLine {
  const anchor = useRef<LatLngValue | null>(null);
  if (from && (!anchor.current || distanceMiles(anchor.current, from) >= REROUTE_AFTER_MILES)) anchor.current = from;
  const start = from ? anchor.current : null;
  const route = useGetRouteQuery(enabled && start && to ? { from: start, to } : skipToken);

  return useMemo(() => {
    const data = route.data;
    if (data && !route.isError && data.geometry.coordinates.length > 1) {
      const line = lineFromGeoJson(data.geometry.coordinates);
      // The live position leads the line while it is between re-routes.
      if (from) line[0] = [from.lat, from.lng];
      return { positions: line, etaMinutes: data.etaMinutes, straight: false };
    }
    if (from && to) return { positions: [[from.lat, from.lng], [to.lat, to.lng]], etaMinutes: null, straight: true };
    return { positions: [], etaMinutes: null, straight: true };
  }, [route.data, route.isError, from, to]);
}

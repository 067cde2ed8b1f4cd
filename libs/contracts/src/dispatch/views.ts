/** Shapes the dispatch service answers with (jobs, live location, geocoding, directions). */

/** Job progress after acceptance; `Cancelled` when the request was cancelled. */
export const JOB_STATUSES = ['En Route', 'Arrived', 'Completed', 'Cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export interface JobPointView {
  lat: number;
  lng: number;
  /** ISO time the point was recorded. */
  at: string;
}

export interface EtaView {
  /** Whole minutes, at least 1 while en route. */
  minutes: number;
  distanceMiles: number;
  /** `route`: the directions service's duration; `straight-line`: distance at AVERAGE_SPEED_MPH. */
  source: 'route' | 'straight-line';
}

/** `GET /api/dispatch/jobs/{requestId}`: the job of an accepted request, for its customer, its provider and admins. */
export interface JobView {
  id: string;
  documentId: string;
  requestId: string;
  status: JobStatus;
  providerId: string;
  customerId: string;
  paymentMethod: 'cash' | 'card';
  /** Dollars (the accepted bid's amount). */
  amount: number;
  /** The accepted bid's location (where the provider started); null when the bid had none. */
  origin: { lat: number; lng: number } | null;
  /** The request's location. */
  destination: { lat: number; lng: number; address: string | null };
  /** The provider's latest point (Redis), null before the first one. */
  latest: JobPointView | null;
  /** From the latest point (else the origin) to the destination while `En Route`; null otherwise or without a position. */
  eta: EtaView | null;
  /** The sampled track (at most one point per 10 s or 50 m), oldest first; only with `?track=true`. */
  track?: JobPointView[];
  acceptedAt: string;
  arrivedAt: string | null;
  completedAt: string | null;
  confirmedAt: string | null;
  cancelledAt: string | null;
  updatedAt: string;
}

/** What realtime needs to check a live location point (asked once per job and cached). */
export interface JobAccessView {
  requestId: string;
  providerId: string;
  providerUserId: string | null;
  customerId: string;
  customerUserId: string;
  status: JobStatus;
  /** True while the provider is expected to stream its position (En Route or Arrived). */
  active: boolean;
}

/** An address suggestion (spec section 3): Nominatim's `display_name`, `lat`, `lon` (numbers here). */
export interface AddressSuggestionView {
  display_name: string;
  lat: number;
  lon: number;
}

export interface GeoMeta {
  /** Where the answer came from; `none` with `fallback: true` when no geocoder answered. */
  source: 'geocoder' | 'cache' | 'none';
  cached: boolean;
  /** True when the upstream service did not answer and this is the fallback (empty suggestions). */
  fallback: boolean;
  reason?: string;
  /**
   * False when the geocoder serves no typing suggestions (the public Nominatim forbids autocomplete): a search
   * made while typing was answered from the cache only; the client should offer an explicit search.
   */
  autocomplete?: boolean;
}

/** `GET /api/geo/search` and `GET /api/geo/reverse` (reverse answers a list of at most one). */
export interface GeoSuggestionsView {
  data: AddressSuggestionView[];
  meta: GeoMeta;
}

export interface RouteView {
  from: { lat: number; lng: number };
  to: { lat: number; lng: number };
  distanceMiles: number;
  durationSeconds: number;
  /** Whole minutes (at least 1 unless from = to). */
  etaMinutes: number;
  /** GeoJSON LineString, coordinates as [lng, lat] (a straight segment in the fallback). */
  geometry: { type: 'LineString'; coordinates: Array<[number, number]> };
  source: 'osrm' | 'mapbox' | 'straight-line';
  cached: boolean;
  /** True when no directions service answered: a straight line at AVERAGE_SPEED_MPH. */
  fallback: boolean;
  reason?: string;
}

/** `GET /api/geo/route`: `{data: RouteView}`. */
export interface GeoRouteResponse {
  data: RouteView;
}

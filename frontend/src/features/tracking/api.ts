import type {
  GeoRouteResponse,
  Paged,
  JobView,
  PublicSettingsView,
  RatingCreateInput,
  RatingView,
  RouteView,
  ServiceRequestView,
} from '@tiredash/contracts';
import { baseApi } from '../../shared/api/base-api';
import { unwrapList, unwrapOne, type Enveloped } from '../../shared/api/unwrap';

export interface LatLngValue {
  lat: number;
  lng: number;
}

/** `lat,lng` as the route proxy takes it (5 decimals: about a metre, and a stable cache key). */
export function latLngParam(p: LatLngValue): string {
  return `${p.lat.toFixed(5)},${p.lng.toFixed(5)}`;
}

/** The History filters: a status (empty: all) and a range of local days ('2026-11-24', empty: open-ended). */
export interface JobHistoryArgs {
  providerId: string;
  status: string;
  from: string;
  to: string;
}

/** Local midnight of a 'YYYY-MM-DD' day, `plusDays` later. */
export function localDayStart(day: string, plusDays = 0): Date {
  const [y = 1970, m = 1, d = 1] = day.split('-').map(Number);
  return new Date(y, m - 1, d + plusDays);
}

export const trackingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/settings (public part): the map key the map needs. */
    getPublicSettings: build.query<PublicSettingsView, void>({
      query: () => ({ url: '/settings' }),
      transformResponse: (raw: Enveloped<PublicSettingsView>) => unwrapOne(raw),
      providesTags: ['Settings'],
      keepUnusedDataFor: 300,
    }),
    /** The provider's jobs (spec section 7: GET /service-requests filtered by provider documentId, newest first). */
    /** The provider's jobs, newest first, filtered on the server by status and created date (local days). */
    listProviderJobs: build.query<ServiceRequestView[], JobHistoryArgs>({
      query: ({ providerId, status, from, to }) => ({
        url: '/service-requests',
        params: {
          populate: '*',
          'filters[provider][documentId][$eq]': providerId,
          sort: 'createdAt:desc',
          'pagination[pageSize]': 50,
          ...(status ? { 'filters[tireStatus][$eq]': status } : {}),
          ...(from ? { 'filters[createdAt][$gte]': localDayStart(from).toISOString() } : {}),
          ...(to ? { 'filters[createdAt][$lt]': localDayStart(to, 1).toISOString() } : {}),
        },
      }),
      transformResponse: (raw: Paged<ServiceRequestView>) => unwrapList(raw),
      providesTags: ['ServiceRequests'],
    }),
    /** GET /api/dispatch/jobs/{requestId}: the job's progress, origin, destination, latest point and ETA. */
    getJob: build.query<JobView, string>({
      query: (requestId) => ({ url: `/dispatch/jobs/${encodeURIComponent(requestId)}` }),
      transformResponse: (raw: Enveloped<JobView>) => unwrapOne(raw),
      providesTags: (_r, _e, id) => [{ type: 'ServiceRequests', id: `job:${id}` }],
    }),
    /** GET /api/geo/route?from=lat,lng&to=lat,lng (a straight line from the server when no directions service answers). */
    getRoute: build.query<RouteView, { from: LatLngValue; to: LatLngValue }>({
      query: ({ from, to }) => ({ url: '/geo/route', params: { from: latLngParam(from), to: latLngParam(to) } }),
      transformResponse: (raw: GeoRouteResponse | RouteView) => ('data' in raw ? raw.data : raw),
      keepUnusedDataFor: 600,
    }),
    /** 'I AM HERE' over REST (POST /api/dispatch/jobs/{id}/arrived): the same command as the `arrived` socket event. */
    markArrived: build.mutation<ServiceRequestView, string>({
      query: (id) => ({ url: `/dispatch/jobs/${encodeURIComponent(id)}/arrived`, method: 'POST' }),
      transformResponse: (raw: Enveloped<ServiceRequestView>) => unwrapOne(raw),
    }),
    /** 'I AM HERE' although the provider's position is far: the reason an admin sees with the job. */
    markArrivedOverride: build.mutation<ServiceRequestView, { id: string; overrideReason: string }>({
      query: ({ id, overrideReason }) => ({ url: `/dispatch/jobs/${encodeURIComponent(id)}/arrived`, method: 'POST', body: { data: { overrideReason } } }),
      transformResponse: (raw: Enveloped<ServiceRequestView>) => unwrapOne(raw),
      invalidatesTags: (_r, _e, { id }) => ['ServiceRequests', { type: 'ServiceRequests', id }],
    }),
    /** 'Customer not here' (POST /api/dispatch/jobs/{id}/customer-absent), after the wait that follows arrival. */
    markCustomerAbsent: build.mutation<ServiceRequestView, string>({
      query: (id) => ({ url: `/dispatch/jobs/${encodeURIComponent(id)}/customer-absent`, method: 'POST' }),
      transformResponse: (raw: Enveloped<ServiceRequestView>) => unwrapOne(raw),
      invalidatesTags: (_r, _e, id) => ['ServiceRequests', { type: 'ServiceRequests', id }],
    }),
    /** 'JOB COMPLETED' over REST (POST /api/dispatch/jobs/{id}/completed): the same command as `job_completed`. */
    reportCompletion: build.mutation<ServiceRequestView, string>({
      query: (id) => ({ url: `/dispatch/jobs/${encodeURIComponent(id)}/completed`, method: 'POST' }),
      transformResponse: (raw: Enveloped<ServiceRequestView>) => unwrapOne(raw),
    }),
    /** The customer confirms completion: PUT /service-requests/{id} {data:{tireStatus:'Service Completed'}} (card: captured first). */
    confirmCompletion: build.mutation<ServiceRequestView, string>({
      query: (id) => ({ url: `/service-requests/${encodeURIComponent(id)}`, method: 'PUT', body: { data: { tireStatus: 'Service Completed' } } }),
      transformResponse: (raw: Enveloped<ServiceRequestView>) => unwrapOne(raw),
      invalidatesTags: (_r, _e, id) => ['ServiceRequests', { type: 'ServiceRequests', id }],
    }),
    /** POST /api/ratings {data:{provider_id, customer_id, request_id, rating, comment}}. */
    createRating: build.mutation<RatingView, RatingCreateInput>({
      query: (body) => ({ url: '/ratings', method: 'POST', body }),
      transformResponse: (raw: Enveloped<RatingView>) => unwrapOne(raw),
      invalidatesTags: (_r, _e, body) => {
        const id = body.data.request_id ?? body.data.requestId;
        return id ? ['ServiceRequests', { type: 'ServiceRequests', id }] : ['ServiceRequests'];
      },
    }),
  }),
});

export const {
  useGetPublicSettingsQuery,
  useGetJobQuery,
  useListProviderJobsQuery,
  useGetRouteQuery,
  useMarkArrivedMutation,
  useMarkArrivedOverrideMutation,
  useMarkCustomerAbsentMutation,
  useReportCompletionMutation,
  useConfirmCompletionMutation,
  useCreateRatingMutation,
} = trackingApi;

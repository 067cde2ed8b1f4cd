import type {
  BidCreateInput,
  BidView,
  MediaView,
  Paged,
  ServiceRequestCreateInput,
  ServiceRequestView,
} from '@tiredash/contracts';
import { baseApi } from '../../shared/api/base-api';
import { unwrapList, unwrapOne, type Enveloped } from '../../shared/api/unwrap';

/** An address suggestion of the geocoding proxy (spec section 3: display_name, lat, lon). */
export interface AddressSuggestion {
  display_name: string;
  lat: number;
  lon: number;
}

/** Typing suggestions, and whether the geocoder serves them at all. */
export interface AddressSuggestions {
  list: AddressSuggestion[];
  autocomplete: boolean;
}

interface RawSuggestion {
  display_name?: unknown;
  lat?: unknown;
  lon?: unknown;
  lng?: unknown;
}

/** Nominatim answers coordinates as text; anything without a name and finite coordinates is dropped. */
export function normaliseSuggestions(raw: Enveloped<RawSuggestion[]> | RawSuggestion): AddressSuggestion[] {
  const list = Array.isArray(raw) ? raw : unwrapList(raw as Enveloped<RawSuggestion[]>);
  const out: AddressSuggestion[] = [];
  for (const item of list) {
    if (typeof item !== 'object' || item === null) continue;
    const lat = Number(item.lat);
    const lon = Number(item.lon ?? item.lng);
    if (typeof item.display_name !== 'string' || !Number.isFinite(lat) || !Number.isFinite(lon)) continue;
    out.push({ display_name: item.display_name, lat, lon });
  }
  return out;
}

const OPEN = 'Bids Open';

export const requestsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in customer's requests, newest first. */
    listMyRequests: build.query<ServiceRequestView[], string | null>({
      query: (customerId) => ({
        url: '/service-requests',
        params: {
          populate: '*',
          sort: 'createdAt:desc',
          'pagination[pageSize]': 50,
          ...(customerId ? { 'filters[customer][documentId][$eq]': customerId } : {}),
        },
      }),
      transformResponse: (raw: Paged<ServiceRequestView>) => unwrapList(raw),
      providesTags: ['ServiceRequests'],
    }),
    /** The Bids Open requests offered to the signed-in (approved) provider, newest first. */
    listOfferedRequests: build.query<ServiceRequestView[], void>({
      query: () => ({
        url: '/service-requests',
        params: { populate: '*', 'filters[tireStatus][$eq]': OPEN, sort: 'createdAt:desc', 'pagination[pageSize]': 100 },
      }),
      transformResponse: (raw: Paged<ServiceRequestView>) => unwrapList(raw),
      providesTags: ['ServiceRequests'],
    }),
    getServiceRequest: build.query<ServiceRequestView, string>({
      query: (id) => ({
        url: `/service-requests/${encodeURIComponent(id)}`,
        params: { populate: 'customer,location,accepted_bid,accepted_bid.provider,photos' },
      }),
      transformResponse: (raw: Enveloped<ServiceRequestView>) => unwrapOne(raw),
      providesTags: (_r, _e, id) => [{ type: 'ServiceRequests', id }],
    }),
    createServiceRequest: build.mutation<ServiceRequestView, ServiceRequestCreateInput>({
      query: (body) => ({ url: '/service-requests', method: 'POST', body }),
      transformResponse: (raw: Enveloped<ServiceRequestView>) => unwrapOne(raw),
      invalidatesTags: ['ServiceRequests'],
    }),
    /** Accept: {tireStatus:'Accepted', accepted_bid}; cancel: {tireStatus:'Cancelled'} (the provider adds its cancelReason). */
    updateServiceRequest: build.mutation<
      ServiceRequestView,
      { id: string; data: { tireStatus: 'Accepted'; accepted_bid: string } | { tireStatus: 'Cancelled'; cancelReason?: string } }
    >({
      query: ({ id, data }) => ({ url: `/service-requests/${encodeURIComponent(id)}`, method: 'PUT', body: { data } }),
      transformResponse: (raw: Enveloped<ServiceRequestView>) => unwrapOne(raw),
      invalidatesTags: (_r, _e, { id }) => ['ServiceRequests', { type: 'ServiceRequests', id }, 'Bids'],
    }),
    listBids: build.query<BidView[], string>({
      query: (requestId) => ({ url: '/bids', params: { 'filters[requestId][$eq]': requestId, 'pagination[pageSize]': 100 } }),
      transformResponse: (raw: Paged<BidView>) => unwrapList(raw),
      providesTags: ['Bids'],
    }),
    placeBid: build.mutation<BidView, BidCreateInput>({
      query: (body) => ({ url: '/bids', method: 'POST', body }),
      transformResponse: (raw: Enveloped<BidView>) => unwrapOne(raw),
      invalidatesTags: ['Bids'],
    }),
    /** POST /upload (multipart, purpose request-photo): the uploaded images' ids. */
    uploadRequestPhotos: build.mutation<MediaView[], File[]>({
      query: (files) => {
        const form = new FormData();
        form.append('purpose', 'request-photo');
        for (const file of files) form.append('files', file, file.name);
        return { url: '/upload', method: 'POST', body: form };
      },
      transformResponse: (raw: Enveloped<MediaView[]>) => unwrapList(raw),
    }),
    /** An explicit search (the user asked for it, or a typed address is geocoded before it is saved). */
    searchAddress: build.query<AddressSuggestion[], string>({
      query: (q) => ({ url: '/geo/search', params: { q } }),
      transformResponse: (raw: Enveloped<RawSuggestion[]>) => normaliseSuggestions(raw),
    }),
    /**
     * Suggestions while the user types (`autocomplete=1`). `autocomplete: false` when the geocoder serves none
     * (the public Nominatim forbids autocomplete: only cached answers come back): offer an explicit search.
     */
    suggestAddress: build.query<AddressSuggestions, string>({
      query: (q) => ({ url: '/geo/search', params: { q, autocomplete: 1 } }),
      transformResponse: (raw: Enveloped<RawSuggestion[]> & { meta?: { autocomplete?: unknown } }) => ({
        list: normaliseSuggestions(raw),
        autocomplete: raw?.meta?.autocomplete !== false,
      }),
    }),
    reverseGeocode: build.query<AddressSuggestion | null, { lat: number; lng: number }>({
      query: ({ lat, lng }) => ({ url: '/geo/reverse', params: { lat, lon: lng } }),
      transformResponse: (raw: Enveloped<RawSuggestion[]> | RawSuggestion) => {
        const one = !Array.isArray(raw) && typeof raw === 'object' && raw !== null && 'display_name' in raw ? [raw] : raw;
        return normaliseSuggestions(one as Enveloped<RawSuggestion[]>)[0] ?? null;
      },
    }),
  }),
});

export const {
  useListMyRequestsQuery,
  useListOfferedRequestsQuery,
  useGetServiceRequestQuery,
  useCreateServiceRequestMutation,
  useUpdateServiceRequestMutation,
  useListBidsQuery,
  usePlaceBidMutation,
  useUploadRequestPhotosMutation,
  useLazySearchAddressQuery,
  useLazySuggestAddressQuery,
  useLazyReverseGeocodeQuery,
} = requestsApi;

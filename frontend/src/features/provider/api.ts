import type { ProviderCreateBody, ProviderPresenceBody, ProviderUpdateBody, ProviderView } from '@tiredash/contracts';
import { baseApi } from '../../shared/api/base-api';
import { listParams, toListPage, unwrapOne, type Enveloped, type ListArgs, type ListPage } from '../../shared/api/unwrap';

export const providerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createProvider: build.mutation<ProviderView, ProviderCreateBody>({
      query: (body) => ({ url: '/providers', method: 'POST', body }),
      transformResponse: (raw: Enveloped<ProviderView>) => unwrapOne(raw),
      invalidatesTags: ['Me', 'PendingProviders'],
    }),
    getProvider: build.query<ProviderView, string>({
      query: (id) => ({ url: `/providers/${encodeURIComponent(id)}`, params: { populate: '*' } }),
      transformResponse: (raw: Enveloped<ProviderView>) => unwrapOne(raw),
      providesTags: (_result, _error, id) => [{ type: 'Provider', id }],
    }),
    /** Providers whose isApproved is unset (spec: the pending list); paged and searchable. */
    listPendingProviders: build.query<ListPage<ProviderView>, ListArgs>({
      query: (args) => ({ url: '/providers', params: { 'filters[isApproved][$null]': 'true', populate: '*', ...listParams(args) } }),
      transformResponse: (raw: Parameters<typeof toListPage<ProviderView>>[0]) => toListPage(raw),
      providesTags: ['PendingProviders'],
    }),
    updateProvider: build.mutation<ProviderView, { id: string; body: ProviderUpdateBody }>({
      query: ({ id, body }) => ({ url: `/providers/${encodeURIComponent(id)}`, method: 'PUT', body }),
      transformResponse: (raw: Enveloped<ProviderView>) => unwrapOne(raw),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Provider', id }, 'PendingProviders', 'Users', 'Me'],
    }),
    /**
     * The Online/Offline switch, the device position while online and the heartbeat. The answer refreshes the
     * cached profile in place (no refetch per heartbeat).
     */
    setProviderPresence: build.mutation<ProviderView, { id: string; body: ProviderPresenceBody }>({
      query: ({ id, body }) => ({ url: `/providers/${encodeURIComponent(id)}/presence`, method: 'PUT', body }),
      transformResponse: (raw: Enveloped<ProviderView>) => unwrapOne(raw),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(providerApi.util.upsertQueryData('getProvider', id, data));
        } catch {
          // the caller shows the error
        }
      },
    }),
  }),
});

export const { useSetProviderPresenceMutation } = providerApi;
export const { useCreateProviderMutation, useGetProviderQuery, useListPendingProvidersQuery, useUpdateProviderMutation } = providerApi;

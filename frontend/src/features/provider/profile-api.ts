import type { ProviderView } from '@tiredash/contracts';
import { baseApi } from '../../shared/api/base-api';
import { unwrapOne, type Enveloped } from '../../shared/api/unwrap';
import type { ProviderProfileUpdate } from './provider-profile.form';

/** The profile editor's save: PUT /providers/{id} with service_types comma-joined (spec section 3). */
export const providerProfileApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    updateProviderProfile: build.mutation<ProviderView, { id: string; body: ProviderProfileUpdate }>({
      query: ({ id, body }) => ({ url: `/providers/${encodeURIComponent(id)}`, method: 'PUT', body }),
      transformResponse: (raw: Enveloped<ProviderView>) => unwrapOne(raw),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Provider', id }, 'PendingProviders', 'Users', 'Me'],
    }),
  }),
});

export const { useUpdateProviderProfileMutation } = providerProfileApi;

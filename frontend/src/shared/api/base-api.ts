import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { env } from '../env';

interface TokenState {
  auth: { token: string | null };
}

/** The one RTK Query API; every feature injects its endpoints into it (features/<feature>/api.ts). */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({
    baseUrl: env.apiBaseUrl,
    prepareHeaders: (headers, { getState }) => {
      const token = (getState() as TokenState).auth.token;
      if (token) headers.set('Authorization', `Bearer ${token}`);
      return headers;
    },
  }),
  tagTypes: ['Me', 'Users', 'Provider', 'PendingProviders', 'Home', 'ServiceRequests', 'Bids', 'Settings', 'ContentPage', 'AdminStats', 'AuditLog'],
  endpoints: () => ({}),
});

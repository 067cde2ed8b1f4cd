import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { env } from '../env';
import { renewSession, tokenOf } from './session-renewal';

const rawBaseQuery = fetchBaseQuery({
  baseUrl: env.apiBaseUrl,
  // The refresh cookie is set by login/register and sent back to /api/auth only (its Path).
  credentials: 'include',
  prepareHeaders: (headers, { getState }) => {
    const token = tokenOf(getState());
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

/** Calls whose 401 means what it says (bad credentials, no session): never answered with a refresh. */
const NO_RENEWAL = /^\/auth\/(local|refresh|logout)/;

/**
 * fetchBaseQuery, and on a 401 to a signed-in call (the access token expired, or a role or standing change ended it):
 * one refresh for the whole page (renewSession), then the call once more with the new token. A refused refresh
 * ends the session (to /login); an unreachable server keeps it and answers the 401.
 */
export const baseQueryWithRenewal: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  const used = tokenOf(api.getState());
  let result = await rawBaseQuery(args, api, extra);
  const url = typeof args === 'string' ? args : args.url;
  if (result.error?.status !== 401 || !used || NO_RENEWAL.test(url)) return result;
  // Another call may have renewed the token meanwhile: then only retry.
  const current = tokenOf(api.getState());
  const outcome = current && current !== used ? 'renewed' : await renewSession(api.dispatch);
  if (outcome === 'renewed') result = await rawBaseQuery(args, api, extra);
  // The previous user's cached answers go with the session (as at logout), once the calls in hand have settled
  // (a reset under a running query would answer it with nothing).
  else if (outcome === 'ended') setTimeout(() => api.dispatch(baseApi.util.resetApiState()), 0);
  return result;
};

/** The one RTK Query API; every feature injects its endpoints into it (features/<feature>/api.ts). */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithRenewal,
  tagTypes: ['Me', 'Users', 'Provider', 'PendingProviders', 'Home', 'ServiceRequests', 'Bids', 'Settings', 'ContentPage', 'AdminStats', 'AuditLog'],
  endpoints: () => ({}),
});

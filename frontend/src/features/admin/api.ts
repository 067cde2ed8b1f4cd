import type { UserView } from '@tiredash/contracts';
import { baseApi } from '../../shared/api/base-api';
import { unwrapList, type Enveloped } from '../../shared/api/unwrap';

export const adminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /users: every user except admins (the server excludes them), with role and profiles. */
    listUsers: build.query<UserView[], void>({
      query: () => ({ url: '/users', params: { populate: '*' } }),
      transformResponse: (raw: Enveloped<UserView[]>) => unwrapList(raw),
      providesTags: ['Users'],
    }),
  }),
});

export const { useListUsersQuery } = adminApi;

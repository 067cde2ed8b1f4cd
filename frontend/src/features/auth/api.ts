import type { AuthResponse, LoginBody, RegisterBody, UserView } from '@tiredash/contracts';
import { baseApi } from '../../shared/api/base-api';

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<AuthResponse, LoginBody>({
      query: (body) => ({ url: '/auth/local', method: 'POST', body }),
    }),
    register: build.mutation<AuthResponse, RegisterBody>({
      query: (body) => ({ url: '/auth/local/register', method: 'POST', body }),
    }),
    me: build.query<UserView, void>({
      query: () => ({ url: '/users/me', params: { populate: '*' } }),
      providesTags: ['Me'],
    }),
  }),
});

export const { useLoginMutation, useRegisterMutation, useMeQuery, useLazyMeQuery } = authApi;

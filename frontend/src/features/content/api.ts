import { baseApi } from '../../shared/api/base-api';
import { resolveHomeContent, type HomeContent } from './home-content';

export const contentApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getHome: build.query<HomeContent, void>({
      query: () => ({ url: '/home', params: { populate: '*' } }),
      transformResponse: (raw: unknown) => resolveHomeContent(raw),
      providesTags: ['Home'],
    }),
  }),
});

export const { useGetHomeQuery } = contentApi;

import type { MediaView } from '@tiredash/contracts';
import { baseApi } from '../api/base-api';
import { unwrapOne, type Enveloped } from '../api/unwrap';

/**
 * An uploaded file by id (`GET /api/upload/files/{id}`, the Strapi upload route): what a stored reference
 * such as a provider's businessId needs to show its image.
 */
export const mediaApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUploadFile: build.query<MediaView, string>({
      query: (id) => ({ url: `/upload/files/${encodeURIComponent(id)}` }),
      transformResponse: (raw: Enveloped<MediaView>) => unwrapOne(raw),
    }),
  }),
});

export const { useGetUploadFileQuery, useLazyGetUploadFileQuery } = mediaApi;

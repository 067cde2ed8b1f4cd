import type { ExtraAnswer, JobExtraCreateInput, JobExtraView } from '@tiredash/contracts';
import { baseApi } from '../../../shared/api/base-api';
import { unwrapOne, type Enveloped } from '../../../shared/api/unwrap';

/** Extras (issue 13 item 1): POST /api/service-requests/{id}/extras, PUT /api/service-requests/{id}/extras/{extraId}. */
export const extrasApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    addJobExtra: build.mutation<JobExtraView, { requestId: string } & JobExtraCreateInput>({
      query: ({ requestId, data }) => ({ url: `/service-requests/${encodeURIComponent(requestId)}/extras`, method: 'POST', body: { data } }),
      transformResponse: (raw: Enveloped<JobExtraView>) => unwrapOne(raw),
      invalidatesTags: (_r, _e, { requestId }) => [{ type: 'ServiceRequests', id: requestId }],
    }),
    answerJobExtra: build.mutation<JobExtraView, { requestId: string; extraId: string; status: ExtraAnswer }>({
      query: ({ requestId, extraId, status }) => ({
        url: `/service-requests/${encodeURIComponent(requestId)}/extras/${encodeURIComponent(extraId)}`,
        method: 'PUT',
        body: { data: { status } },
      }),
      transformResponse: (raw: Enveloped<JobExtraView>) => unwrapOne(raw),
      invalidatesTags: (_r, _e, { requestId }) => [{ type: 'ServiceRequests', id: requestId }],
    }),
  }),
});

export const { useAddJobExtraMutation, useAnswerJobExtraMutation } = extrasApi;

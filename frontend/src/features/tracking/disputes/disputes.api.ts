import type { DisputeCategory, DisputeView } from '@tiredash/contracts';
import { baseApi } from '../../../shared/api/base-api';
import { unwrapOne, type Enveloped } from '../../../shared/api/unwrap';

/** Reports of a problem with a job (issue 13 item 7): GET/POST /api/service-requests/{id}/reports. */
export const disputesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listJobReports: build.query<DisputeView[], string>({
      query: (requestId) => ({ url: `/service-requests/${encodeURIComponent(requestId)}/reports` }),
      transformResponse: (raw: Enveloped<DisputeView[]>) => unwrapOne(raw),
      keepUnusedDataFor: 0,
    }),
    reportProblem: build.mutation<DisputeView, { requestId: string; category: DisputeCategory; description: string }>({
      query: ({ requestId, category, description }) => ({
        url: `/service-requests/${encodeURIComponent(requestId)}/reports`,
        method: 'POST',
        body: { data: { category, description } },
      }),
      transformResponse: (raw: Enveloped<DisputeView>) => unwrapOne(raw),
      invalidatesTags: ['AdminStats'],
    }),
  }),
});

export const { useListJobReportsQuery, useReportProblemMutation } = disputesApi;

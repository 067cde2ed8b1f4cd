import type { DisputeView, JobLocationSummary, JobMessageView, RefundView, RequestPaymentsTimeline, RequestTimelinePart } from '@tiredash/contracts';
import { baseApi } from '../../shared/api/base-api';
import { unwrapOne, type Enveloped } from '../../shared/api/unwrap';

/** GET /api/admin/service-requests/{id}/timeline: what each service knows of a request. */
export interface AdminRequestTimeline extends RequestTimelinePart {
  location: JobLocationSummary;
  payments: RequestPaymentsTimeline;
  messages: JobMessageView[];
}

/** The admin's side of disputes (issue 13 item 7): a request's timeline, refunds, resolving reports. */
export const adminDisputesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminTimeline: build.query<AdminRequestTimeline, string>({
      query: (requestId) => ({ url: `/admin/service-requests/${encodeURIComponent(requestId)}/timeline` }),
      transformResponse: (raw: Enveloped<AdminRequestTimeline>) => unwrapOne(raw),
      keepUnusedDataFor: 0,
    }),
    refundJob: build.mutation<RefundView, { requestId: string; amount: number; refundId: string; disputeId?: string | null }>({
      query: ({ requestId, amount, refundId, disputeId }) => ({
        url: `/admin/service-requests/${encodeURIComponent(requestId)}/refunds`,
        method: 'POST',
        body: { data: { amount, refundId, ...(disputeId ? { disputeId } : {}) } },
      }),
      transformResponse: (raw: Enveloped<RefundView>) => unwrapOne(raw),
    }),
    resolveReport: build.mutation<DisputeView, { reportId: string; resolutionNote: string }>({
      query: ({ reportId, resolutionNote }) => ({
        url: `/reports/${encodeURIComponent(reportId)}`,
        method: 'PUT',
        body: { data: { status: 'resolved', resolutionNote } },
      }),
      transformResponse: (raw: Enveloped<DisputeView>) => unwrapOne(raw),
      invalidatesTags: ['AdminStats'],
    }),
  }),
});

export const { useGetAdminTimelineQuery, useRefundJobMutation, useResolveReportMutation } = adminDisputesApi;

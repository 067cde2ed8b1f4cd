import type { FixScheduledHoldBody, SaveCardBody, ScheduledHoldView } from '@tiredash/contracts';
import { baseApi } from '../../shared/api/base-api';
import { payUrl } from './api';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['ScheduledHold', 'RequestPayment'] });

/**
 * Holds that survive scheduling (issue 13 item 3): the card saved for a request scheduled far out (no hold at
 * posting), the request's scheduled hold (saved, held, failed), and the customer's fix of a failed authorisation.
 */
export const scheduledHoldApi = api.injectEndpoints({
  endpoints: (build) => ({
    saveCardForLater: build.mutation<ScheduledHoldView, SaveCardBody>({
      query: (body) => ({ url: payUrl('/api/payments/save-card'), method: 'POST', body }),
    }),
    getScheduledHold: build.query<ScheduledHoldView, string>({
      query: (requestId) => ({ url: payUrl(`/api/payments/request/${encodeURIComponent(requestId)}/scheduled-hold`) }),
      providesTags: (_r, _e, requestId) => [{ type: 'ScheduledHold', id: requestId }],
    }),
    fixScheduledHold: build.mutation<ScheduledHoldView, { requestId: string } & FixScheduledHoldBody>({
      query: ({ requestId, ...body }) => ({ url: payUrl(`/api/payments/request/${encodeURIComponent(requestId)}/scheduled-hold/card`), method: 'POST', body }),
      invalidatesTags: (_r, _e, { requestId }) => [
        { type: 'ScheduledHold', id: requestId },
        { type: 'RequestPayment', id: requestId },
      ],
    }),
  }),
});

export const { useSaveCardForLaterMutation, useGetScheduledHoldQuery, useFixScheduledHoldMutation } = scheduledHoldApi;

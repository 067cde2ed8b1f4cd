import type { Paged, ServiceRequestView } from '@tiredash/contracts';
import { baseApi } from '../../shared/api/base-api';

/** The admin's list of every service request (GET /api/service-requests: all of them for an admin), newest first. */
export const adminRequestsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listAdminRequests: build.query<Paged<ServiceRequestView>, { page: number; pageSize: number }>({
      query: ({ page, pageSize }) => ({
        url: '/service-requests',
        params: { populate: '*', sort: 'createdAt:desc', 'pagination[page]': page, 'pagination[pageSize]': pageSize },
      }),
      providesTags: ['ServiceRequests'],
    }),
  }),
});

export const { useListAdminRequestsQuery } = adminRequestsApi;

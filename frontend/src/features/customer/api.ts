import type { CustomerCreateBody, CustomerUpdateBody, CustomerView } from '@tiredash/contracts';
import { baseApi } from '../../shared/api/base-api';
import { unwrapOne, type Enveloped } from '../../shared/api/unwrap';

export const customerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createCustomer: build.mutation<CustomerView, CustomerCreateBody>({
      query: (body) => ({ url: '/customers', method: 'POST', body }),
      transformResponse: (raw: Enveloped<CustomerView>) => unwrapOne(raw),
      invalidatesTags: ['Me'],
    }),
    updateCustomer: build.mutation<CustomerView, { id: string; body: CustomerUpdateBody }>({
      query: ({ id, body }) => ({ url: `/customers/${encodeURIComponent(id)}`, method: 'PUT', body }),
      transformResponse: (raw: Enveloped<CustomerView>) => unwrapOne(raw),
      invalidatesTags: ['Users', 'Me'],
    }),
  }),
});

export const { useCreateCustomerMutation, useUpdateCustomerMutation } = customerApi;

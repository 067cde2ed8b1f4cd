import type { ReportQuery, ReportsView } from '@tiredash/contracts';
import { baseApi } from '../../shared/api/base-api';
import { unwrapOne, type Enveloped } from '../../shared/api/unwrap';

export const reportsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /reports: the Reports and Analytics figures of a range (docs/reports.md), fresh on every ask. */
    getReports: build.query<ReportsView, ReportQuery>({
      query: (q) => ({
        url: '/reports',
        params: Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')),
        cache: 'no-store',
      }),
      transformResponse: (raw: Enveloped<ReportsView>) => unwrapOne(raw),
    }),
  }),
});

export const { useGetReportsQuery } = reportsApi;

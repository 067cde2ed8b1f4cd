import type {
  AdminStatsView,
  AuditEntryView,
  LogoView,
  Paged,
  PageData,
  PageView,
  SettingsData,
  SettingsView,
  UserView,
} from '@tiredash/contracts';
import { baseApi } from '../../shared/api/base-api';
import { listParams, toListPage, unwrapOne, type Enveloped, type ListArgs, type ListPage } from '../../shared/api/unwrap';
import type { ContentPagePath } from '../content/api';

/** What each PUT /api/<page> accepts inside {data}. */
export interface PageUpdates {
  home: PageData<'home'>;
  about: PageData<'about'>;
  contact: PageData<'contact'>;
  careers: PageData<'careers'>;
  'privacy-policy': PageData<'privacy'>;
  'terms-of-service': PageData<'terms'>;
}

type PageUpdate = { [P in keyof PageUpdates]: { page: P; data: PageUpdates[P] } }[keyof PageUpdates];

export const adminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /users: every user except admins (the server excludes them), with role and profiles; paged and searchable. */
    listUsers: build.query<ListPage<UserView>, ListArgs>({
      query: (args) => ({ url: '/users', params: { populate: '*', ...listParams(args) } }),
      transformResponse: (raw: Parameters<typeof toListPage<UserView>>[0]) => toListPage(raw),
      providesTags: ['Users'],
    }),
    /** GET /dashboard: the stat tiles. */
    getAdminStats: build.query<AdminStatsView, void>({
      query: () => ({ url: '/dashboard' }),
      transformResponse: (raw: Enveloped<AdminStatsView>) => unwrapOne(raw),
      providesTags: ['AdminStats'],
    }),
    /** GET /settings as an admin: toggles, fees, map key and the payment secret key masked. */
    getSettings: build.query<SettingsView, void>({
      query: () => ({ url: '/settings', cache: 'no-store' }),
      transformResponse: (raw: Enveloped<SettingsView>) => unwrapOne(raw),
      providesTags: ['Settings'],
    }),
    updateSettings: build.mutation<SettingsView, SettingsData>({
      query: (data) => ({ url: '/settings', method: 'PUT', body: { data } }),
      transformResponse: (raw: Enveloped<SettingsView>) => unwrapOne(raw),
      invalidatesTags: ['Settings', 'AuditLog'],
    }),
    /** PUT /logo with an uploaded image id (null removes it). */
    setLogo: build.mutation<LogoView | null, string | null>({
      query: (id) => ({ url: '/logo', method: 'PUT', body: { data: { logo: id } } }),
      transformResponse: (raw: Enveloped<LogoView | null>) => (raw === null ? null : unwrapOne(raw)),
      invalidatesTags: ['Home', 'AuditLog'],
    }),
    /** PUT /home, /about, /contact, /careers, /privacy-policy, /terms-of-service. */
    updatePage: build.mutation<PageView, PageUpdate>({
      query: ({ page, data }) => ({ url: `/${page}`, method: 'PUT', body: { data } }),
      transformResponse: (raw: Enveloped<PageView>) => unwrapOne(raw),
      invalidatesTags: (_result, _error, { page }) =>
        page === 'home' ? ['Home', 'AuditLog'] : [{ type: 'ContentPage', id: page satisfies ContentPagePath }, 'AuditLog'],
    }),
    /** GET /audit-log, newest first. */
    listAuditLog: build.query<Paged<AuditEntryView>, { page: number; pageSize: number }>({
      query: ({ page, pageSize }) => ({
        url: '/audit-log',
        params: { 'pagination[page]': page, 'pagination[pageSize]': pageSize },
        cache: 'no-store',
      }),
      providesTags: ['AuditLog'],
    }),
  }),
});

export const {
  useListUsersQuery,
  useGetAdminStatsQuery,
  useGetSettingsQuery,
  useUpdateSettingsMutation,
  useSetLogoMutation,
  useUpdatePageMutation,
  useListAuditLogQuery,
} = adminApi;

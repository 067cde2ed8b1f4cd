import type { AboutView, CareersView, ContactView, HomeView, PrivacyView, TermsView } from '@tiredash/contracts';
import { baseApi } from '../../shared/api/base-api';
import { unwrapOne, type Enveloped } from '../../shared/api/unwrap';
import { resolveHomeContent, type HomeContent } from './home-content';

/**
 * Public content. The gateway answers with an ETag and a short max-age; `cache: 'no-cache'` makes the
 * browser revalidate every time (a cheap 304 when nothing changed), so an admin's change shows at once.
 */
const fresh = { cache: 'no-cache' } as const;

/** The static pages, by the path of their route. */
export type ContentPagePath = 'about' | 'contact' | 'careers' | 'privacy-policy' | 'terms-of-service';
export interface ContentPageViews {
  about: AboutView;
  contact: ContactView;
  careers: CareersView;
  'privacy-policy': PrivacyView;
  'terms-of-service': TermsView;
}

export const contentApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The landing page's content, merged with the built-in defaults. */
    getHome: build.query<HomeContent, void>({
      query: () => ({ url: '/home', params: { populate: '*' }, ...fresh }),
      transformResponse: (raw: unknown) => resolveHomeContent(raw),
      providesTags: ['Home'],
    }),
    /** The homepage content exactly as stored (the admin editor). */
    getHomeView: build.query<HomeView, void>({
      query: () => ({ url: '/home', params: { populate: '*' }, ...fresh }),
      transformResponse: (raw: Enveloped<HomeView>) => unwrapOne(raw),
      providesTags: ['Home'],
    }),
    getAbout: build.query<AboutView, void>({
      query: () => ({ url: '/about', ...fresh }),
      transformResponse: (raw: Enveloped<AboutView>) => unwrapOne(raw),
      providesTags: [{ type: 'ContentPage', id: 'about' }],
    }),
    getContact: build.query<ContactView, void>({
      query: () => ({ url: '/contact', ...fresh }),
      transformResponse: (raw: Enveloped<ContactView>) => unwrapOne(raw),
      providesTags: [{ type: 'ContentPage', id: 'contact' }],
    }),
    getCareers: build.query<CareersView, void>({
      query: () => ({ url: '/careers', ...fresh }),
      transformResponse: (raw: Enveloped<CareersView>) => unwrapOne(raw),
      providesTags: [{ type: 'ContentPage', id: 'careers' }],
    }),
    getPrivacy: build.query<PrivacyView, void>({
      query: () => ({ url: '/privacy-policy', ...fresh }),
      transformResponse: (raw: Enveloped<PrivacyView>) => unwrapOne(raw),
      providesTags: [{ type: 'ContentPage', id: 'privacy-policy' }],
    }),
    getTerms: build.query<TermsView, void>({
      query: () => ({ url: '/terms-of-service', ...fresh }),
      transformResponse: (raw: Enveloped<TermsView>) => unwrapOne(raw),
      providesTags: [{ type: 'ContentPage', id: 'terms-of-service' }],
    }),
  }),
});

export const {
  useGetHomeQuery,
  useGetHomeViewQuery,
  useGetAboutQuery,
  useGetContactQuery,
  useGetCareersQuery,
  useGetPrivacyQuery,
  useGetTermsQuery,
} = contentApi;

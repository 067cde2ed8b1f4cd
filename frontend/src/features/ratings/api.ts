import type { RatingView, RatingsPage } from '@tiredash/contracts';
import { baseApi } from '../../shared/api/base-api';

/** One page of a provider's reviews, with its average and count. */
export interface ReviewsPage {
  reviews: RatingView[];
  page: number;
  pageCount: number;
  total: number;
  averageRating: number | null;
  ratingCount: number;
}

export const REVIEWS_PAGE_SIZE = 10;

export const ratingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/ratings?filters[providerId][$eq]=…: newest first. */
    listProviderReviews: build.query<ReviewsPage, { providerId: string; page: number }>({
      query: ({ providerId, page }) => ({
        url: '/ratings',
        params: { 'filters[providerId][$eq]': providerId, 'pagination[page]': page, 'pagination[pageSize]': REVIEWS_PAGE_SIZE },
      }),
      transformResponse: (raw: RatingsPage): ReviewsPage => ({
        reviews: raw.data,
        page: raw.meta.pagination.page,
        pageCount: raw.meta.pagination.pageCount,
        total: raw.meta.pagination.total,
        averageRating: raw.meta.averageRating ?? null,
        ratingCount: raw.meta.ratingCount ?? raw.meta.pagination.total,
      }),
    }),
  }),
});

export const { useListProviderReviewsQuery } = ratingsApi;

import { z } from 'zod';
import { actorSchema } from '../common/actor';
import { LIMITS } from '../common/constants';
import { defineCommand, defineEvent, STREAMS } from '../common/messages';
import type { Paged } from '../common/query';
import { paginationSchema } from '../common/query';

/**
 * Ratings and reviews (spec sections 3, 5, 7), owned by the requests service: one per request, by its customer,
 * once the request is Service Completed (or Completed). `POST /api/ratings {data:{provider_id, customer_id,
 * request_id, rating, comment}}`; `GET /api/ratings?filters[providerId][$eq]=<id>`.
 */
export const RATING_MESSAGES = {
  requiredTitle: 'Rating Required',
  required: 'Please select a star rating before submitting.',
  submitFailed: 'Failed to submit rating. Please try again.',
  submitted: 'Thank you for your feedback!',
} as const;

const uuid = z.string().uuid();
const starRating = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v === '' || v === 0 || v === null ? undefined : v),
  z
    .number({ required_error: RATING_MESSAGES.required, invalid_type_error: RATING_MESSAGES.required })
    .int(RATING_MESSAGES.required)
    .min(1, RATING_MESSAGES.required)
    .max(5, 'The rating is 1 to 5 stars'),
);

export const ratingFieldsSchema = z
  .object({
    request_id: uuid.optional(),
    requestId: uuid.optional(),
    /** The rated provider (business documentId); must be the request's provider. */
    provider_id: uuid.optional(),
    providerId: uuid.optional(),
    /** The rating customer's documentId; must be the caller's. */
    customer_id: uuid.optional(),
    customerId: uuid.optional(),
    rating: starRating,
    comment: z
      .string()
      .trim()
      .max(LIMITS.reviewMaxLength, `The review is at most ${LIMITS.reviewMaxLength} characters`)
      .optional()
      .nullable(),
  })
  .strict()
  .refine((d) => d.request_id !== undefined || d.requestId !== undefined, { message: 'request_id is required', path: ['request_id'] });

export const ratingCreateBodySchema = z.object({ data: ratingFieldsSchema }).strict();
export type RatingCreateBody = z.infer<typeof ratingCreateBodySchema>;
export type RatingCreateInput = z.input<typeof ratingCreateBodySchema>;

const eqOrPlain = z.union([uuid, z.object({ $eq: uuid }).strict().transform((o) => o.$eq)]);

/** `filters[providerId][$eq]` (also `filters[provider_id]`, `filters[providerId]=<id>`) and `filters[requestId][$eq]`. */
export const ratingFiltersSchema = z
  .object({
    providerId: eqOrPlain.optional(),
    provider_id: eqOrPlain.optional(),
    requestId: eqOrPlain.optional(),
    request_id: eqOrPlain.optional(),
  })
  .strict()
  .optional()
  .transform((f) => ({
    providerId: f?.providerId ?? f?.provider_id,
    requestId: f?.requestId ?? f?.request_id,
  }));
export type RatingFilters = z.infer<typeof ratingFiltersSchema>;

export interface RatingView {
  id: string;
  documentId: string;
  rating: number;
  comment: string | null;
  provider_id: string;
  providerId: string;
  customer_id: string;
  customerId: string;
  request_id: string;
  requestId: string;
  /** The customer's full name as shown with a review. */
  customerName: string;
  createdAt: string;
}

/** Ratings list with the provider's aggregate when filtered by provider. */
export interface RatingsPage extends Paged<RatingView> {
  meta: Paged<RatingView>['meta'] & { averageRating?: number | null; ratingCount?: number };
}

const withActor = <T extends z.ZodRawShape>(shape: T) => z.object({ actor: actorSchema, ...shape });

export const CreateRating = defineCommand<RatingView>()('requests.cmd.create-rating', withActor({ body: ratingCreateBodySchema }));
export const ListRatings = defineCommand<RatingsPage>()(
  'requests.cmd.list-ratings',
  withActor({ filters: ratingFiltersSchema, pagination: paginationSchema }),
);

/** A rating was given; carries the provider's new aggregate (identity/content may keep theirs from it). */
export const RatingCreated = defineEvent(
  STREAMS.REQUESTS.name,
  'requests.evt.rating.created.v1',
  z.object({
    ratingId: uuid,
    requestId: uuid,
    providerId: uuid,
    customerId: uuid,
    rating: z.number().int().min(1).max(5),
    averageRating: z.number(),
    ratingCount: z.number().int().positive(),
    createdAt: z.string(),
  }),
);

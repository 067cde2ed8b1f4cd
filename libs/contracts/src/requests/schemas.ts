import { z } from 'zod';
import { LIMITS, PAYMENT_METHODS, SERVICE_TYPES } from '../common/constants';
import { formatTireSize, isValidTireSize } from '../common/validators';

/** API request bodies of the request and bid routes (spec section 7), validated by the gateway and by requests. */

const uuid = z.string().uuid();
/** Numbers arrive as numbers or as text from form fields. */
const numberLike = z.union([z.number(), z.string().trim().min(1)]).pipe(z.coerce.number());
const optionalText = (max: number) => z.string().trim().max(max).optional().nullable();

/** Canonical request statuses plus the `Canceled` spelling the spec's tracking screen sends. */
export const REQUEST_STATUS_INPUTS = [
  'Bids Open',
  'Accepted',
  'In Progress',
  'Service Completed',
  'Completed',
  'Cancelled',
  'Canceled',
  'Expired',
] as const;

export const tireSizeSchema = z
  .string({ required_error: 'Tire size is required' })
  .transform(formatTireSize)
  .refine((v) => v.length > 0, 'Tire size is required')
  .refine(isValidTireSize, `Enter a tire size like 225/65/R17 (at most ${LIMITS.tireSizeMaxLength} characters)`);

export const requestLocationSchema = z.object({
  address: z.string().trim().max(300).optional().nullable(),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type RequestLocation = z.infer<typeof requestLocationSchema>;

/** An uploaded image reference: the upload's id (number or string, as the upload route answers). */
const photoRef = z.union([z.number().int().nonnegative(), z.string().trim().min(1).max(100)]);

export const serviceRequestFieldsSchema = z
  .object({
    serviceType: z.enum(SERVICE_TYPES, { errorMap: () => ({ message: 'Choose one of the service types' }) }),
    tireSize: tireSizeSchema,
    tireBrand: optionalText(80),
    /** Only the initial status may be sent on create. */
    tireStatus: z.literal('Bids Open').optional(),
    status: optionalText(40),
    budget: numberLike.pipe(
      z.number().refine((v) => v !== 0, 'Budget is required and must not be 0').pipe(z.number().positive('Budget must be more than 0').max(100000)),
    ),
    paymentMethod: z.enum(PAYMENT_METHODS).optional(),
    urgency: optionalText(30),
    priority: optionalText(30),
    scheduledTime: z.union([z.string().trim().max(40), z.null()]).optional(),
    photos: z.array(photoRef).max(LIMITS.requestPhotos.maxFiles, `At most ${LIMITS.requestPhotos.maxFiles} photos`).optional(),
    notes: optionalText(2000),
    description: optionalText(2000),
    address: optionalText(300),
    lat: numberLike.pipe(z.number().min(-90).max(90)).optional().nullable(),
    lng: numberLike.pipe(z.number().min(-180).max(180)).optional().nullable(),
    location: requestLocationSchema.optional().nullable(),
    /** The spec's client sends the customer link; it must be the caller's own customer profile. */
    customer: z.union([uuid, z.number()]).optional().nullable(),
  })
  .strict()
  .superRefine((v, ctx) => {
    const lat = v.location?.lat ?? v.lat;
    const lng = v.location?.lng ?? v.lng;
    if (lat === undefined || lat === null || lng === undefined || lng === null) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['location'], message: 'Coordinates are required (lat and lng)' });
    } else if (lat === 0 && lng === 0) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['location'],
        message: 'Coordinates 0,0 are not a location: geocode the address first',
      });
    }
    if (v.scheduledTime && Number.isNaN(Date.parse(v.scheduledTime))) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['scheduledTime'], message: 'Scheduled time must be a date and time' });
    }
  });

export const serviceRequestCreateBodySchema = z.object({ data: serviceRequestFieldsSchema }).strict();
export type ServiceRequestCreateBody = z.infer<typeof serviceRequestCreateBodySchema>;
export type ServiceRequestCreateInput = z.input<typeof serviceRequestCreateBodySchema>;

/** A bid or provider reference: its documentId, or an object carrying it. */
const ref = z.union([uuid, z.object({ documentId: uuid }).passthrough().transform((o) => o.documentId)]);

/**
 * `PUT /service-requests/{id} {data}`: `tireStatus: 'Accepted'` + `accepted_bid` is the accept command,
 * `tireStatus: 'Cancelled' | 'Canceled'` the cancel command. `amount`, `provider` and `bids` are derived by the
 * server: sent with an accept they must agree with the accepted bid, anywhere else they are FIELD_NOT_WRITABLE.
 */
export const serviceRequestUpdateBodySchema = z
  .object({
    data: z
      .object({
        tireStatus: z.enum(REQUEST_STATUS_INPUTS).optional(),
        accepted_bid: ref.optional().nullable(),
        amount: z.unknown().optional(),
        provider: z.unknown().optional(),
        bids: z.unknown().optional(),
        /** With tireStatus Cancelled from the accepted provider: why (shown to the customer). */
        cancelReason: z.string().trim().max(300, 'Keep the reason under 300 characters').nullable().optional(),
      })
      .passthrough(),
  })
  .strict();
export type ServiceRequestUpdateBody = z.infer<typeof serviceRequestUpdateBodySchema>;

/** Fields of a request that a client may never set directly. */
export const DERIVED_REQUEST_FIELDS = ['amount', 'provider', 'bids'] as const;

/** Empty text falls back (price to the request budget, ETA to 0); otherwise numeric and at least 1. */
const emptyable = z.union([z.number(), z.string().trim(), z.null()]).transform((v) => (v === '' || v === null ? undefined : Number(v)));

export const bidFieldsSchema = z
  .object({
    requestId: uuid,
    /** The bidding provider's business documentId; must be the caller's own. */
    provider: uuid.optional(),
    amount: emptyable
      .optional()
      .pipe(z.number({ invalid_type_error: 'Price must be a number' }).min(1, 'Price must be at least 1').max(100000).optional()),
    estimatedArrival: emptyable
      .optional()
      .pipe(z.number({ invalid_type_error: 'ETA must be a number' }).min(1, 'ETA must be at least 1').max(1440).optional()),
    notes: optionalText(1000),
    message: optionalText(1000),
    bidStatus: z.literal('pending').optional(),
    location: z
      .object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180), address: z.string().max(300).optional() })
      .optional()
      .nullable(),
  })
  .strict();

export const bidCreateBodySchema = z.object({ data: bidFieldsSchema }).strict();
export type BidCreateBody = z.infer<typeof bidCreateBodySchema>;
export type BidCreateInput = z.input<typeof bidCreateBodySchema>;

/** `PUT /bids/{id} {data:{bidStatus:'accepted'}}`: the accept command (idempotent). */
export const bidUpdateBodySchema = z
  .object({ data: z.object({ bidStatus: z.literal('accepted') }).strict() })
  .strict();
export type BidUpdateBody = z.infer<typeof bidUpdateBodySchema>;

const eq = <T extends z.ZodTypeAny>(t: T) => z.object({ $eq: t }).strict();

/** A date ('2026-11-24', the whole day in UTC) or an instant with its offset ('2026-11-24T05:00:00.000Z'). */
const dateBound = z
  .string()
  .trim()
  .refine((v) => (/^\d{4}-\d{2}-\d{2}$/.test(v) || /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/.test(v)) && !Number.isNaN(Date.parse(v)), {
    message: 'Use a date like 2026-11-24',
  });

/** Where a bound of a createdAt range lies: a bare date's $lte covers its whole day. */
export function dateBoundInstant(v: string, end: boolean): Date {
  const d = new Date(v);
  if (end && /^\d{4}-\d{2}-\d{2}$/.test(v)) return new Date(d.getTime() + 86_400_000 - 1);
  return d;
}

/** `filters[createdAt][$gte]` / `[$lte]` (inclusive) / `[$lt]`: the History tab's date range. */
export const createdAtRangeSchema = z
  .object({ $gte: dateBound.optional(), $lte: dateBound.optional(), $lt: dateBound.optional() })
  .strict()
  .refine((r) => !(r.$lte && r.$lt), { message: 'Use $lte or $lt, not both', path: ['$lt'] })
  .refine(
    (r) => {
      const to = r.$lte ?? r.$lt;
      return !r.$gte || !to || dateBoundInstant(r.$gte, false).getTime() <= dateBoundInstant(to, r.$lte !== undefined).getTime();
    },
    { message: 'The start date must be on or before the end date', path: ['$gte'] },
  );

/**
 * `filters[provider][documentId][$eq]`, `filters[customer][documentId][$eq]`, `filters[tireStatus][$eq]`,
 * `filters[createdAt][$gte|$lte|$lt]`.
 */
export const serviceRequestFiltersSchema = z
  .object({
    provider: z.object({ documentId: eq(uuid) }).strict().optional(),
    customer: z.object({ documentId: eq(uuid) }).strict().optional(),
    tireStatus: eq(z.enum(REQUEST_STATUS_INPUTS)).optional(),
    createdAt: createdAtRangeSchema.optional(),
  })
  .strict()
  .optional();
export type ServiceRequestFilters = z.infer<typeof serviceRequestFiltersSchema>;

/** `sort=createdAt:desc` (default) or `createdAt:asc`, also `updatedAt` and `budget`. */
export const serviceRequestSortSchema = z
  .string()
  .regex(/^(createdAt|updatedAt|budget)(:(asc|desc))?$/i, 'sort must be like createdAt:desc')
  .optional();

/** `filters[requestId][$eq]`, `filters[provider][documentId][$eq]`, `filters[bidStatus][$eq]`. */
export const bidFiltersSchema = z
  .object({
    requestId: eq(uuid).optional(),
    provider: z.object({ documentId: eq(uuid) }).strict().optional(),
    bidStatus: eq(z.enum(['pending', 'accepted', 'expired', 'closed', 'replaced'])).optional(),
  })
  .strict()
  .optional();
export type BidFilters = z.infer<typeof bidFiltersSchema>;

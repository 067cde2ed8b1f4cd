import { z } from 'zod';
import { LIMITS, PAYMENT_METHODS, PROVIDER_SERVICE_OPTIONS } from '../common/constants';
import { isValidPhone } from '../common/validators';

/** API request bodies of the identity routes (spec section 7), validated by the gateway and by identity. */

const email = z.string().trim().toLowerCase().email('Enter a valid email address').max(254);
const phone = z
  .string()
  .trim()
  .min(1, 'Phone is required')
  .refine(isValidPhone, 'Enter a valid phone number');
const uuid = z.string().uuid();

export const loginBodySchema = z
  .object({
    identifier: email,
    password: z.string().min(1, 'Password is required').max(200),
  })
  .strict();
export type LoginBody = z.infer<typeof loginBodySchema>;

export const registerBodySchema = z
  .object({
    username: z.string().trim().min(1, 'Username is required').max(100),
    email,
    password: z
      .string()
      .min(LIMITS.passwordMinLength, `Password must be at least ${LIMITS.passwordMinLength} characters`)
      .max(200),
    role: z.string().optional(),
  })
  .strict();
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const setRoleBodySchema = z.object({ userId: uuid, roleName: z.string().min(1) }).strict();
export type SetRoleBody = z.infer<typeof setRoleBodySchema>;

export const updateUserBodySchema = z
  .object({
    accountType: z.enum(['customer', 'provider']).optional(),
    username: z.string().trim().min(1).max(100).optional(),
    email: email.optional(),
    /** A new password (admins only): the user's other sessions end (access and refresh tokens). */
    password: z
      .string()
      .min(LIMITS.passwordMinLength, `Password must be at least ${LIMITS.passwordMinLength} characters`)
      .max(200)
      .optional(),
  })
  .strict();
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

export const customerFieldsSchema = z
  .object({
    fullName: z.string().trim().min(1, 'Full name is required').max(120),
    phone,
    paymentMethod: z.enum(PAYMENT_METHODS).nullable().optional(),
    /** The spec's client sends the user link; it must be the caller's own user. */
    user: z.union([uuid, z.number()]).optional(),
  })
  .strict();

export const customerCreateBodySchema = z.object({ data: customerFieldsSchema }).strict();
export type CustomerCreateBody = z.infer<typeof customerCreateBodySchema>;

export const customerUpdateBodySchema = z
  .object({
    data: customerFieldsSchema.omit({ user: true }).partial().strict(),
  })
  .strict();
export type CustomerUpdateBody = z.infer<typeof customerUpdateBodySchema>;

/** service_types arrive as a list or, from the profile editor, as a comma-joined string. */
const serviceTypes = z
  .union([z.array(z.string()), z.string()])
  .transform((v) =>
    (Array.isArray(v) ? v : v.split(','))
      .map((s) => s.trim())
      .filter((s) => s.length > 0),
  )
  .pipe(
    z
      .array(z.string().refine((s) => PROVIDER_SERVICE_OPTIONS.includes(s), 'Unknown service type'))
      .min(1, 'Please select at least one service type you offer.'),
  );

export const geoPointSchema = z.object({
  address: z.string().trim().max(300).optional(),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type GeoPoint = z.infer<typeof geoPointSchema>;

const numberLike = z.union([z.number(), z.string().trim().min(1)]).pipe(z.coerce.number());

/** A provider's service radius in miles. */
export const serviceRadiusSchema = numberLike.pipe(z.number().positive('Service radius must be more than 0').max(500));

export const serviceAreaSchema = z
  .object({
    radius: serviceRadiusSchema,
    address: z.string().trim().max(300).optional(),
    /**
     * The service address geocoded (the address field's suggestion, or the geocoder on save): the base
     * location matching uses while no live position is known. Both or neither; null clears them.
     */
    lat: z.number().min(-90).max(90).nullable().optional(),
    lng: z.number().min(-180).max(180).nullable().optional(),
  })
  .strict()
  .refine((a) => (a.lat === undefined || a.lat === null) === (a.lng === undefined || a.lng === null), {
    message: 'Send both lat and lng of the service address, or neither',
    path: ['lat'],
  });

export const providerFieldsSchema = z
  .object({
    businessName: z.string().trim().min(1, 'Business name is required').max(120),
    fullName: z.string().trim().max(120).optional(),
    phone,
    hourlyRate: numberLike.pipe(z.number().min(0, 'Hourly rate must be 0 or more').max(10000)),
    yearsExperience: numberLike.pipe(z.number().int('Years of experience must be a whole number').min(0).max(80)),
    service_types: serviceTypes,
    serviceArea: serviceAreaSchema,
    vehicleSpecs: z.string().trim().max(500).optional().nullable(),
    user: z.union([uuid, z.number()]).optional(),
    online: z.boolean().optional(),
    businessId: z.string().max(100).nullable().optional(),
    businessLicense: z.string().max(100).nullable().optional(),
    location: geoPointSchema.nullable().optional(),
  })
  .strict();

export const providerCreateBodySchema = z.object({ data: providerFieldsSchema }).strict();
export type ProviderCreateBody = z.infer<typeof providerCreateBodySchema>;

export const providerUpdateBodySchema = z
  .object({
    data: providerFieldsSchema
      .omit({ user: true })
      .partial()
      .extend({
        /** Admin only. */
        isApproved: z.boolean().nullable().optional(),
        /** Never writable (403 FIELD_NOT_WRITABLE for everyone): the balance is the payments ledger's sum. */
        walletBalance: z.number().min(0).optional(),
      })
      .strict(),
  })
  .strict();
export type ProviderUpdateBody = z.infer<typeof providerUpdateBodySchema>;

/**
 * `PUT /api/providers/{id}/presence`: the dashboard's Online/Offline switch and, while online, the device's
 * position (throttled) and a heartbeat. Without a position the provider is matched from its service address.
 */
export const providerPresenceBodySchema = z
  .object({
    online: z.boolean(),
    position: z
      .object({
        lat: z.number().min(-90).max(90),
        lng: z.number().min(-180).max(180),
        /** Metres, as the Geolocation API reports it. */
        accuracy: z.number().min(0).max(100000).optional(),
      })
      .strict()
      .nullable()
      .optional(),
  })
  .strict();
export type ProviderPresenceBody = z.infer<typeof providerPresenceBodySchema>;

/** Fields of a provider only an admin may write; anyone else gets 403 FIELD_NOT_WRITABLE. */
export const ADMIN_ONLY_PROVIDER_FIELDS = ['isApproved'] as const;

/** Fields of a provider nobody sets through its profile: the wallet balance is the payments ledger's sum. */
export const LEDGER_PROVIDER_FIELDS = ['walletBalance'] as const;

/** `filters[isApproved][$null]=true`, `filters[isApproved][$eq]=true|false` */
export const providerFiltersSchema = z
  .object({
    isApproved: z
      .object({
        $null: z.enum(['true', 'false']).optional(),
        $eq: z.enum(['true', 'false']).optional(),
      })
      .strict()
      .optional(),
    online: z.object({ $eq: z.enum(['true', 'false']) }).strict().optional(),
  })
  .strict()
  .optional();

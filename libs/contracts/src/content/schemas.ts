import { z } from 'zod';
import { PLATFORM_FEE_RANGES } from '../common/constants';
import { isValidPhone } from '../common/validators';

/**
 * API bodies of the content routes (spec section 7: GET/PUT /home, /about, /contact, /careers,
 * /privacy-policy, /terms-of-service, /api-key, settings, logo). Every PUT body is `{data: {...}}`;
 * every field is optional (a PUT changes the fields it names). HTML fields are sanitised by the content
 * service on save.
 */

const text = (max: number) => z.string().max(max);
const html = z.string().max(200_000);
const uuid = z.string().uuid();

/** The spec's card price is text, entered as a number >= 0 ('Homepage card price numeric, minimum 0'). */
const cardPrice = z
  .union([z.string().trim(), z.number()])
  .transform((v) => String(v))
  .refine((v) => v === '' || (/^\d+(\.\d{1,2})?$/.test(v) && Number(v) >= 0), 'Price must be a number of 0 or more');

export const serviceCardSchema = z
  .object({
    title: text(120),
    body: text(1000),
    icon: text(120).optional().default(''),
    price: cardPrice,
  })
  .strip();
export type ServiceCard = z.infer<typeof serviceCardSchema>;

/** A logo reference: an upload id, `{id}` (the shape GET answers with) or null to remove it. */
export const logoRefSchema = z
  .union([uuid, z.object({ id: uuid }).passthrough().transform((o) => o.id), z.null()])
  .describe('upload id, {id} or null');

export const homeDataSchema = z
  .object({
    heroHeading1: text(200).optional(),
    heroHeading2: text(200).optional(),
    heroParagraph: text(2000).optional(),
    Cards: z.array(serviceCardSchema).max(50).optional(),
    logo: logoRefSchema.optional(),
  })
  .strict();
export const aboutDataSchema = z.object({ headerText: text(500).optional(), infoText: html.optional() }).strict();
export const contactDataSchema = z
  .object({
    email: z.union([z.literal(''), z.string().trim().email('Enter a valid email address').max(254)]).optional(),
    phone: z
      .union([z.literal(''), z.string().trim().refine(isValidPhone, 'Enter a valid phone number')])
      .optional(),
    address: text(500).optional(),
  })
  .strict();
export const careerPositionSchema = z.object({ title: text(200), location: text(200) }).strip();
export const careersDataSchema = z
  .object({ introText: text(5000).optional(), positions: z.array(careerPositionSchema).max(100).optional() })
  .strict();
export const privacyDataSchema = z.object({ text: html.optional() }).strict();
export const termsDataSchema = z.object({ content: html.optional() }).strict();

/** The content pages, by the key the service stores them under. */
export const CONTENT_PAGES = ['home', 'about', 'contact', 'careers', 'privacy', 'terms'] as const;
export type ContentPage = (typeof CONTENT_PAGES)[number];

export const pageDataSchemas = {
  home: homeDataSchema,
  about: aboutDataSchema,
  contact: contactDataSchema,
  careers: careersDataSchema,
  privacy: privacyDataSchema,
  terms: termsDataSchema,
} as const;

export type PageData<P extends ContentPage> = z.infer<(typeof pageDataSchemas)[P]>;

/** `PUT /api/<page>` bodies. */
export const pageBodySchemas = {
  home: z.object({ data: homeDataSchema }).strict(),
  about: z.object({ data: aboutDataSchema }).strict(),
  contact: z.object({ data: contactDataSchema }).strict(),
  careers: z.object({ data: careersDataSchema }).strict(),
  privacy: z.object({ data: privacyDataSchema }).strict(),
  terms: z.object({ data: termsDataSchema }).strict(),
} as const;

/** A fee in whole percent ('Service fee entered as integer'), at most `max`. */
const percent = (max: number) =>
  z.union([z.number(), z.string().trim().min(1)]).pipe(
    z.coerce.number().int('Enter a whole number').min(0, 'Must be 0 or more').max(max, `Must be ${max} or less`),
  );
/** Whole dollars from `min` to `max` (the fees and the minimum withdrawal of the settings; see PLATFORM_FEE_RANGES). */
const wholeDollars = (min: number, max: number) =>
  z.union([z.number(), z.string().trim().min(1)]).pipe(
    z.coerce.number().int('Enter a whole number of dollars').min(min, `Must be ${min} or more`).max(max, `Must be ${max} or less`),
  );
/** A key: a string sets it, '' or null clears it. Sending back the mask GET answered with changes nothing. */
const secret = z.string().trim().max(500).nullable();

export const settingsDataSchema = z
  .object({
    messaging: z.boolean().optional(),
    voip: z.boolean().optional(),
    pushNotifications: z.boolean().optional(),
    tipping: z.boolean().optional(),
    advertising: z.boolean().optional(),
    serviceFee: wholeDollars(PLATFORM_FEE_RANGES.serviceFee.min, PLATFORM_FEE_RANGES.serviceFee.max).optional(),
    walletFee: percent(PLATFORM_FEE_RANGES.walletFee.max).optional(),
    cancellationFee: wholeDollars(PLATFORM_FEE_RANGES.cancellationFee.min, PLATFORM_FEE_RANGES.cancellationFee.max).optional(),
    noShowFee: wholeDollars(PLATFORM_FEE_RANGES.noShowFee.min, PLATFORM_FEE_RANGES.noShowFee.max).optional(),
    minWithdrawal: wholeDollars(PLATFORM_FEE_RANGES.minWithdrawal.min, PLATFORM_FEE_RANGES.minWithdrawal.max).optional(),
    mapboxKey: secret.optional(),
    stripeSecretKey: secret.optional(),
  })
  .strict();
export type SettingsData = z.infer<typeof settingsDataSchema>;
export const settingsBodySchema = z.object({ data: settingsDataSchema }).strict();

/** `PUT /api/api-key`: the two keys of the platform settings. */
export const apiKeyDataSchema = settingsDataSchema.pick({ mapboxKey: true, stripeSecretKey: true }).strict();
export const apiKeyBodySchema = z.object({ data: apiKeyDataSchema }).strict();

/** `PUT /api/logo`: `{data: {logo: <upload id> | {id} | null}}` (also accepted: `{data: {id}}`). */
export const logoBodySchema = z
  .object({
    data: z.union([
      z.object({ logo: logoRefSchema }).strict(),
      z.object({ id: uuid }).passthrough().transform((o) => ({ logo: o.id })),
    ]),
  })
  .strict();
export type LogoBody = z.infer<typeof logoBodySchema>;

/** `GET /api/audit-log?pagination[page]=&pagination[pageSize]=` */
export const auditQuerySchema = z.object({}).passthrough();

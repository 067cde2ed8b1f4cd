import { z } from 'zod';
import { PROVIDER_PROFILE_SERVICES, providerFieldsSchema, serviceRadiusSchema, type providerUpdateBodySchema, type ProviderView } from '@tiredash/contracts';
import { providerProfileMessages, providerValidationMessages } from '../../shared/i18n/locales/en/provider';
import { validateWith, type FieldErrors, type Validation } from '../auth/form-validation';
import { labelOf } from '../tracking/tracking-labels';

/** Toasts of the profile editor (spec section 8), in the language shown. */
export function profileMessages(t = providerProfileMessages.get()) {
  return {
    loadFailed: { title: t.errorTitle, description: t.loadFailed },
    updateFailed: { title: t.errorTitle, description: t.updateFailed },
    updated: { title: t.successTitle, description: t.updated },
  } as const;
}

/** A validation message (the form's own or the shared contract's, in English) in the language shown. */
export function validationMessage(message: string): string {
  return labelOf(providerValidationMessages.get(), message);
}

/** The PUT /providers/{id} body as sent: service_types may be the comma-joined string. */
export type ProviderProfileUpdate = z.input<typeof providerUpdateBodySchema>;

export interface ProfileValues {
  businessName: string;
  yearsExperience: string;
  phone: string;
  serviceTypes: string[];
}
export type ProfileField = Exclude<keyof ProfileValues, 'serviceTypes'>;

export function profileValuesOf(provider: ProviderView): ProfileValues {
  return {
    businessName: provider.businessName,
    yearsExperience: String(provider.yearsExperience),
    phone: provider.phone,
    serviceTypes: [...provider.service_types],
  };
}

/** The checklist: the spec's six profile services, plus any other service the provider already offers. */
export function serviceChecklist(current: readonly string[]): string[] {
  const base: string[] = [...PROVIDER_PROFILE_SERVICES];
  return [...base, ...current.filter((s) => !base.includes(s))];
}

/** Turns a service on or off. */
export function toggleService(list: readonly string[], service: string): string[] {
  return list.includes(service) ? list.filter((s) => s !== service) : [...list, service];
}

const profileSchema = z.object({
  businessName: providerFieldsSchema.shape.businessName,
  yearsExperience: z
    .string()
    .trim()
    .min(1, 'Years experience is required')
    .refine((v) => Number.isFinite(Number(v)), 'Years experience must be a number')
    .pipe(z.coerce.number().int('Years of experience must be a whole number').min(0, 'Years experience must be 0 or more').max(80)),
  phone: providerFieldsSchema.shape.phone,
  serviceTypes: z.array(z.string()).min(1, 'Please select at least one service type you offer.'),
});

/** The Service Area section: the radius as typed, and the address with its coordinates (when known). */
export interface ServiceAreaInput {
  radius: string;
  address: string;
  lat: number | null;
  lng: number | null;
}

export function serviceAreaInputOf(provider: ProviderView): ServiceAreaInput {
  return {
    radius: String(provider.serviceArea?.radius ?? ''),
    address: provider.serviceArea?.address ?? '',
    lat: provider.serviceArea?.lat ?? null,
    lng: provider.serviceArea?.lng ?? null,
  };
}

/** The radius checked as the server checks it ('Service radius must be more than 0', at most 500 miles). */
export function checkServiceRadius(radius: string): { ok: true; radius: number } | { ok: false; error: string } {
  if (radius.trim().length === 0) return { ok: false, error: validationMessage('Service radius is required') };
  const parsed = serviceRadiusSchema.safeParse(radius);
  if (!parsed.success) return { ok: false, error: validationMessage(parsed.error.issues[0]?.message ?? 'Enter a valid radius') };
  return { ok: true, radius: parsed.data };
}

/** A checked service area to save: the geocoded address (or none: an empty address clears it). */
export interface ServiceAreaUpdate {
  radius: number;
  address: string;
  lat: number | null;
  lng: number | null;
}

/** Uploaded document ids to store (null keeps what the provider has). */
export interface ProfileDocuments {
  businessId: string | null;
  businessLicense: string | null;
}

/**
 * Checks the form (Business Name, Years Experience numeric and Phone required, at least one service) and
 * builds the PUT /providers/{id} body: service_types comma-joined, new document ids only when uploaded.
 */
export function buildProfileUpdate(
  values: ProfileValues,
  documents: ProfileDocuments = { businessId: null, businessLicense: null },
  serviceArea: ServiceAreaUpdate | null = null,
): Validation<ProviderProfileUpdate, ProfileField | 'serviceTypes'> {
  const result = validateWith<typeof profileSchema, ProfileField | 'serviceTypes'>(profileSchema, values);
  if (!result.ok) {
    const errors: ProfileErrors = {};
    for (const [field, message] of Object.entries(result.errors) as Array<[keyof ProfileErrors, string | undefined]>) {
      if (message) errors[field] = validationMessage(message);
    }
    return { ok: false, errors };
  }
  const data: ProviderProfileUpdate['data'] = {
    businessName: result.data.businessName,
    yearsExperience: result.data.yearsExperience,
    phone: result.data.phone,
    service_types: result.data.serviceTypes.join(','),
  };
  if (documents.businessId) data.businessId = documents.businessId;
  if (documents.businessLicense) data.businessLicense = documents.businessLicense;
  if (serviceArea) data.serviceArea = { ...serviceArea };
  return { ok: true, data: { data } };
}

export type ProfileErrors = FieldErrors<ProfileField | 'serviceTypes'>;

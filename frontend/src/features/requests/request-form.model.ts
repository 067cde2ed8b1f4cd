import {
  formatTireSize,
  isValidTireSize,
  LIMITS,
  SERVICE_TYPES,
  type PaymentMethod,
  type ServiceRequestCreateInput,
  type ServiceRequestView,
  type ServiceType,
} from '@tiredash/contracts';
import { requestFormMessages } from '../../shared/i18n/locales/en/requests';

/** The customer request form (spec: customer request screen, section 5). */
export interface RequestFormValues {
  serviceType: ServiceType | '';
  tireSize: string;
  tireBrand: string;
  address: string;
  /** 0/0 until an address is picked or the device location is used (then geocoded at submit). */
  lat: number;
  lng: number;
  description: string;
  budget: string;
  priority: string;
  /** A datetime-local value ('2025-01-31T14:30') or ''. */
  scheduledTime: string;
  paymentMethod: PaymentMethod | '';
}

/** The priorities with their labels in the language shown. */
export function priorities(): { value: string; label: string }[] {
  const t = requestFormMessages.get();
  return [
    { value: 'low', label: t.priorityLow },
    { value: 'normal', label: t.priorityNormal },
    { value: 'high', label: t.priorityHigh },
    { value: 'urgent', label: t.priorityUrgent },
  ];
}

export const DEFAULT_PRIORITY = 'normal';

export const INITIAL_REQUEST_VALUES: RequestFormValues = {
  serviceType: '',
  tireSize: '',
  tireBrand: '',
  address: '',
  lat: 0,
  lng: 0,
  description: '',
  budget: '',
  priority: DEFAULT_PRIORITY,
  scheduledTime: '',
  paymentMethod: '',
};

/**
 * 'Post again': the form filled from an expired or cancelled request (service, tire, place, budget, notes, payment
 * method); a scheduled time is not carried over (it has passed).
 */
export function repostValues(
  r: Pick<ServiceRequestView, 'serviceType' | 'tireSize' | 'tireBrand' | 'address' | 'lat' | 'lng' | 'description' | 'budget' | 'priority' | 'paymentMethod'>,
): RequestFormValues {
  return {
    serviceType: r.serviceType,
    tireSize: r.tireSize,
    tireBrand: r.tireBrand ?? '',
    address: r.address ?? '',
    lat: r.lat,
    lng: r.lng,
    description: r.description ?? '',
    budget: String(r.budget),
    priority: r.priority ?? DEFAULT_PRIORITY,
    scheduledTime: '',
    paymentMethod: r.paymentMethod ?? '',
  };
}

/** Reads 'Post again' values from router state, or null when there are none (or they are not a request's). */
export function repostFromState(state: unknown): RequestFormValues | null {
  if (typeof state !== 'object' || state === null || !('repost' in state)) return null;
  const v = (state as { repost: unknown }).repost;
  if (typeof v !== 'object' || v === null) return null;
  const r = v as Partial<RequestFormValues>;
  if (typeof r.tireSize !== 'string' || typeof r.budget !== 'string' || typeof r.lat !== 'number' || typeof r.lng !== 'number') return null;
  return { ...INITIAL_REQUEST_VALUES, ...r };
}

/** The payment choices' labels in the language shown; `cardFee`: the card fee of the admin's settings in force. */
export function paymentLabels(cardFee: number = LIMITS.cardProcessingFeeDollars): Record<PaymentMethod, { title: string; description: string }> {
  const t = requestFormMessages.get();
  return {
    cash: { title: t.cashTitle, description: t.cashDescription },
    card: { title: t.cardTitle, description: t.cardDescription({ fee: cardFee }) },
  };
}

export function isServiceType(value: string): value is ServiceType {
  return (SERVICE_TYPES as readonly string[]).includes(value);
}

/** The tire-size field as the user types: the contracts' formatter (at most LIMITS.tireSizeMaxLength characters). */
export function tireSizeInput(raw: string): string {
  return formatTireSize(raw);
}

function budgetNumber(budget: string): number {
  const trimmed = budget.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

/** Spec section 5: submit stays disabled until payment method, a non-zero budget and service type are set. */
export function canSubmitRequest(values: RequestFormValues): boolean {
  const budget = budgetNumber(values.budget);
  return values.paymentMethod !== '' && Number.isFinite(budget) && budget !== 0 && isServiceType(values.serviceType);
}

export type RequestFormErrors = Partial<Record<'serviceType' | 'tireSize' | 'budget' | 'paymentMethod' | 'scheduledTime', string>>;

/** The messages shown beside the fields on submit; an empty object means the form may be sent. */
export function validateRequest(values: RequestFormValues): RequestFormErrors {
  const errors: RequestFormErrors = {};
  const t = requestFormMessages.get();
  if (!isServiceType(values.serviceType)) errors.serviceType = t.serviceTypeRequired;
  if (values.tireSize.trim() === '') errors.tireSize = t.tireSizeRequired;
  else if (!isValidTireSize(values.tireSize)) errors.tireSize = t.tireSizeInvalid;
  const budget = budgetNumber(values.budget);
  if (!Number.isFinite(budget) || budget === 0) errors.budget = t.budgetRequired;
  else if (budget < 0) errors.budget = t.budgetPositive;
  if (values.paymentMethod === '') errors.paymentMethod = t.paymentRequired;
  if (values.scheduledTime !== '' && Number.isNaN(Date.parse(values.scheduledTime))) errors.scheduledTime = t.scheduledInvalid;
  return errors;
}

export function hasCoordinates(values: Pick<RequestFormValues, 'lat' | 'lng'>): boolean {
  return !(values.lat === 0 && values.lng === 0);
}

/** The POST /service-requests body (spec section 7: the create payload of the customer screen). */
export function buildCreateBody(
  values: RequestFormValues,
  input: { customerId: string; photoIds: string[]; lat: number; lng: number; address: string },
): ServiceRequestCreateInput {
  const description = values.description.trim() || null;
  const scheduled = values.scheduledTime === '' ? null : new Date(values.scheduledTime).toISOString();
  const address = input.address.trim() || null;
  return {
    data: {
      serviceType: values.serviceType as ServiceType,
      tireSize: values.tireSize,
      tireBrand: values.tireBrand.trim() || null,
      tireStatus: 'Bids Open',
      status: 'Bids Open',
      budget: Number(values.budget),
      priority: values.priority || DEFAULT_PRIORITY,
      urgency: values.priority || DEFAULT_PRIORITY,
      scheduledTime: scheduled,
      photos: input.photoIds,
      description,
      notes: description,
      address,
      lat: input.lat,
      lng: input.lng,
      location: { address, lat: input.lat, lng: input.lng },
      customer: input.customerId,
      paymentMethod: values.paymentMethod === '' ? undefined : values.paymentMethod,
    },
  };
}

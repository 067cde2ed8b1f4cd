/** Business constants of the spec (section 9), defined once. */
export const PRODUCT_NAME = 'TireDash';

/** Service types of the customer request form, the extra-service form and provider registration. */
export const SERVICE_TYPES = [
  'Flat Tire Repair',
  'Tire Replacement',
  'Tire Rotation',
  'Wheel Balancing',
  'Valve Replacement',
  'Emergency Service',
] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** The provider profile checklist (6 entries). */
export const PROVIDER_PROFILE_SERVICES = [
  'Tire Repair',
  'Tire Replacement',
  'Wheel Alignment',
  'Tire Balancing',
  'Tire Rotation',
  'Emergency Service',
] as const;

/** Every service name a provider profile may carry (registration list and profile checklist). */
export const PROVIDER_SERVICE_OPTIONS: readonly string[] = Array.from(
  new Set<string>([...SERVICE_TYPES, ...PROVIDER_PROFILE_SERVICES]),
);

/**
 * Which provider services cover a request's service type: a provider is offered a request only when one of its
 * services (registration list or profile checklist names) covers the request's type.
 */
export const PROVIDER_SERVICES_FOR_REQUEST: Readonly<Record<ServiceType, readonly string[]>> = {
  'Flat Tire Repair': ['Flat Tire Repair', 'Tire Repair'],
  'Tire Replacement': ['Tire Replacement'],
  'Tire Rotation': ['Tire Rotation'],
  'Wheel Balancing': ['Wheel Balancing', 'Tire Balancing'],
  'Valve Replacement': ['Valve Replacement', 'Tire Repair'],
  'Emergency Service': ['Emergency Service'],
};

/** The request service types a provider offering `services` is matched to. */
export function requestTypesCoveredBy(services: readonly string[]): ServiceType[] {
  const offered = new Set(services);
  return SERVICE_TYPES.filter((t) => PROVIDER_SERVICES_FOR_REQUEST[t].some((name) => offered.has(name)));
}

/** Who ended a request: its customer, its accepted provider, or the system (expiry). */
export const CANCEL_ROLES = ['customer', 'provider', 'admin'] as const;
export type CancelRole = (typeof CANCEL_ROLES)[number];

/** The reasons a provider picks from when cancelling an accepted job. */
export const PROVIDER_CANCEL_REASONS = [
  'Vehicle breakdown',
  'Emergency',
  'Cannot reach the location',
  'Customer unreachable',
  'Wrong tire size or parts',
  'Other',
] as const;

export const REQUEST_STATUSES = [
  'Bids Open',
  'Accepted',
  'In Progress',
  'Service Completed',
  'Completed',
  /** The provider arrived, waited NO_SHOW_WAIT and marked the customer absent: the no-show fee was charged. */
  'Customer No-Show',
  'Cancelled',
  /** No bid was accepted within REQUEST_OPEN_SECONDS (the customer may post it again). */
  'Expired',
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const PAYMENT_METHODS = ['cash', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * The money settings of the admin's System Settings (content owns them; payments applies them): each one's range
 * (whole numbers, inclusive) and default. serviceFee is the card processing fee in dollars ('Card payment adds a $10
 * processing fee'), walletFee the platform's commission in percent of a card job ('20 percent kept').
 */
export const PLATFORM_FEE_RANGES = {
  serviceFee: { min: 0, max: 100, default: 10, unit: 'dollars' },
  walletFee: { min: 0, max: 50, default: 20, unit: 'percent' },
  cancellationFee: { min: 0, max: 100, default: 0, unit: 'dollars' },
  noShowFee: { min: 0, max: 100, default: 0, unit: 'dollars' },
  minWithdrawal: { min: 1, max: 1000, default: 5, unit: 'dollars' },
} as const;
export type PlatformFeeSetting = keyof typeof PLATFORM_FEE_RANGES;

export const LIMITS = {
  registrationUploads: { maxFiles: 5, maxBytes: 5 * 1024 * 1024 },
  requestPhotos: { maxFiles: 5, maxBytes: 5 * 1024 * 1024 },
  profileImages: { maxFiles: 1, maxBytes: 2 * 1024 * 1024 },
  logo: { maxFiles: 1, maxBytes: 5 * 1024 * 1024 },
  tireSizeMaxLength: 16,
  reviewMaxLength: 500,
  minWithdrawalDollars: 5,
  withdrawalQuickAmounts: [10, 25, 50, 100],
  cardProcessingFeeDollars: 10,
  platformShareOfCard: 0.2,
  defaultServiceFeePercent: 10,
  defaultWalletFeePercent: 20,
  bidDisplayCountdownSeconds: 10,
  biddingWindowSeconds: 240,
  requestStatusPollSeconds: 10,
  addressSuggestDelayMs: 500,
  earthRadiusMiles: 3958.8,
  mobileBreakpointPx: 768,
  passwordMinLength: 8,
} as const;

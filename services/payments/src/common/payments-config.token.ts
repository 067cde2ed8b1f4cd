/** Injection token of the validated PaymentsConfig. */
export const PAYMENTS_CONFIG = Symbol('PAYMENTS_CONFIG');
/** Injection token of the Stripe SDK client. */
export const STRIPE = Symbol('STRIPE');

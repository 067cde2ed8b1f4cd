import type { ToastInput } from '../../shared/toast/toast-context';

/** The payment dialog's texts and toasts (spec sections 2, 5 and 8). */
export const PAYMENT_TEXT = {
  title: 'Payment',
  description: 'Please enter your payment details to continue.',
  unavailable: 'Unable to load payment system. Please try again later.',
  useDifferentCard: 'Use a different card',
  useSavedCard: 'Use a saved card',
  chargeNow: (amount: string) => `The charge amount is now ${amount}`,
} as const;

export const PAYMENT_TOASTS = {
  stripeNotLoaded: { title: 'Stripe not loaded', description: 'Please wait for Stripe to load and try again.', variant: 'destructive' },
  missingName: { title: 'Missing Information', description: 'Please enter the cardholder name', variant: 'destructive' },
  methodError: (message: string): ToastInput => ({ title: 'Payment Method Error', description: message, variant: 'destructive' }),
  paymentFailed: (message: string): ToastInput => ({ title: 'Payment Failed', description: message, variant: 'destructive' }),
  cardAdded: { title: 'Success', description: 'Card has been added successfully.' },
  cardSaved: { title: 'Card Saved', description: 'Your card has been securely saved for future payments.' },
  cardDeleted: { title: 'Payment Method Deleted', description: 'The payment method has been removed from your account.' },
} as const satisfies Record<string, ToastInput | ((m: string) => ToastInput)>;

/** Defaults when the server or Stripe gives no message. */
export const PAYMENT_DEFAULTS = {
  methodError: 'Unknown error',
  authorizationFailed: 'Authorization failed',
} as const;

/** Dollars to the integer cents the card backend takes. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

import { paymentsToastMessages } from '../../shared/i18n/locales/en/payments';
import type { ToastInput } from '../../shared/toast/toast-context';

/** The payment dialog's toasts (spec sections 2, 5 and 8) in the language shown (its texts: payments/dialog and payments/form). */
export function paymentToasts(t = paymentsToastMessages.get()) {
  return {
    stripeNotLoaded: { title: t.stripeNotLoadedTitle, description: t.stripeNotLoaded, variant: 'destructive' },
    missingName: { title: t.missingNameTitle, description: t.missingName, variant: 'destructive' },
    methodError: (message: string): ToastInput => ({ title: t.methodErrorTitle, description: message, variant: 'destructive' }),
    paymentFailed: (message: string): ToastInput => ({ title: t.paymentFailedTitle, description: message, variant: 'destructive' }),
    cardAdded: { title: t.successTitle, description: t.cardAdded },
    cardSaved: { title: t.cardSavedTitle, description: t.cardSaved },
    cardDeleted: { title: t.cardDeletedTitle, description: t.cardDeleted },
  } as const satisfies Record<string, ToastInput | ((m: string) => ToastInput)>;
}

/** Dollars to the integer cents the card backend takes. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

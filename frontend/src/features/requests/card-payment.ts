import type { ComponentType } from 'react';

/**
 * The branch point of the card path (spec section 4, submitting a request): the payments issue provides a
 * dialog with these props ('Payment', saved cards or a new card, authorisation of budget + $10). The request is
 * created only after `onSuccess`. Until such a dialog is passed in, a card submission is refused with a clear
 * message and nothing is created.
 */
export interface CardPaymentDialogProps {
  open: boolean;
  /** What the customer is charged, in dollars: the budget (or bid) plus the card processing fee of the settings. */
  amount: number;
  /**
   * The card processing fee included in `amount` (dollars). Sent with the authorisation so that payments refuses it
   * (409 CARD_FEE_CHANGED) when the admin changed the fee since it was read, instead of holding a wrong amount.
   */
  cardFee?: number;
  /** The customer's documentId. */
  customerId: string;
  /** The request a re-authorisation is for (accepting a bid at another amount); absent when creating a request. */
  requestId?: string;
  /** A line shown under the dialog's description, e.g. 'The charge amount is now $95.00'. */
  notice?: string;
  /**
   * What the card is for (scheduled holds, issue 13 item 3): `authorize` (default) holds `amount` now;
   * `save-for-later` saves the card for a request scheduled further out than a hold lasts (payments authorises it
   * ahead of the job); `fix-scheduled-hold` authorises the failed scheduled hold of `requestId` now.
   */
  mode?: CardPaymentMode;
  onSuccess: (result: { paymentIntentId: string | null }) => void;
  onCancel: () => void;
}

export type CardPaymentMode = 'authorize' | 'save-for-later' | 'fix-scheduled-hold';

export type CardPaymentDialogComponent = ComponentType<CardPaymentDialogProps>;

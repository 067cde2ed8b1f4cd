/**
 * Stripe's test cards the emulator knows. `attach`: failure when the card is attached to a customer;
 * `charge`: failure when a payment is confirmed with it.
 */
export interface TestCard {
  number: string;
  brand: 'visa' | 'mastercard' | 'amex' | 'discover';
  funding: 'credit' | 'debit';
  attach?: CardFailure;
  charge?: CardFailure;
  /** Failure of an off-session payment only (`off_session: true`): on-session ones succeed (the customer is there). */
  offSession?: CardFailure;
  /**
   * Emulator-only: the most a PaymentIntent may hold on this card, in cents. An authorisation above it, or an
   * incremental authorisation raising the hold above it, declines with insufficient_funds.
   */
  authLimitCents?: number;
}

export interface CardFailure {
  code: string;
  declineCode?: string;
  message: string;
}

const declined: CardFailure = { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' };
export const insufficient: CardFailure = {
  code: 'card_declined',
  declineCode: 'insufficient_funds',
  message: 'Your card has insufficient funds.',
};
const authenticationRequired: CardFailure = {
  code: 'authentication_required',
  declineCode: 'authentication_required',
  message: 'Your card was declined. This transaction requires authentication.',
};
const expired: CardFailure = { code: 'expired_card', message: 'Your card has expired.' };

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', brand: 'visa', funding: 'credit' },
  { number: '4000056655665556', brand: 'visa', funding: 'debit' },
  { number: '5555555555554444', brand: 'mastercard', funding: 'credit' },
  { number: '378282246310005', brand: 'amex', funding: 'credit' },
  { number: '6011111111111117', brand: 'discover', funding: 'credit' },
  { number: '4000000000000002', brand: 'visa', funding: 'credit', attach: declined, charge: declined },
  { number: '4000000000009995', brand: 'visa', funding: 'credit', attach: insufficient, charge: insufficient },
  { number: '4000000000000069', brand: 'visa', funding: 'credit', attach: expired, charge: expired },
  // Attaching succeeds; charging fails (Stripe's 4000000000000341).
  { number: '4000000000000341', brand: 'visa', funding: 'credit', charge: declined },
  // Always authenticate (Stripe's 4000002760003184): saving it succeeds (the emulator has no 3-D Secure challenge:
  // an on-session setup or payment counts as authenticated), an off-session payment fails authentication_required.
  { number: '4000002760003184', brand: 'visa', funding: 'credit', offSession: authenticationRequired },
  // Emulator-only (not one of Stripe's): holds up to $100 succeed; above that (an incremental authorisation included)
  // the card declines with insufficient_funds. Lets tests show a hold raise the card refuses.
  { number: '4000000000007700', brand: 'visa', funding: 'credit', authLimitCents: 10_000 },
];

/** Stripe's predefined test PaymentMethods (`pm_card_visa`, ...), usable wherever a PaymentMethod id is. */
export const TEST_PAYMENT_METHODS: Readonly<Record<string, string>> = {
  pm_card_visa: '4242424242424242',
  pm_card_visa_debit: '4000056655665556',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_discover: '6011111111111117',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_visa_chargeDeclined: '4000000000000002',
  pm_card_visa_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_chargeCustomerFail: '4000000000000341',
  pm_card_authenticationRequired: '4000002760003184',
};

export function findTestCard(number: string): TestCard | undefined {
  return TEST_CARDS.find((c) => c.number === number);
}

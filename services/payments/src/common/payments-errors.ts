import { DomainError, WITHDRAWAL_MESSAGES } from '@tiredash/contracts';

/** The payments domain's failures, with the spec's messages where it names them. */
export const PaymentsError = {
  providerNotFound: () => new DomainError('NOT_FOUND', 'Provider not found'),
  notYourProvider: () => new DomainError('NOT_OWNER', 'This provider account is not yours'),
  noStripeRecord: () => new DomainError('NOT_FOUND', 'No stripe record found'),
  paymentAccountExists: () => new DomainError('CONFLICT', 'This provider already has another Stripe account'),
  onboardingIncomplete: () => new DomainError('CONFLICT', 'Stripe onboarding is not complete yet'),
  authorizationNotFound: () => new DomainError('NOT_FOUND', 'Payment authorisation not found'),
  notYourPayment: () => new DomainError('NOT_OWNER', 'This payment is not yours'),
  alreadyCanceled: () => new DomainError('CONFLICT', 'This payment authorisation was cancelled'),
  captureAboveAuthorized: (authorized: number, wanted: number) =>
    new DomainError('BAD_REQUEST', `The charge amount ($${(wanted / 100).toFixed(2)}) is more than the authorised amount ($${(authorized / 100).toFixed(2)}); authorise the new amount first`),
  providerMismatch: () => new DomainError('FORBIDDEN', 'The payment goes to the provider of the accepted bid'),
  providerRequired: () =>
    new DomainError('VALIDATION_FAILED', 'providerStripeAccountId is required', [{ path: 'providerStripeAccountId', message: 'Required' }]),
  minimumWithdrawal: () =>
    new DomainError('VALIDATION_FAILED', WITHDRAWAL_MESSAGES.minimum, [{ path: 'amount', message: WITHDRAWAL_MESSAGES.minimum, title: 'Invalid Amount' }]),
  insufficientFunds: () =>
    new DomainError('BAD_REQUEST', WITHDRAWAL_MESSAGES.insufficient, [{ path: 'amount', message: WITHDRAWAL_MESSAGES.insufficient, title: 'Insufficient Balance' }]),
  withdrawalFailed: (withdrawalId: string, reason: string) =>
    new DomainError('UNAVAILABLE', WITHDRAWAL_MESSAGES.failed, { title: 'Withdrawal Failed', withdrawalId, reason }),
  badSignature: (reason: string) => new DomainError('BAD_REQUEST', `Webhook refused: ${reason}`),
};

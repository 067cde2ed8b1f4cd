import { DomainError, WITHDRAWAL_MESSAGES } from '@tiredash/contracts';

/** The payments domain's failures, with the spec's messages where it names them. */
export const PaymentsError = {
  providerNotFound: () => new DomainError('NOT_FOUND', 'Provider not found'),
  notYourProvider: () => new DomainError('NOT_OWNER', 'This provider account is not yours'),
  noStripeRecord: () => new DomainError('NOT_FOUND', 'No stripe record found'),
  paymentAccountExists: () => new DomainError('CONFLICT', 'This provider already has another Stripe account'),
  onboardingIncomplete: () => new DomainError('CONFLICT', 'Stripe onboarding is not complete yet'),
  providerNotApproved: () => new DomainError('FORBIDDEN', 'Your provider account is not approved: withdrawals open once it is', { reason: 'PROVIDER_NOT_APPROVED' }),
  authorizationNotFound: () => new DomainError('NOT_FOUND', 'Payment authorisation not found'),
  notYourPayment: () => new DomainError('NOT_OWNER', 'This payment is not yours'),
  alreadyCanceled: () => new DomainError('CONFLICT', 'This payment authorisation was cancelled'),
  captureAboveAuthorized: (authorized: number, wanted: number) =>
    new DomainError('BAD_REQUEST', `The charge amount ($${(wanted / 100).toFixed(2)}) is more than the authorised amount ($${(authorized / 100).toFixed(2)}); authorise the new amount first`),
  providerMismatch: () => new DomainError('CONFLICT', 'The payment goes to the provider of the accepted bid', { reason: 'PROVIDER_MISMATCH' }),
  notForRequest: () => new DomainError('CONFLICT', 'This payment is not linked to a service request: there is nothing to capture', { reason: 'NO_REQUEST' }),
  requestNotAccepted: () => new DomainError('CONFLICT', 'No bid has been accepted for this request yet', { reason: 'REQUEST_NOT_ACCEPTED' }),
  requestEnded: (status: string) => new DomainError('CONFLICT', `The request is ${status}: its payment is closed`, { reason: 'REQUEST_NOT_ACTIVE' }),
  completionNotReported: () =>
    new DomainError('CONFLICT', 'The provider has not reported the job completed yet: the payment can be taken once it is', { reason: 'COMPLETION_NOT_REPORTED' }),
  amountMismatch: (jobCents: number) =>
    new DomainError('CONFLICT', `The job's price is $${(jobCents / 100).toFixed(2)}, the accepted bid: the amount is not set by the client`, { reason: 'AMOUNT_MISMATCH' }),
  cardFeeChanged: (feeCents: number) =>
    new DomainError('CONFLICT', `The card processing fee is now $${(feeCents / 100).toFixed(2)}: please check the new amount and pay again.`, {
      reason: 'CARD_FEE_CHANGED',
      cardFee: feeCents / 100,
    }),
  alreadyCaptured: () => new DomainError('CONFLICT', 'This request has already been paid', { reason: 'ALREADY_CAPTURED' }),
  holdNotVoidable: (state: string) =>
    new DomainError('CONFLICT', `The job is ${state}: its payment can no longer be voided. Contact support to dispute it.`, { reason: 'HOLD_NOT_VOIDABLE' }),
  providerRequired: () =>
    new DomainError('VALIDATION_FAILED', 'providerStripeAccountId is required', [{ path: 'providerStripeAccountId', message: 'Required' }]),
  /** 'Minimum withdrawal amount is $X.XX' with the minimum of the settings in force. */
  minimumWithdrawal: (message: string = WITHDRAWAL_MESSAGES.minimum) =>
    new DomainError('VALIDATION_FAILED', message, [{ path: 'amount', message, title: 'Invalid Amount' }]),
  insufficientFunds: () =>
    new DomainError('BAD_REQUEST', WITHDRAWAL_MESSAGES.insufficient, [{ path: 'amount', message: WITHDRAWAL_MESSAGES.insufficient, title: 'Insufficient Balance' }]),
  withdrawalFailed: (withdrawalId: string, reason: string) =>
    new DomainError('UNAVAILABLE', WITHDRAWAL_MESSAGES.failed, { title: 'Withdrawal Failed', withdrawalId, reason }),
  tippingOff: () => new DomainError('FORBIDDEN', 'Tipping is turned off right now.', { reason: 'TIPPING_OFF' }),
  tipCardJobsOnly: () =>
    new DomainError('CONFLICT', 'Tips are paid by card: only a job paid by card can be tipped. A cash job can be tipped in cash.', { reason: 'TIP_CARD_ONLY' }),
  tipNotConfirmed: () => new DomainError('CONFLICT', 'You can tip once you have confirmed the job is completed.', { reason: 'TIP_NOT_CONFIRMED' }),
  tipAlreadyGiven: (cents: number) =>
    new DomainError('CONFLICT', `You already tipped $${(cents / 100).toFixed(2)} for this job: a job takes one tip.`, { reason: 'TIP_ALREADY_GIVEN', tip: cents / 100 }),
  tipInProgress: (cents: number) =>
    new DomainError('CONFLICT', `A tip of $${(cents / 100).toFixed(2)} for this job is being charged: try again with that amount to finish it.`, { reason: 'TIP_IN_PROGRESS', tip: cents / 100 }),
  requestNotFound: () => new DomainError('NOT_FOUND', 'Service request not found'),
  badSignature: (reason: string) => new DomainError('BAD_REQUEST', `Webhook refused: ${reason}`),
};

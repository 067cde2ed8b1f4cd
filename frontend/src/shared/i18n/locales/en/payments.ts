import { count, defineMessages, params } from '../../i18n';

// English texts of features/payments (the spec's, exactly). Spanish: ../es/payments.json, same groups and keys.

export const paymentsDialogMessages = defineMessages('payments/dialog', {
  title: 'Payment',
  description: 'Please enter your payment details to continue.',
  unavailable: 'Unable to load payment system. Please try again later.',
  amount: 'Amount to authorise:',
  loading: 'Loading payment system...',
  cancel: 'Cancel',
});

export const paymentsFormMessages = defineMessages('payments/form', {
  useDifferentCard: 'Use a different card',
  useSavedCard: 'Use a saved card',
  chargeNow: params<{ amount: string | number }>('The charge amount is now {amount}'),
  loadingCards: 'Loading your saved cards...',
  newCard: 'New card',
  cardsFailed: 'Your saved cards could not be loaded; you can still pay with a new card.',
  cardholderName: 'Cardholder Name',
  cardDetails: 'Card Details',
  saveCard: 'Save this card for future payments',
  cancel: 'Cancel',
  processing: 'Processing...',
  pay: params<{ amount: string | number }>('Pay {amount}'),
});

export const paymentsToastMessages = defineMessages('payments/toast', {
  stripeNotLoadedTitle: 'Stripe not loaded',
  stripeNotLoaded: 'Please wait for Stripe to load and try again.',
  missingNameTitle: 'Missing Information',
  missingName: 'Please enter the cardholder name',
  methodErrorTitle: 'Payment Method Error',
  paymentFailedTitle: 'Payment Failed',
  successTitle: 'Success',
  cardAdded: 'Card has been added successfully.',
  cardSavedTitle: 'Card Saved',
  cardSaved: 'Your card has been securely saved for future payments.',
  cardDeletedTitle: 'Payment Method Deleted',
  cardDeleted: 'The payment method has been removed from your account.',
  unknownError: 'Unknown error',
  authorizationFailed: 'Authorization failed',
});

export const paymentsSavedCardsMessages = defineMessages('payments/savedCards', {
  legend: 'Saved cards',
  endingIn: params<{ brand: string | number; last4: string | number }>('{brand} ending in {last4}'),
  expires: params<{ expiry: string | number }>(' · Expires {expiry}'),
  remove: 'Remove',
  removeLabel: params<{ card: string | number }>('Remove {card}'),
  card: 'Card',
});

export const paymentsEarningsMessages = defineMessages('payments/earnings', {
  loading: 'Loading earnings...',
  loadFailed: 'Could not load your earnings.',
  available: 'Available Balance',
  week: 'This Week',
  month: 'This Month',
  monthTips: 'Tips This Month',
  withdraw: 'Withdraw Funds',
  paymentSettings: 'Payment Settings',
  connectFirst: 'Connect your Stripe account in <1>Payment Settings</1> to withdraw your earnings.',
  split: params<{ share: string | number; commission: string | number }>(
    'Card jobs credit your wallet {share}% of the job amount ({commission}% platform commission). Each job keeps the split in force when the customer confirmed it.',
  ),
});

export const paymentsWithdrawMessages = defineMessages('payments/withdraw', {
  title: 'Withdraw Funds',
  available: params<{ amount: string | number }>('Available balance: {amount}'),
  quickAmounts: 'Quick amounts',
  amount: 'Amount ($)',
  hint: params<{ amount: string | number }>('Minimum withdrawal is {amount}'),
  cancel: 'Cancel',
  processing: 'Processing...',
  submit: 'Withdraw',
  invalidTitle: 'Invalid Amount',
  insufficientTitle: 'Insufficient Balance',
  minimum: params<{ amount: string | number }>('Minimum withdrawal amount is {amount}'),
  insufficient: 'You don\'t have enough funds for this withdrawal.',
  failed: 'There was an error processing your withdrawal. Please try again.',
  successTitle: 'Withdrawal Successful',
  success: params<{ amount: string | number }>('{amount} has been withdrawn from your wallet.'),
  failedTitle: 'Withdrawal Failed',
});

export const paymentsHistoryMessages = defineMessages('payments/history', {
  errorTitle: 'Error',
  failed: 'Failed to load job history. Please try again.',
  loading: 'Loading job history...',
  empty: 'No transactions yet. Completed card jobs and withdrawals appear here.',
  list: 'Wallet transactions',
  split: params<{ share: string | number; gross: string | number; commission: string | number }>('{share}% of {gross} ({commission}% platform commission)'),
  cancellationSplit: params<{ share: string | number; gross: string | number; commission: string | number }>(
    'Cancellation fee: {share}% of {gross} ({commission}% platform commission)',
  ),
  tip: params<{ service: string }>('Tip · {service}'),
  refundSplit: params<{ refund: string }>('Refund of {refund} to the customer: your share'),
  tipSplit: "A customer's tip: all of it is yours (no platform commission)",
});

/** The customer's tip on the payment summary of a confirmed card job (while the admin's tipping is on). */
export const paymentsTipMessages = defineMessages('payments/tip', {
  title: 'Add a Tip',
  intro: 'Thank your provider with a tip on the card you paid with. All of it goes to them.',
  presets: 'Tip amount',
  custom: 'Custom amount ($)',
  customHint: params<{ min: string; max: string }>('Any amount from {min} to {max}.'),
  required: 'Choose an amount or enter your own.',
  invalid: params<{ min: string; max: string }>('Enter an amount from {min} to {max}.'),
  cents: 'Use at most two decimal places.',
  submit: params<{ amount: string }>('Add {amount} tip'),
  submitNone: 'Add tip',
  sending: 'Sending tip...',
  success: params<{ amount: string }>('Thank you! Your {amount} tip was sent to your provider.'),
  failed: 'The tip could not be sent. Please try again.',
  off: 'Tipping is not available right now.',
  already: 'This job already has a tip.',
});

export const paymentsSettingsMessages = defineMessages('payments/settings', {
  intro: 'Connect your Stripe account to receive payments from customers',
  readyTitle: 'Ready to get started?',
  setUp: 'Set Up Stripe Connect',
  openDashboard: 'Open Stripe Dashboard',
  errorTitle: 'Error',
  onboardingFailed: 'Failed to start Stripe onboarding. Please try again.',
  dashboardFailed: 'Failed to get Stripe dashboard link. Please try again.',
  loading: 'Loading payment settings...',
  loadFailed: 'Could not load your payment settings.',
  stripeConnect: 'Stripe Connect',
  connected: 'Connected',
  notConnected: 'Not Connected',
  pending: 'Your Stripe account setup is not finished yet. Continue where you left off to start receiving payouts.',
  start: 'Set up a Stripe account to withdraw your earnings to your bank account. It only takes a few minutes.',
  redirecting: 'Redirecting to Stripe...',
  loadingAccount: 'Loading account details...',
  accountFailed: 'Could not load your account details.',
  accountInfo: 'Account Information',
  accountType: 'Account type',
  individual: 'Individual',
  company: 'Company',
  name: 'Name',
  email: 'Email',
  address: 'Address',
  bankAccount: 'Bank Account',
  bankName: 'Bank name',
  accountNumber: 'Account number',
  routingNumber: 'Routing number',
  status: 'Status',
});

export const paymentsCompleteMessages = defineMessages('payments/complete', {
  title: 'Completing Setup',
  waiting: 'Please wait while we complete your Stripe account setup...',
  failedTitle: 'Setup Failed',
  noAccountId: 'No account ID found',
  noRecord: 'No stripe record found',
  redirecting: count({ one: 'Setup completed! Redirecting in {count} seconds...', other: 'Setup completed! Redirecting in {count} seconds...' }),
  successTitle: 'Success',
  success: 'Your Stripe account has been connected successfully!',
  errorTitle: 'Error',
  failed: 'Failed to complete Stripe setup. Please try again.',
  completing: 'Completing setup...',
  connected: 'Stripe account connected',
  returning: count({ one: 'Returning to payment settings in {count} seconds...', other: 'Returning to payment settings in {count} seconds...' }),
  goNow: 'Go to Payment Settings now',
});

export const paymentsTransactionTypesMessages = defineMessages('payments/transactionTypes', {
  Withdrawal: 'Withdrawal',
  'Card payment': 'Card payment',
  Tip: 'Tip',
  Refund: 'Refund',
  'Flat Tire Repair': 'Flat Tire Repair',
  'Tire Replacement': 'Tire Replacement',
  'Tire Rotation': 'Tire Rotation',
  'Wheel Balancing': 'Wheel Balancing',
  'Valve Replacement': 'Valve Replacement',
  'Emergency Service': 'Emergency Service',
});

/** Holds that survive scheduling (issue 13 item 3): a job booked days ahead, its card saved, then held ahead of it. */
export const paymentsScheduledHoldMessages = defineMessages('payments/scheduledHold', {
  dialogNotice: params<{ days: string | number }>(
    'This job is more than {days} days away, longer than a card authorisation lasts: your card is saved now and authorised 24 hours before the job.',
  ),
  saveCard: 'Save card',
  savedTitle: 'Card saved',
  saved: params<{ amount: string; date: string }>('Your card is saved. We will authorise {amount} on {date}, 24 hours before the job.'),
  held: params<{ amount: string }>('Your card is authorised for {amount}.'),
  failedTitle: 'Payment needs attention',
  failed: params<{ reason: string }>('We could not authorise your card for this job: {reason} Update your card so the job can go ahead.'),
  authenticationRequired: 'Your bank needs you to confirm this payment.',
  fixButton: 'Update card',
  fixNotice: 'Enter or confirm a card: it is authorised now for this job.',
  fixedTitle: 'Card authorised',
  fixed: 'Your card is authorised for this job.',
  fixFailedTitle: 'Card not authorised',
  providerPending: "Payment pending: the customer's card is not authorised for this job yet. It cannot be charged until it is.",
  region: 'Card payment for this job',
});

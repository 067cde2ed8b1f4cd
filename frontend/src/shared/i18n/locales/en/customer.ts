import { defineMessages } from '../../i18n';

// English texts of features/customer (the spec's, exactly). Spanish: ../es/customer.json, same groups and keys.

export const customerHomeMessages = defineMessages('customer/home', {
  title: 'Request Tire Service',
  subtitle: 'Tell us what you need and get quotes from nearby providers',
  logout: 'Logout',
  signedInAs: 'Signed in as',
  backToDashboard: 'Back to Dashboard',
  repostNotice: 'Your earlier request is filled in below: check the details and submit it again.',
  biddingTitleProvider: 'Service Request',
  biddingTitleCustomer: 'Bids for Your Request',
});

/** /tracking/{id}: the customer's live job page. */
export const customerTrackingMessages = defineMessages('customer/tracking', {
  title: 'Track Your Provider',
  back: 'Back to Dashboard',
});

/** /payment/{id}: the payment summary page. */
export const customerPaymentMessages = defineMessages('customer/payment', {
  title: 'Payment Summary',
  subtitle: 'Your service is complete',
});

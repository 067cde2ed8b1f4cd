import { count, defineMessages, params } from '../../i18n';

// English texts of features/tracking (the spec's, exactly). Spanish: ../es/tracking.json, same groups and keys.

export const trackingCustomerMessages = defineMessages('tracking/customer', {
  loading: 'Loading your job...',
  notFound: 'This request does not exist.',
  forbidden: 'You cannot view this request.',
  loadFailed: 'Could not load this job.',
  noProviderTitle: 'No provider yet',
  noProviderText: 'This request has no accepted bid yet.',
  seeBids: 'See the bids',
  yourLocation: 'Your location',
  liveTracking: 'Live Tracking',
  serviceLocation: params<{ address: string | number }>('Service location: {address}'),
  providerLocation: 'Provider location',
  progress: 'Progress',
  jobProgress: 'Job progress',
  confirmRegion: 'Confirm completion',
  reportedComplete: 'Your provider reported the job complete.',
  cardCharge: params<{ amount: string | number }>('Confirming charges your card {amount}.'),
  cashPay: params<{ amount: string | number }>('Please pay {amount} in cash to your provider.'),
  confirmCompletion: 'Confirm Completion',
  jobComplete: 'This job is complete.',
  viewSummary: 'View Summary',
  rateProvider: 'Rate Provider',
  jobCanceled: 'This job was canceled.',
  price: 'Price',
  cancelService: 'Cancel Service',
  cancelTitle: 'Cancel this service?',
  cancelDescription: 'Your provider is on the way. Canceling tells them to stop.',
  cancellationFee: params<{ amount: string | number }>('Canceling now costs {amount}: the cancellation fee is charged to your card.'),
  keepService: 'Keep Service',
  cannotUndo: 'This cannot be undone.',
  rateTitle: 'Rate Your Provider',
  rateDescription: 'How was your service?',
  paymentNotCaptured: 'The payment could not be captured.',
  paymentFailedTitle: 'Payment Failed',
  extraRequestedTitle: 'Extra Service Requested',
  extraRequested: params<{ budget: string | number; service: string | number }>('Please confirm {service} (budget {budget}) with your provider on site.'),
});

export const trackingCustomerToastMessages = defineMessages('tracking/customerToast', {
  providerCanceledTitle: 'Provider Canceled',
  providerCanceled: 'This job was canceled. You can post a new request.',
  jobConfirmedTitle: 'Job Confirmed',
  jobConfirmed: 'Thank you! Your service is complete.',
  errorTitle: 'Error',
  confirmFailed: 'Failed to confirm completion. Please try again.',
  cancelFailed: 'Failed to cancel the service. Please try again.',
  providerCanceledReason: params<{ reason: string | number }>('This job was canceled: {reason}. You can post a new request.'),
});

export const trackingProviderMessages = defineMessages('tracking/provider', {
  loading: 'Loading the job...',
  notFound: 'This job does not exist.',
  forbidden: 'This job is not yours.',
  loadFailed: 'Could not load this job.',
  customerLocation: 'Customer location',
  iAmHere: 'I AM HERE',
  jobCompleted: 'JOB COMPLETED',
  waitingConfirm: 'Waiting for the customer to confirm the job.',
  confirmedReturning: 'Job confirmed. Returning to your dashboard...',
  jobCanceled: 'This job was canceled.',
  cancelJob: 'Cancel job',
  liveMap: 'Live Map',
  travelTime: 'Estimated travel time:',
  customerAt: params<{ address: string | number }>('Customer: {address}'),
  yourLocation: 'Your location',
  waitingLocation: 'Waiting for your location...',
  serviceProgress: 'Service Progress',
  cancelFailed: 'Could not cancel the job. Please try again.',
});

export const trackingProviderToastMessages = defineMessages('tracking/providerToast', {
  jobConfirmedTitle: 'Job Confirmed',
  jobConfirmed: 'The customer confirmed the job. Great work!',
  jobCanceledTitle: 'Job Canceled',
  jobCanceled: 'The customer canceled this job.',
  errorTitle: 'Error',
  arrivedFailed: 'Failed to mark your arrival. Please try again.',
  completedFailed: 'Failed to report the job completed. Please try again.',
  youCanceled: 'The customer has been told and can post the request again.',
});

export const trackingSocketMessages = defineMessages('tracking/socket', {
  notConnected: 'Not connected to the live channel. Please try again.',
  noAnswer: 'The server did not answer. Please try again.',
});

export const trackingLocationMessages = defineMessages('tracking/location', {
  unavailable: 'Location is not available in this browser.',
  denied: 'Location permission was denied. The customer cannot see your position.',
  failed: 'Could not get your location.',
});

export const trackingCancelDialogMessages = defineMessages('tracking/cancelDialog', {
  title: 'Cancel this job?',
  description: 'The customer is told at once, with your reason, and can post the request again. Any card hold is released.',
  keep: 'Keep the job',
  confirm: 'Cancel job',
  legend: 'Why are you canceling?',
  yourReason: 'Your reason',
  chooseReason: 'Please choose a reason.',
  tellWhy: 'Please tell the customer why.',
  tooLong: params<{ max: string | number }>('Keep the reason under {max} characters.'),
});

export const trackingCancelReasonMessages = defineMessages('tracking/cancelReason', {
  'Vehicle breakdown': 'Vehicle breakdown',
  Emergency: 'Emergency',
  'Cannot reach the location': 'Cannot reach the location',
  'Customer unreachable': 'Customer unreachable',
  'Wrong tire size or parts': 'Wrong tire size or parts',
  Other: 'Other',
});

export const trackingCustomerCardMessages = defineMessages('tracking/customerCard', {
  title: 'Customer',
  rating: params<{ rating: string | number }>('Rating {rating}'),
  call: 'Call Customer',
  message: 'Send Message',
});

export const trackingProviderCardMessages = defineMessages('tracking/providerCard', {
  title: 'Your Provider',
  unavailable: 'Provider details are not available.',
  rating: params<{ rating: string | number }>('★ {rating}/5'),
  noRatings: 'No ratings yet',
  jobs: count({ one: '{count} job', other: '{count} jobs' }),
  eta: 'Estimated arrival:',
  call: 'Call Provider',
});

export const trackingExtraMessages = defineMessages('tracking/extra', {
  title: 'Request Extra Service',
  description: 'Ask your provider for another service on this visit.',
  form: 'Extra service',
  serviceType: 'Service Type',
  selectService: 'Select a service',
  budget: 'Budget ($)',
  budgetError: 'Budget must be a number of dollars, more than 0',
  cancel: 'Cancel',
  add: 'Add Service',
});

export const trackingHelpMessages = defineMessages('tracking/help', {
  emergency: 'Emergency on the road? Call <1>911</1> first.',
  questions: 'Questions about this job: <1>support@tiredash.com</1>',
  title: 'Need Help?',
  helpCenter: 'Help Center',
  safety: 'Safety',
  extra: 'Request Extra Service',
});

export const trackingDetailsMessages = defineMessages('tracking/details', {
  title: 'Job Details',
  serviceType: 'Service type',
  location: 'Location',
  tireSize: 'Tire size',
  estimatedCost: 'Estimated cost',
  payment: 'Payment',
  card: 'Card',
  cash: 'Cash',
});

export const trackingMapMessages = defineMessages('tracking/map', {
  label: 'Live map',
  unableToLoad: 'Unable to load map',
  loading: 'Loading map...',
  waitingProvider: 'Waiting for the provider\'s location...',
  updated: params<{ time: string | number }>(' (updated {time})'),
  start: 'Start',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
});

export const trackingStepsMessages = defineMessages('tracking/steps', {
  'Request Accepted': 'Request Accepted',
  Arrived: 'Arrived',
  Complete: 'Complete',
  'Service Complete': 'Service Complete',
  done: ' (done)',
  pending: ' (pending)',
});

export const trackingStatusMessages = defineMessages('tracking/status', {
  label: 'Status:',
  aria: params<{ status: string | number }>('Status: {status}'),
  'En Route': 'En Route',
  Arrived: 'Arrived',
  Completed: 'Completed',
  Canceled: 'Canceled',
});

export const trackingEtaMessages = defineMessages('tracking/eta', {
  minutes: count({ one: '{count} minute', other: '{count} minutes' }),
});

export const trackingRatingMessages = defineMessages('tracking/rating', {
  form: 'Rate your provider',
  yourRating: 'Your rating',
  stars: count({ one: '{count} star', other: '{count} stars' }),
  review: 'Review (optional)',
  placeholder: 'Tell others about your experience',
  skip: 'Skip',
  submit: 'Submit Rating',
  requiredTitle: 'Rating Required',
  required: 'Please select a star rating before submitting.',
  submittedTitle: 'Rating Submitted',
  submitted: 'Thank you for your feedback!',
  errorTitle: 'Error',
  failed: 'Failed to submit rating. Please try again.',
});

export const trackingSummaryMessages = defineMessages('tracking/summary', {
  loading: 'Loading the summary...',
  notFound: 'This request does not exist.',
  forbidden: 'You cannot view this request.',
  loadFailed: 'Could not load the summary.',
  serviceSummary: 'Service Summary',
  service: 'Service',
  tireSize: 'Tire size',
  location: 'Location',
  provider: 'Provider',
  status: 'Status',
  completed: 'Completed',
  paymentSummary: 'Payment Summary',
  serviceAmount: 'Service amount',
  serviceFee: 'Service Fee',
  processingFee: 'Card processing fee',
  tip: 'Tip',
  notApplied: 'Not applied',
  refunded: 'Refunded',
  total: 'Total',
  paidBy: 'Paid by',
  card: 'Card',
  cash: 'Cash',
  leaveReview: 'Leave a Review',
  rated: params<{ rating: string | number }>('You rated this job {rating} of 5 stars. Thank you for your feedback!'),
  back: 'Back to Dashboard',
  paymentSummaryLabel: 'Payment summary',
});

export const trackingHistoryMessages = defineMessages('tracking/history', {
  title: 'Job History',
  filters: 'Filter jobs',
  status: 'Status',
  from: 'From',
  to: 'To',
  allStatuses: 'All statuses',
  clear: 'Clear filters',
  rangeError: 'The start date must be on or before the end date.',
  loading: 'Loading your jobs...',
  errorTitle: 'Error',
  loadFailed: 'Failed to load job history. Please try again.',
  noMatch: 'No jobs match these filters.',
  empty: 'No jobs yet. Accepted bids show up here.',
  list: 'Your jobs',
  openLive: 'Open live job',
});

export const trackingRequestStatusMessages = defineMessages('tracking/requestStatus', {
  'Bids Open': 'Bids Open',
  Accepted: 'Accepted',
  'In Progress': 'In Progress',
  Completed: 'Completed',
  'Service Completed': 'Service Completed',
  'Customer No-Show': 'Customer No-Show',
  Cancelled: 'Cancelled',
  Expired: 'Expired',
});

export const trackingServiceTypesMessages = defineMessages('tracking/serviceTypes', {
  'Flat Tire Repair': 'Flat Tire Repair',
  'Tire Replacement': 'Tire Replacement',
  'Tire Rotation': 'Tire Rotation',
  'Wheel Balancing': 'Wheel Balancing',
  'Valve Replacement': 'Valve Replacement',
  'Emergency Service': 'Emergency Service',
});

/** Why an arrival or completion tapped offline was refused when sent (features/tracking/offline/job-outbox.ts). */
export const trackingOutboxMessages = defineMessages('tracking/outbox', {
  arrivedNotRecorded: 'Your arrival could not be recorded.',
  completedNotRecorded: 'Your completion report could not be recorded.',
});

/** The job chat panel of both tracking screens (issue 13 item 4) and its read-only log. */
export const trackingChatMessages = defineMessages('tracking/chat', {
  title: 'Messages',
  customerIntro: 'Write to your provider about this job.',
  providerIntro: 'Write to your customer about this job.',
  conversation: 'Conversation',
  loading: 'Loading messages...',
  loadFailed: 'Could not load the messages.',
  empty: 'No messages yet.',
  earlier: 'Show earlier messages',
  you: 'You',
  customer: 'Customer',
  provider: 'Provider',
  from: params<{ name: string; time: string }>('{name}, {time}'),
  messageLabel: 'Message',
  hint: 'Enter sends, Shift+Enter starts a new line.',
  characters: params<{ used: string; max: string }>('{used}/{max} characters'),
  send: 'Send',
  sending: 'Sending...',
  textRequired: 'Type a message before sending',
  textTooLong: 'A message is at most 1000 characters',
  sendFailed: 'Your message was not sent. Try again.',
  disabled: 'Messaging is turned off.',
  closed: 'This job has ended: the chat is read-only.',
  newMessage: params<{ name: string; text: string }>('New message from {name}: {text}'),
});

/** No-shows both ways (issue 13 item 2): the arrival check, the wait for the customer, a late provider. */
export const trackingNoShowMessages = defineMessages('tracking/noShow', {
  tooFarTitle: 'You are not at the job yet',
  tooFarText: params<{ distance: string; within: string }>("You are {distance} from the job's address; 'I AM HERE' needs you within {within}. Move closer, or give a reason to arrive anyway."),
  positionUnknownTitle: 'We cannot see where you are',
  positionUnknownText: params<{ within: string }>(
    "'I AM HERE' needs your live location within {within} of the job's address. Turn on location sharing for TireDash and try again, or give a reason to arrive anyway.",
  ),
  overrideLabel: 'Reason to arrive from here',
  overrideHint: 'An admin sees this reason with the job. No no-show fee can be charged on an arrival that was not checked.',
  overrideRequired: 'Say why you are arriving from here',
  arriveAnyway: 'Arrive anyway',
  stayEnRoute: 'Keep driving',
  waitRegion: 'Waiting for the customer',
  customerWait: params<{ time: string }>('Your provider is here. They wait {time} more before they may mark you absent.'),
  customerWaitOver: 'Your provider is here and has waited for you. Please meet them now.',
  providerWait: params<{ time: string }>('Waiting for the customer: {time} left before you may mark them absent.'),
  providerWaitOver: 'You have waited long enough: you may mark the customer absent.',
  markAbsent: 'Customer not here',
  markAbsentTitle: 'Mark the customer absent?',
  markAbsentCard: params<{ fee: string }>('The job ends as a customer no-show. The customer pays the no-show fee of {fee}; you are credited it less the commission.'),
  markAbsentCash: 'The job ends as a customer no-show. It is a cash job: nobody is charged.',
  markAbsentUnchecked: "The job ends as a customer no-show. Your arrival was not checked against your location, so no no-show fee is charged and the customer's card hold is released.",
  keepWaiting: 'Keep waiting',
  markAbsentFailed: 'Could not mark the customer absent.',
  outcomeTitle: 'Customer No-Show',
  outcomeCustomerCard: params<{ fee: string }>('You were not at the service location: the job ended as a no-show and your card was charged the no-show fee of {fee}. The rest of the hold was released.'),
  outcomeCustomerCash: 'You were not at the service location: the job ended as a no-show. Nothing was charged.',
  outcomeProviderCard: params<{ fee: string }>('The customer was not there: the job ended as a no-show. The no-show fee of {fee} is credited to your wallet less the commission.'),
  outcomeProviderCash: 'The customer was not there: the job ended as a no-show. It was a cash job: nothing was charged.',
  outcomeCustomerNoFee: 'You were not at the service location: the job ended as a no-show. No fee was charged and the hold on your card was released.',
  outcomeProviderNoFee: "The customer was not there: the job ended as a no-show. No no-show fee was charged and the customer's card hold was released.",
  lateRegion: 'Your provider is late',
  lateText: 'Your provider has not arrived by the time they gave plus the grace period.',
  cancelFree: 'Provider is late: cancel free',
  cancelFreeDone: 'Canceled free of charge: the provider did not arrive in time.',
  cancelFreeFailed: 'Could not cancel the service.',
});

/** Extras (issue 13 item 1): what the provider adds on site, the customer's approval, the itemised totals. */
export const trackingExtrasMessages = defineMessages('tracking/extras', {
  title: 'Extra Services',
  list: 'Extra services',
  providerIntro: 'Found more work on site? Add it here: the customer approves its price before it is charged.',
  customerIntro: 'Your provider asks to add these services. Nothing is charged unless you approve it.',
  empty: 'No extra services.',
  add: 'Add Extra Service',
  dialogTitle: 'Add Extra Service',
  dialogDescription: 'Choose the service and its price. The customer approves it before it is charged.',
  price: 'Price ($)',
  priceRange: 'The price of an extra is between $1 and $2,000',
  item: params<{ service: string; amount: string }>('{service}: {amount}'),
  pending: 'Waiting for approval',
  approved: 'Approved',
  declined: 'Declined',
  cardDeclined: 'Card declined',
  approve: 'Approve',
  decline: 'Decline',
  approveLabel: params<{ service: string; amount: string }>('Approve {service} for {amount}'),
  declineLabel: params<{ service: string; amount: string }>('Decline {service} for {amount}'),
  chargeNow: params<{ amount: string }>('The charge amount is now {amount}'),
  cardDeclinedCustomer: 'Your card did not accept the new total: the extra was not approved and nothing more is charged.',
  cardDeclinedProvider: "The customer's card did not accept the new total: the extra was not approved.",
  cashNote: 'Approved extras are paid in cash with the job.',
  jobTotal: params<{ amount: string }>('Job total with approved extras: {amount}'),
  added: 'Extra Service Added',
  addedText: 'The customer is asked to approve it.',
  addFailed: 'The extra service was not added.',
  answerFailed: 'Your answer was not saved. Try again.',
  errorTitle: 'Error',
  newExtra: params<{ service: string; amount: string }>('Your provider added {service} for {amount}: approve or decline it.'),
  answeredApproved: params<{ service: string }>('The customer approved {service}.'),
  answeredDeclined: params<{ service: string }>('The customer declined {service}.'),
  answeredCardDeclined: params<{ service: string }>("The customer's card declined {service}."),
  extraLine: params<{ service: string }>('Extra: {service}'),
  bid: 'Accepted bid',
  items: 'Job items',
  cardFee: 'Card processing fee',
  total: 'Total',
});

/** 'Report a problem' on the tracking screens (issue 13 item 7: disputes). */
export const trackingReportMessages = defineMessages('tracking/report', {
  title: 'Report a problem',
  intro: 'Something went wrong with this job? Tell us and an admin will look into it.',
  open: 'Report a problem',
  yourReports: 'Your reports',
  loadFailed: 'Could not load your reports.',
  dialogTitle: 'Report a problem',
  dialogDescription: 'Tell us what went wrong. An admin reads every report.',
  category: 'What is the problem about?',
  choose: 'Choose a category',
  catServiceQuality: 'Quality of the work',
  catDamage: 'Damage to my vehicle or equipment',
  catPricing: 'Price or charges',
  catNoShow: 'No-show or lateness',
  catConduct: 'Behaviour',
  catPayment: 'Payment',
  catOther: 'Something else',
  categoryRequired: 'Choose what the problem is about',
  description: 'Describe the problem',
  descriptionHint: 'At least 10 characters.',
  descriptionRequired: 'Describe the problem',
  descriptionShort: 'Describe the problem in at least 10 characters',
  cancel: 'Cancel',
  submit: 'Send report',
  sentTitle: 'Report sent',
  sent: 'Thank you. An admin will look into it.',
  failedTitle: 'Report not sent',
  failed: 'Could not send your report. Please try again.',
  statusOpen: 'Open: an admin will look into it.',
  statusResolved: params<{ note: string }>('Resolved: {note}'),
  refundedTitle: 'Refund',
  refunded: params<{ amount: string }>('Refunded {amount}'),
});

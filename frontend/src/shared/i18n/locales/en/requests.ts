import { count, defineMessages, params } from '../../i18n';

// English texts of features/requests (the spec's, exactly). Spanish: ../es/requests.json, same groups and keys.

export const requestFormMessages = defineMessages('requests/form', {
  formLabel: 'Service request',
  serviceType: 'Service Type',
  selectService: 'Select a service',
  tireSize: 'Tire Size',
  tireSizeHint: 'Like 225/65/R17, LT265/70/R17 or 33X12.50R15: the slashes are added for you.',
  tireBrand: 'Tire Brand (optional)',
  locating: 'Locating...',
  useLocation: 'Use my current location',
  usingLocation: params<{ lat: string; lng: string }>('Using your current location ({lat}, {lng}).'),
  locationFailed: 'Could not get your location.',
  locationUnavailable: 'Location is not available in this browser.',
  locationDenied: 'Location permission was denied.',
  locationSet: 'Location set.',
  description: 'Description',
  descriptionPlaceholder: 'What happened? Anything the provider should know?',
  budget: 'Budget ($)',
  priority: 'Priority',
  scheduledTime: 'Scheduled Time',
  photos: 'Photos (optional)',
  photosDescription: 'Photos of the tire help providers quote accurately.',
  paymentMethod: 'Payment Method',
  submitting: 'Submitting...',
  submit: 'Submit Request',
  priorityLow: 'Low',
  priorityNormal: 'Normal',
  priorityHigh: 'High',
  priorityUrgent: 'Urgent',
  cashTitle: 'Cash',
  cashDescription: 'Pay the provider directly in cash',
  cardTitle: 'Card',
  cardDescription: params<{ fee: number }>('Pay by card (a ${fee} processing fee is added)'),
  serviceTypeRequired: 'Service type is required',
  tireSizeRequired: 'Tire size is required',
  tireSizeInvalid: 'Enter a tire size like 225/65/R17',
  budgetRequired: 'Budget is required and must not be 0',
  budgetPositive: 'Budget must be more than 0',
  paymentRequired: 'Choose how you will pay',
  scheduledInvalid: 'Enter a valid date and time',
});

export const addressMessages = defineMessages('requests/address', {
  label: 'Service Address',
  placeholder: 'Street, city',
  searching: 'Searching...',
  search: 'Search',
  suggestions: 'Address suggestions',
  searchHint: 'Suggestions do not appear as you type here: press Enter or Search to look the address up.',
  noMatch: 'No address matches this text. Check it, or keep it as typed.',
});

export const newRequestMessages = defineMessages('requests/new', {
  title: 'New service request',
  notice: "You'll receive bids from nearby providers within minutes",
  createdTitle: 'Request Created',
  createdDescription: 'Your service request has been created successfully.',
  errorTitle: 'Error',
  failedDescription: 'Failed to create request. Please try again.',
  cardUnavailableTitle: 'Card payment not available yet',
  cardUnavailableDescription: 'Card payment cannot be used yet. Please choose cash to submit your request.',
  noLocationTitle: 'Location needed',
  noLocationDescription:
    'We could not place that address on the map. Use your current location or pick an address from the suggestions.',
  uploadErrorTitle: 'Upload Error',
  uploadErrorDescription: 'An error occurred while uploading images.',
  uploadFailedTitle: 'Upload Failed',
  uploadFailedDescription: 'Failed to upload images.',
});

export const myRequestsMessages = defineMessages('requests/mine', {
  title: 'Your requests',
  listLabel: 'Your service requests',
  loading: 'Loading your requests...',
  fetchFailed: 'Failed to fetch active requests',
  empty: 'You have no service requests yet.',
  budget: params<{ amount: string }>('Budget {amount}'),
  amount: params<{ amount: string }>('Amount {amount}'),
  viewBids: 'View bids',
  track: 'Track provider',
  viewSummary: 'View summary',
  postAgain: 'Post again',
});

export const reachMessages = defineMessages('requests/reach', {
  openFor: params<{ duration: string }>('Open for another {duration}.'),
  closing: 'Closing now…',
  sentTo: count({ one: 'Sent to {count} nearby provider.', other: 'Sent to {count} nearby providers.' }),
  bidsAppear: 'Bids appear here as they come in.',
  nobodyOnline: 'No provider nearby is online right now.',
  staysOpen: 'Your request stays open: providers who come online near you will see it, and their bids will appear here.',
});

/** The service types (libs/contracts SERVICE_TYPES), by their stored value. */
export const serviceTypeMessages = defineMessages('requests/serviceTypes', {
  'Flat Tire Repair': 'Flat Tire Repair',
  'Tire Replacement': 'Tire Replacement',
  'Tire Rotation': 'Tire Rotation',
  'Wheel Balancing': 'Wheel Balancing',
  'Valve Replacement': 'Valve Replacement',
  'Emergency Service': 'Emergency Service',
});

/** A request's status (libs/contracts), by its stored value. */
export const requestStatusMessages = defineMessages('requests/status', {
  'Bids Open': 'Bids Open',
  Accepted: 'Accepted',
  'In Progress': 'In Progress',
  Completed: 'Completed',
  'Service Completed': 'Service Completed',
  'Customer No-Show': 'Customer No-Show',
  Cancelled: 'Cancelled',
  Expired: 'Expired',
});

export const biddingMessages = defineMessages('requests/bidding', {
  loading: 'Loading request...',
  notFound: 'This request does not exist.',
  forbidden: 'You cannot view this request.',
  loadFailed: 'Could not load this request.',
  acceptedTitle: 'Bid Accepted!',
  acceptedDescription: 'Your provider is on the way.',
  conflictTitle: 'Bid no longer available',
  conflictDescription: 'This request was already accepted or the bid has closed. Please choose another bid.',
  errorTitle: 'Error',
  acceptFailed: 'Failed to accept the bid. Please try again.',
  cancelFailed: 'Failed to cancel the request. Please try again.',
  selectPaymentTitle: 'Select payment method',
  selectPaymentDescription: 'Choose how you will pay before accepting a bid.',
  cardUnavailableTitle: 'Card payment not available yet',
  cardUnavailableDescription: 'The new amount cannot be charged to a card yet.',
  reauthTitle: 'Card authorisation needed',
  reauthDescription: 'Authorise your card for this bid first.',
  yourRequest: 'Your request',
  expired: 'Request expired',
  cancelled: 'Request cancelled',
  incomingBids: 'Incoming bids',
  eachBidShown: params<{ seconds: number }>('Each bid is shown for {seconds} seconds.'),
  earlierBidsFailed: 'Could not load earlier bids; new ones still arrive live.',
  cancelRequest: 'Cancel Request',
  chargeNow: params<{ amount: string }>('The charge amount is now {amount}'),
  youAccepted: 'You accepted a bid.',
  trackProvider: 'Track your provider',
  closed: params<{ status: string }>('This request is {status}; it no longer takes bids.'),
  serviceRequest: 'Service request',
  yourBid: 'Your bid',
  customerAccepted: 'The customer accepted your bid.',
  goToJob: 'Go to the job',
  noLongerBids: 'This request no longer takes bids.',
});

export const bidsListMessages = defineMessages('requests/bids', {
  newProvider: 'New provider',
  waiting: 'Waiting for bids from nearby providers...',
  listLabel: 'Bids',
  provider: 'Provider',
  bidFrom: params<{ name: string }>('Bid from {name}'),
  secondsLeft: params<{ seconds: number }>('{seconds} seconds left'),
  rating: 'Rating',
  jobs: 'Jobs',
  respondsIn: 'Responds in',
  arrivesIn: 'Arrives in',
  minutes: params<{ minutes: string | number }>('{minutes} min'),
  acceptLabel: params<{ name: string; amount: string }>('Accept bid from {name} for {amount}'),
  accepting: 'Accepting...',
  accept: 'Accept',
  /** Said by screen readers (a polite live region) when a bid arrives. */
  announceBid: params<{ name: string; amount: string; minutes: string | number }>('New bid from {name}: {amount}, arrives in {minutes} min'),
  announceBids: count({ one: '{count} new bid', other: '{count} new bids' }),
});

export const summaryMessages = defineMessages('requests/summary', {
  asap: 'As soon as possible',
  tirePhoto: 'Tire photo',
  tire: 'Tire',
  address: 'Address',
  near: params<{ lat: string; lng: string }>('Near {lat}, {lng}'),
  budget: 'Budget',
  priority: 'Priority',
  scheduled: 'Scheduled',
  payment: 'Payment',
  card: 'Card',
  cash: 'Cash',
  customer: 'Customer',
  posted: 'Posted',
  photos: 'Photos',
});

export const endedMessages = defineMessages('requests/ended', {
  expiredTitle: 'No provider was chosen in time',
  providerCanceledTitle: 'Provider Canceled',
  cancelledTitle: 'This request was cancelled',
  expiredText:
    'This request expired without an accepted bid, and nothing was charged. Post it again to ask the providers who are online now.',
  providerCanceledText: 'Your provider canceled this job. Any card hold was released. Post it again to get new bids.',
  providerCanceledReasonText: params<{ reason: string }>(
    'Your provider canceled this job ({reason}). Any card hold was released. Post it again to get new bids.',
  ),
  noBids: 'It no longer takes bids.',
  postAgain: 'Post again',
  backToDashboard: 'Back to Dashboard',
});

/** The provider's bid form (features/requests/components/bid-form.tsx, bid-form.model.ts). */
export const bidFormMessages = defineMessages('requests/bidForm', {
  formLabel: 'Place a bid',
  pending: 'Bid submitted. Waiting for the customer to choose.',
  expired: 'Your bid expired. You can bid again while the request is open.',
  price: 'Your price ($)',
  priceHint: params<{ budget: string }>('Leave empty to bid the budget ({budget}).'),
  eta: 'ETA (minutes)',
  submitting: 'Submitting...',
  update: 'Update Bid',
  place: 'Place Bid',
  placedTitle: 'Bid Placed',
  placedDescription: 'Your bid has been submitted successfully.',
  failedTitle: 'Error',
  failedDescription: 'Failed to place bid. Please try again.',
  priceNumber: 'Price must be a number',
  priceMin: 'Price must be at least 1',
  etaNumber: 'ETA must be a number',
  etaMin: 'ETA must be at least 1',
});

/** The provider dashboard's Requests tab (features/requests/components/provider-requests-tab.tsx). */
export const providerRequestsMessages = defineMessages('requests/providerTab', {
  sectionLabel: 'Service requests',
  intro: 'New requests near you appear here as they come in.',
  loading: 'Loading requests...',
  loadFailed: 'Could not load service requests.',
  empty: 'No open requests right now. New ones will show up here.',
  offline: 'You are offline. Switch to Online above to be offered requests near you.',
  listLabel: 'Open service requests',
  itemLabel: params<{ service: string }>('{service} request'),
  open: 'Open request',
});

/** The provider's live request feed's toasts (features/requests/hooks/use-provider-requests-feed.ts). */
export const providerFeedMessages = defineMessages('requests/providerFeed', {
  newRequestTitle: 'New Service Request!',
  bidExpiredTitle: 'Bid Expired',
  bidExpired: 'The bidding period for your bid has ended.',
  notSelectedTitle: 'Bid Not Selected',
  notSelected: 'The customer chose another provider for this request.',
  requestCancelledTitle: 'Request Cancelled',
  requestCancelled: 'The customer cancelled this request.',
  requestExpiredTitle: 'Request Expired',
  requestExpired: 'The customer did not choose a provider in time.',
  bidAcceptedTitle: 'Bid Accepted!',
  bidAccepted: 'The customer accepted your bid. Head to the job.',
});

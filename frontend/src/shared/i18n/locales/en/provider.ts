import { defineMessages, params } from '../../i18n';

// English texts of features/provider (the spec's, exactly). Spanish: ../es/provider.json, same groups and keys.

export const providerDashboardMessages = defineMessages('provider/dashboard', {
  title: 'Provider Dashboard',
  logout: 'Logout',
  noProfileTitle: 'No provider profile',
  noProfile: 'This account has no provider profile. Please contact support.',
  refreshFailed: 'Could not refresh your profile.',
  tabs: 'Provider dashboard',
  requests: 'Requests',
  history: 'History',
  earnings: 'Earnings',
  reviews: 'Reviews',
  profile: 'Profile',
});

export const providerTrackingMessages = defineMessages('provider/tracking', {
  title: 'Live Job',
  back: 'Back to Dashboard',
});

export const providerCompleteMessages = defineMessages('provider/complete', {
  title: 'Stripe Account Setup',
});

export const providerSettingsMessages = defineMessages('provider/settings', {
  title: 'Payment Settings',
  back: '← Back to Dashboard',
  noProfileTitle: 'No provider profile',
  noProfile: 'This account has no provider profile. Please contact support.',
});

export const providerPresenceMessages = defineMessages('provider/presence', {
  label: 'Availability',
  available: 'Available for new requests',
  locating: 'Locating…',
  saving: 'Saving…',
  online: 'Online',
  offline: 'Offline',
  noticeOffline: 'You are offline: you will not be offered new requests.',
  noticeLive: 'You are online: requests near your current location will appear in Requests.',
  noticeBase: 'You are online without a live location: you are matched from your service address.',
  noticeBaseAt: params<{ address: string | number }>('You are online without a live location: you are matched from your service address ({address}).'),
  noticeNone: 'You are online, but without a location or a service address nobody can be matched to you. Allow location, or add a service address in Profile.',
  denied: 'Location permission was denied. Allow location for this site in your browser settings to be offered requests near where you are.',
  noFix: 'Could not get your location right now.',
  unavailable: 'Location is not available in this browser.',
  onlineFailed: 'Could not go online. Please try again.',
  offlineFailed: 'Could not go offline. Please try again.',
});

export const providerCardMessages = defineMessages('provider/card', {
  title: 'Profile',
  businessName: 'Business Name',
  fullName: 'Full Name',
  email: 'Email',
  phone: 'Phone',
  yearsExperience: 'Years Experience',
  hourlyRate: 'Hourly Rate',
  serviceRadius: 'Service Radius',
  radiusMiles: params<{ radius: string | number }>('{radius} miles'),
  vehicleDetails: 'Vehicle Details',
  accountStatus: 'Account Status',
  approved: 'Approved',
  rejected: 'Rejected',
  pendingReview: 'Pending review',
  servicesOffered: 'Services Offered',
  editProfile: 'Edit Profile',
  paymentSettings: 'Payment Settings',
});

export const providerReviewMessages = defineMessages('provider/review', {
  title: 'Account Under Review',
  text: 'Thank you for applying. Our team is reviewing your application; this usually takes 1-3 business days. This page updates by itself as soon as your account is approved.',
  rejected: 'Your application was not approved. Please contact support if you think this is a mistake.',
});

export const providerUploaderMessages = defineMessages('provider/uploader', {
  drop: 'Drag and drop images here, or',
  browse: 'Browse files',
  hintOne: params<{ mb: string | number; types: string | number }>('One {types} image, up to {mb}MB.'),
  hintMany: params<{ max: string | number; mb: string | number; types: string | number }>('{types} images only, up to {mb}MB each, {max} files at most.'),
  selected: params<{ label: string | number }>('{label}: selected files'),
  remove: 'Remove',
  removeLabel: params<{ name: string | number }>('Remove {name}'),
  types: 'JPEG, PNG, GIF or WebP',
  maxFiles: params<{ max: string | number }>('Maximum {max} files allowed'),
  notImage: params<{ name: string | number }>('{name} is not an image file'),
  unsupported: params<{ name: string | number; types: string | number }>('{name} is not a supported image. Please choose a {types} image'),
  tooLarge: params<{ mb: string | number; name: string | number }>('{name} is too large. Maximum size is {mb}MB'),
});

export const providerAreaMessages = defineMessages('provider/area', {
  label: 'Service Address',
  notFound: 'We could not find this address. Pick one of the suggestions or use your current location.',
  hint: 'Requests near this address reach you while your live location is off.',
  currentLocation: params<{ coords: string | number }>('Current location ({coords})'),
  usingCurrent: params<{ coords: string | number }>('Using your current location ({coords}).'),
  locationFailed: 'Could not get your location.',
  locating: 'Locating...',
  useCurrent: 'Use my current location',
});

export const providerProfileMessages = defineMessages('provider/profile', {
  title: 'Edit Profile',
  back: 'Back to Dashboard',
  noProfileTitle: 'No provider profile',
  noProfile: 'This account has no provider profile. Please contact support.',
  loading: 'Loading profile...',
  businessDetails: 'Business Details',
  businessName: 'Business Name',
  yearsExperience: 'Years Experience',
  phone: 'Phone',
  servicesOffered: 'Services Offered',
  serviceArea: 'Service Area',
  serviceAreaHint: 'Where you take jobs. While you are online with location on, requests are matched from where you are.',
  serviceRadius: 'Service Radius (miles)',
  businessId: 'Business ID',
  businessLicense: 'Business License',
  noBusinessId: 'No Business ID image uploaded.',
  noBusinessLicense: 'No Business License image uploaded.',
  newBusinessId: 'Upload a new Business ID image',
  newBusinessLicense: 'Upload a new Business License image',
  cancel: 'Cancel',
  saving: 'Saving...',
  save: 'Save Changes',
  errorTitle: 'Error',
  loadFailed: 'Failed to load profile data. Please try again.',
  updateFailed: 'Failed to update profile. Please try again.',
  successTitle: 'Success',
  updated: 'Profile updated successfully!',
});

export const providerServicesMessages = defineMessages('provider/services', {
  'Flat Tire Repair': 'Flat Tire Repair',
  'Tire Replacement': 'Tire Replacement',
  'Tire Rotation': 'Tire Rotation',
  'Wheel Balancing': 'Wheel Balancing',
  'Valve Replacement': 'Valve Replacement',
  'Emergency Service': 'Emergency Service',
  'Tire Repair': 'Tire Repair',
  'Wheel Alignment': 'Wheel Alignment',
  'Tire Balancing': 'Tire Balancing',
});

export const providerValidationMessages = defineMessages('provider/validation', {
  'Business name is required': 'Business name is required',
  'Phone is required': 'Phone is required',
  'Enter a valid phone number': 'Enter a valid phone number',
  'Service radius must be more than 0': 'Service radius must be more than 0',
  'Service radius is required': 'Service radius is required',
  'Enter a valid radius': 'Enter a valid radius',
  'Years experience is required': 'Years experience is required',
  'Years experience must be a number': 'Years experience must be a number',
  'Years of experience must be a whole number': 'Years of experience must be a whole number',
  'Years experience must be 0 or more': 'Years experience must be 0 or more',
  'Please select at least one service type you offer.': 'Please select at least one service type you offer.',
  'Number must be less than or equal to 80': 'Number must be less than or equal to 80',
  'Number must be less than or equal to 500': 'Number must be less than or equal to 500',
  'String must contain at most 120 character(s)': 'String must contain at most 120 character(s)',
});

import { defineMessages, params } from '../../i18n';

// English texts of features/admin (the spec's, exactly). Spanish: ../es/admin.json, same groups and keys.

export const adminPageMessages = defineMessages('admin/page', {
  title: 'Admin Dashboard',
  logout: 'Logout',
  tabs: 'Administration',
  approvals: 'Provider Approvals',
  users: 'User Management',
  settings: 'System Settings',
  homepage: 'Homepage Settings',
  audit: 'Audit',
});

export const adminMessagesMessages = defineMessages('admin/messages', {
  savedTitle: 'Saved',
  errorTitle: 'Error',
  failed: params<{ what: string | number }>('Failed to update {what}. Please try again.'),
  heroWhat: 'the hero section',
  heroDone: 'Hero section updated.',
  cardsWhat: 'the service cards',
  cardsDone: 'Service cards updated.',
  aboutWhat: 'the About page',
  aboutDone: 'About page updated.',
  contactWhat: 'the Contact page',
  contactDone: 'Contact page updated.',
  careersWhat: 'the Careers page',
  careersDone: 'Careers page updated.',
  privacyWhat: 'the Privacy Policy',
  privacyDone: 'Privacy Policy updated.',
  termsWhat: 'the Terms of Service',
  termsDone: 'Terms of Service updated.',
  settingsWhat: 'the system settings',
  settingsDone: 'System settings updated.',
  apiKeysWhat: 'the API keys',
  apiKeysDone: 'API keys updated.',
  logoWhat: 'the logo',
  logoDone: 'Logo updated.',
});

export const adminStatsMessages = defineMessages('admin/stats', {
  label: 'Statistics',
  totalCustomers: 'Total Customers',
  totalProviders: 'Total Providers',
  totalRevenue: 'Total Revenue',
  jobsToday: 'Jobs Today',
  averageRating: 'Average Rating',
  reportedIssues: 'Reported Issues',
  loadFailed: 'Statistics could not be loaded.',
});

export const adminAuditMessages = defineMessages('admin/audit', {
  loading: 'Loading the audit log...',
  loadFailed: 'Could not load the audit log.',
  title: 'Audit Log',
  refresh: 'Refresh',
  empty: 'No admin changes have been recorded yet.',
  caption: 'Admin changes, newest first',
  when: 'When',
  who: 'Who',
  what: 'What',
  before: 'Before',
  after: 'After',
  unknown: 'unknown',
  pages: 'Audit log pages',
  newer: 'Newer',
  older: 'Older',
  pageOf: params<{ count: string | number; page: string | number }>('Page {page} of {count}'),
});

export const adminHeroMessages = defineMessages('admin/hero', {
  title: 'Hero Section',
  description: 'The headline and paragraph at the top of the landing page. Empty fields show the built-in text.',
  heading1: 'Hero Heading 1',
  heading2: 'Hero Heading 2',
  paragraph: 'Hero Paragraph',
  saving: 'Saving...',
  save: 'Save Hero',
});

export const adminHomepageMessages = defineMessages('admin/homepage', {
  loading: 'Loading homepage content...',
  loadFailed: 'Could not load the homepage content.',
});

export const adminApprovalsMessages = defineMessages('admin/approvals', {
  businessName: 'Business Name',
  fullName: 'Full Name',
  email: 'Email',
  phone: 'Phone',
  yearsExperience: 'Years Experience',
  hourlyRate: 'Hourly Rate',
  serviceRadius: 'Service Radius',
  radiusMiles: params<{ radius: string | number }>('{radius} miles'),
  services: 'Services',
  vehicleDetails: 'Vehicle Details',
  applied: 'Applied',
  documents: 'Documents',
  businessId: 'Business ID',
  businessLicense: 'Business License',
  noBusinessId: 'No Business ID image uploaded.',
  noBusinessLicense: 'No Business License image uploaded.',
  approvedTitle: 'Provider Approved',
  rejectedTitle: 'Provider Rejected',
  approved: params<{ name: string | number }>('{name} has been approved.'),
  rejected: params<{ name: string | number }>('{name} has been rejected.'),
  errorTitle: 'Error',
  failed: 'Failed to update the provider. Please try again.',
  title: 'Pending Provider Applications',
  refresh: 'Refresh',
  search: 'Search applications',
  searchPlaceholder: 'Business, name, phone or e-mail',
  loading: 'Loading pending providers...',
  loadFailed: 'Could not load pending providers.',
  noMatch: params<{ search: string | number }>('No applications match “{search}”.'),
  empty: 'No providers are waiting for approval.',
  appliedOn: params<{ date: string | number }>('applied {date}'),
  review: 'Review',
  pages: 'Application pages',
  dialogTitle: 'Review Provider',
  dialogDescription: params<{ name: string | number }>('Approve or reject the application of {name}.'),
  reject: 'Reject',
  approve: 'Approve',
});

export const adminCardsMessages = defineMessages('admin/cards', {
  title: 'Service Cards',
  description: 'The cards of the landing page\'s \'Our Services\' section. The badge reads \'From $\' and the price.',
  add: 'Add Service Card',
  empty: 'No cards: the landing page shows the built-in cards.',
  list: 'Service cards',
  cardLabel: params<{ n: string | number; title: string | number }>('Card {n}: {title}'),
  untitled: 'untitled',
  legend: params<{ n: string | number }>('Card {n}'),
  fieldTitle: 'Title',
  price: 'Price',
  body: 'Body',
  removeLabel: params<{ n: string | number }>('Remove Card {n}'),
  remove: 'Remove Card',
  updating: 'Updating...',
  update: 'Update Service Cards',
  newTitle: 'New Service',
  newBody: 'Service description',
  priceRequired: 'Price is required',
  priceMin: 'Price must be 0 or more',
  priceNumber: 'Price must be a number',
  titleRequired: 'Title is required',
});

export const adminSettingsMessages = defineMessages('admin/settings', {
  features: 'Features',
  fees: 'Fees',
  serviceFee: 'Service Fee (%)',
  serviceFeeHint: 'A whole percentage; the default is 10.',
  walletFee: 'Wallet Fee (%)',
  walletFeeHint: 'A whole percentage; the default is 20.',
  apiKeys: 'API Keys',
  mapKey: 'Map Key',
  mapKeyHint: 'Used by the maps; leave empty to remove it.',
  paymentKeys: 'Payment keys are managed in the deployment environment: STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET of the payments service. They are never entered or stored here.',
  saving: 'Saving...',
  save: 'Save Settings',
  serviceFeeName: 'Service fee',
  walletFeeName: 'Wallet fee',
  required: params<{ label: string | number }>('{label} is required'),
  whole: params<{ label: string | number }>('{label} must be a whole number'),
  max: params<{ label: string | number }>('{label} must be 100 or less'),
  currentLogo: 'Current logo:',
  currentLogoAlt: 'Current site logo',
  builtInLogo: 'The built-in logo is shown.',
  newLogo: 'New Logo',
  uploading: 'Uploading...',
  uploadLogo: 'Upload Logo',
  title: 'System Settings',
  description: 'Feature toggles, fees and the platform\'s API keys.',
  loading: 'Loading settings...',
  loadFailed: 'Could not load the settings.',
  logoTitle: 'Logo',
  logoDescription: 'Shown in the header of every page.',
});

export const adminUsersMessages = defineMessages('admin/users', {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  updatedTitle: 'User Updated',
  updated: params<{ name: string | number }>('{name} has been updated.'),
  errorTitle: 'Error',
  failed: 'Update user failed',
  editTitle: 'Edit User',
  fullName: 'Full Name',
  phone: 'Phone',
  businessName: 'Business Name',
  approval: 'Approval',
  cancel: 'Cancel',
  saving: 'Saving...',
  save: 'Save',
  noProfile: 'This user has no customer or provider profile to edit.',
  title: 'Users',
  search: 'Search users',
  searchPlaceholder: 'Name, e-mail, phone or business',
  loading: 'Loading users...',
  loadFailed: 'Could not load users.',
  noMatch: params<{ search: string | number }>('No users match “{search}”.'),
  empty: 'No users yet.',
  name: 'Name',
  email: 'Email',
  role: 'Role',
  status: 'Status',
  joined: 'Joined',
  actions: 'Actions',
  none: 'none',
  active: 'Active',
  edit: 'Edit',
  editLabel: params<{ name: string | number }>('Edit {name}'),
  pages: 'Users pages',
});

export const adminEditorMessages = defineMessages('admin/editor', {
  loading: params<{ title: string | number }>('Loading {title}...'),
  loadFailed: params<{ title: string | number }>('Could not load the {title}.'),
  saveLabel: params<{ title: string | number }>('Save {title}'),
  saving: 'Saving...',
  save: 'Save',
  htmlHint: 'HTML is allowed (headings, paragraphs, lists, links); scripts and event handlers are removed when saved.',
});

export const adminEditorAboutMessages = defineMessages('admin/editorAbout', {
  title: 'About Page',
  description: 'The header and text of /about.',
  header: 'About Header',
  text: 'About Text',
});

export const adminEditorContactMessages = defineMessages('admin/editorContact', {
  title: 'Contact Page',
  description: 'The email, phone and address shown on /contact.',
  email: 'Contact Email',
  phone: 'Contact Phone',
  address: 'Address',
});

export const adminEditorCareersMessages = defineMessages('admin/editorCareers', {
  title: 'Careers Page',
  description: 'The introduction and open positions of /careers. With no positions the page lists the built-in ones.',
  text: 'Careers Text',
  positions: 'Open Positions',
  none: 'No positions listed.',
  positionTitle: params<{ n: string | number }>('Position {n} Title'),
  positionLocation: params<{ n: string | number }>('Position {n} Location'),
  remove: params<{ n: string | number }>('Remove Position {n}'),
  add: 'Add Position',
});

export const adminEditorPrivacyMessages = defineMessages('admin/editorPrivacy', {
  title: 'Privacy Policy',
  description: 'The text of /privacy-policy.',
  text: 'Privacy Policy Text',
});

export const adminEditorTermsMessages = defineMessages('admin/editorTerms', {
  title: 'Terms of Service',
  description: 'The text of /terms-of-service.',
  text: 'Terms of Service Text',
});

export const adminSettingsTogglesMessages = defineMessages('admin/settingsToggles', {
  messaging: 'Messaging',
  messagingHint: 'Customers and providers can message each other.',
  voip: 'VoIP Calls',
  voipHint: 'In-app voice calls between customers and providers.',
  pushNotifications: 'Push Notifications',
  pushNotificationsHint: 'Send push notifications to mobile devices.',
  tipping: 'Tipping',
  tippingHint: 'Customers can add a tip when paying.',
  advertising: 'Advertising',
  advertisingHint: 'Show partner offers on the platform.',
});

export const adminRolesMessages = defineMessages('admin/roles', {
  customer: 'customer',
  provider: 'provider',
  admin: 'admin',
});

import { count, defineMessages, params } from '../../i18n';

// English texts of app/ and shared/ (the spec's, exactly). Spanish: ../es/common.json, same groups and keys.

export const languageMessages = defineMessages('common/language', {
  label: 'Language',
});

/** The meta description of the screens that set none of their own (shared/page-description.ts). */
export const metaMessages = defineMessages('common/meta', {
  description: params<{ product: string }>('{product}: on-site tire and wheel service, on demand.'),
});

export const statusMessages = defineMessages('common/status', {
  loading: 'Loading...',
  loadingPage: 'Loading page...',
  errorTitle: 'Something went wrong',
  tryAgain: 'Try again',
});

export const dialogMessages = defineMessages('common/dialog', {
  close: 'Close',
});

export const pagerMessages = defineMessages('common/pager', {
  previous: 'Previous',
  next: 'Next',
  pageOf: params<{ page: number; pageCount: number; total: number }>('Page {page} of {pageCount} · {total} in all'),
});

export const toastMessages = defineMessages('common/toast', {
  region: 'Notifications',
  dismiss: 'Dismiss notification',
});

export const uploadMessages = defineMessages('common/upload', {
  failedTitle: 'Upload Failed',
  failedDefault: 'Failed to upload images.',
  errorTitle: 'Upload Error',
  errorDescription: 'An error occurred while uploading images.',
  enlarge: params<{ label: string }>('Enlarge {label}'),
  loadingImage: params<{ label: string }>('Loading {label}...'),
  cannotShow: params<{ label: string }>('{label} was uploaded but cannot be shown right now.'),
});

export const notFoundMessages = defineMessages('common/notFound', {
  documentTitle: 'Page not found',
  heading: 'Oops! Page not found',
  home: 'Return to Home',
});

export const routeErrorMessages = defineMessages('common/routeError', {
  documentTitle: 'Page could not be loaded',
  title: 'This page could not be loaded',
  message: 'Check your connection and try again.',
});

export const pendingMessages = defineMessages('common/pending', {
  notAvailable: 'This page is not available yet.',
});

export const headerMessages = defineMessages('common/header', {
  account: 'Account',
  signIn: 'Sign In',
  logout: 'Logout',
  home: params<{ product: string }>('{product} home'),
});

/**
 * What a refusal of the API says in a language other than English, by its error code (libs/contracts
 * HTTP_STATUS_BY_CODE): the server's own message is English (shared/api/api-error.ts).
 */
export const apiErrorMessages = defineMessages('common/apiErrors', {
  VALIDATION_FAILED: 'Some fields are not valid. Check them and try again.',
  BAD_REQUEST: 'The request could not be processed.',
  UNAUTHENTICATED: 'Please sign in again.',
  INVALID_CREDENTIALS: 'Invalid email or password.',
  FORBIDDEN: 'You are not allowed to do this.',
  NOT_OWNER: 'You are not allowed to do this.',
  FIELD_NOT_WRITABLE: 'This field cannot be changed.',
  ROLE_NOT_ALLOWED: 'Your account cannot do this.',
  NOT_FOUND: 'Not found.',
  CONFLICT: 'This can no longer be done: the data changed. Reload and try again.',
  EMAIL_TAKEN: 'An account with this email already exists.',
  ROLE_ALREADY_SET: 'This account already has a role.',
  PROFILE_EXISTS: 'This profile already exists.',
  PAYLOAD_TOO_LARGE: 'The file is too large.',
  RATE_LIMITED: 'Too many attempts. Wait a moment and try again.',
  INTERNAL: 'Something went wrong on our side. Try again.',
  UNAVAILABLE: 'The service is unavailable right now. Try again shortly.',
  SERVICE_UNAVAILABLE: 'The service is unavailable right now. Try again shortly.',
  TIMEOUT: 'The server took too long to answer. Try again.',
  invalidField: 'This value is not valid.',
});

/** The offline shell (shared/offline): the banner and what waits to be sent. */
export const offlineMessages = defineMessages('common/offline', {
  banner: 'You are offline. What you do now is saved and sent when you are back online.',
  waiting: count({ one: '{count} update waiting to be sent', other: '{count} updates waiting to be sent' }),
  whenOnline: 'They will be sent when you are back online.',
  sending: 'Sending...',
  retrying: 'Retrying shortly...',
});

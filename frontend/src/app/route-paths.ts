/** Every route of spec section 2. */
export const PUBLIC_PATHS = [
  '/',
  '/login',
  '/customer/register',
  '/provider/register',
  '/about',
  '/contact',
  '/careers',
  '/press',
  '/help-center',
  '/safety',
  '/privacy-policy',
  '/terms-of-service',
  '/services/tire-repair',
  '/services/tire-replacement',
  '/services/wheel-balancing',
  '/services/emergency',
] as const;

/**
 * The public paths that make no sense once signed in (sign-in and sign-up): a signed-in user is sent home.
 * Every other public page (help, safety, legal, services, the landing page) is open to everyone.
 */
export const SIGNED_OUT_ONLY_PATHS = ['/login', '/customer/register', '/provider/register'] as const;

export const PROTECTED_PATHS = [
  '/dashboard',
  '/create-request',
  '/bidding/:id',
  '/tracking/:id',
  '/payment/:id',
  '/provider/dashboard',
  '/provider/tracking/:id',
  '/provider/settings',
  '/provider/complete',
  '/provider/profile',
  '/admin',
] as const;

export const ROLE_HOMES = {
  customer: '/dashboard',
  provider: '/provider/dashboard',
  admin: '/admin',
} as const;

/** The home of a user without a known role (spec: unknown role to /dashboard). */
export const DEFAULT_HOME = '/dashboard';

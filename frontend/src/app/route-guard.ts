import { DEFAULT_HOME, PROTECTED_PATHS, PUBLIC_PATHS, ROLE_HOMES, SIGNED_OUT_ONLY_PATHS } from './route-paths';

/** What the guard needs to know about the session. */
export interface GuardAuth {
  loggedIn: boolean;
  /** The user's role name as the API reports it; anything else counts as an unknown role. */
  role: string | null | undefined;
}

/** Which roles may use a protected prefix (spec section 2, route guard). */
const PREFIX_ROLES: ReadonlyArray<{ prefix: string; roles: readonly string[] }> = [
  { prefix: '/dashboard', roles: ['customer'] },
  { prefix: '/create-request', roles: ['customer'] },
  { prefix: '/tracking', roles: ['customer'] },
  { prefix: '/payment', roles: ['customer'] },
  { prefix: '/bidding', roles: ['customer', 'provider'] },
  { prefix: '/provider', roles: ['provider'] },
  { prefix: '/admin', roles: ['admin'] },
];

const publicSet = new Set<string>(PUBLIC_PATHS);
const signedOutOnly = new Set<string>(SIGNED_OUT_ONLY_PATHS);

const protectedPatterns = PROTECTED_PATHS.map(
  (pattern) => new RegExp(`^${pattern.replace(/:[a-zA-Z]+/g, '[^/]+')}$`),
);

export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/)[0] || '/';
  return bare.length > 1 ? bare.replace(/\/+$/, '') || '/' : bare;
}

export function homeFor(role: string | null | undefined): string {
  if (role && Object.hasOwn(ROLE_HOMES, role)) return ROLE_HOMES[role as keyof typeof ROLE_HOMES];
  return DEFAULT_HOME;
}

export function isPublicPath(path: string): boolean {
  return publicSet.has(normalizePath(path));
}

/** A path of the route table (anything else renders the 404 page). */
export function isKnownPath(path: string): boolean {
  const p = normalizePath(path);
  return publicSet.has(p) || protectedPatterns.some((re) => re.test(p));
}

function rolesFor(path: string): readonly string[] | null {
  const rule = PREFIX_ROLES.find(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`));
  return rule ? rule.roles : null;
}

/**
 * The route guard as a pure function: where to send the user, or null to render the path.
 * - logged in on /login or a registration page: to the role's home (other public pages render for everyone);
 * - not logged in on a protected path: to /login;
 * - logged in with a role not allowed on a protected prefix: to the role's home.
 * Paths outside the route table are left to the 404 page, for visitors too.
 */
export function guardRoute(path: string, auth: GuardAuth): string | null {
  const p = normalizePath(path);
  if (!isKnownPath(p)) return null;
  if (publicSet.has(p)) return auth.loggedIn && signedOutOnly.has(p) ? homeFor(auth.role) : null;
  if (!auth.loggedIn) return '/login';
  const allowed = rolesFor(p);
  if (allowed && !allowed.includes(auth.role ?? '')) {
    const home = homeFor(auth.role);
    // An unknown role's home (/dashboard) is a customer path: staying there must not loop.
    return home === p ? null : home;
  }
  return null;
}

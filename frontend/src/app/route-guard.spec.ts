import { guardRoute, homeFor, isKnownPath, isPublicPath, normalizePath } from './route-guard';
import { PUBLIC_PATHS, SIGNED_OUT_ONLY_PATHS } from './route-paths';

const visitor = { loggedIn: false, role: null };
const customer = { loggedIn: true, role: 'customer' };
const provider = { loggedIn: true, role: 'provider' };
const admin = { loggedIn: true, role: 'admin' };
const unknownRole = { loggedIn: true, role: 'Authenticated' };
const noRole = { loggedIn: true, role: null };

const CUSTOMER_PATHS = ['/dashboard', '/create-request', '/tracking/abc', '/payment/abc'];
const PROVIDER_PATHS = ['/provider/dashboard', '/provider/tracking/abc', '/provider/settings', '/provider/complete', '/provider/profile'];

describe('homeFor', () => {
  it('sends each role to its home and an unknown role to /dashboard', () => {
    expect(homeFor('customer')).toBe('/dashboard');
    expect(homeFor('provider')).toBe('/provider/dashboard');
    expect(homeFor('admin')).toBe('/admin');
    expect(homeFor('Authenticated')).toBe('/dashboard');
    expect(homeFor(null)).toBe('/dashboard');
    expect(homeFor(undefined)).toBe('/dashboard');
  });
});

describe('public paths', () => {
  it('lists exactly the spec paths', () => {
    expect([...PUBLIC_PATHS].sort()).toEqual(
      [
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
      ].sort(),
    );
  });

  it.each(PUBLIC_PATHS.map((p) => [p]))('a visitor may open %s', (path) => {
    expect(guardRoute(path, visitor)).toBeNull();
  });

  it.each(SIGNED_OUT_ONLY_PATHS.map((p) => [p]))('a logged-in user on %s goes to their home', (path) => {
    expect(guardRoute(path, customer)).toBe('/dashboard');
    expect(guardRoute(path, provider)).toBe('/provider/dashboard');
    expect(guardRoute(path, admin)).toBe('/admin');
    expect(guardRoute(path, unknownRole)).toBe('/dashboard');
  });

  const openToAll = PUBLIC_PATHS.filter((p) => !(SIGNED_OUT_ONLY_PATHS as readonly string[]).includes(p));
  it.each(openToAll.map((p) => [p]))('a logged-in user may read %s (help, safety, legal, services, home)', (path) => {
    for (const who of [customer, provider, admin, unknownRole]) expect(guardRoute(path, who)).toBeNull();
  });

  it('ignores the query string and a trailing slash', () => {
    expect(isPublicPath('/login?admin')).toBe(true);
    expect(guardRoute('/login?admin', admin)).toBe('/admin');
    expect(guardRoute('/about/', visitor)).toBeNull();
    expect(normalizePath('/provider/dashboard/')).toBe('/provider/dashboard');
    expect(normalizePath('/')).toBe('/');
  });
});

describe('protected paths', () => {
  it.each([...CUSTOMER_PATHS, ...PROVIDER_PATHS, '/bidding/abc', '/admin'].map((p) => [p]))('a visitor on %s goes to /login', (path) => {
    expect(guardRoute(path, visitor)).toBe('/login');
  });

  it.each(CUSTOMER_PATHS.map((p) => [p]))('%s is open to customers only', (path) => {
    expect(guardRoute(path, customer)).toBeNull();
    expect(guardRoute(path, provider)).toBe('/provider/dashboard');
    expect(guardRoute(path, admin)).toBe('/admin');
  });

  it.each(PROVIDER_PATHS.map((p) => [p]))('%s (the /provider prefix) is open to providers only', (path) => {
    expect(guardRoute(path, provider)).toBeNull();
    expect(guardRoute(path, customer)).toBe('/dashboard');
    expect(guardRoute(path, admin)).toBe('/admin');
  });

  it('/admin is open to admins only', () => {
    expect(guardRoute('/admin', admin)).toBeNull();
    expect(guardRoute('/admin', customer)).toBe('/dashboard');
    expect(guardRoute('/admin', provider)).toBe('/provider/dashboard');
  });

  it('bidding is open to customer and provider', () => {
    expect(guardRoute('/bidding/req-1', customer)).toBeNull();
    expect(guardRoute('/bidding/req-1', provider)).toBeNull();
    expect(guardRoute('/bidding/req-1', admin)).toBe('/admin');
  });

  it('an unknown role is sent to /dashboard and may stay there', () => {
    expect(guardRoute('/admin', unknownRole)).toBe('/dashboard');
    expect(guardRoute('/provider/dashboard', noRole)).toBe('/dashboard');
    expect(guardRoute('/bidding/x', unknownRole)).toBe('/dashboard');
    expect(guardRoute('/dashboard', unknownRole)).toBeNull();
  });
});

describe('paths outside the route table', () => {
  it('are left to the 404 page for everyone', () => {
    expect(isKnownPath('/nope')).toBe(false);
    expect(isKnownPath('/bidding')).toBe(false);
    expect(isKnownPath('/provider/tracking')).toBe(false);
    expect(guardRoute('/nope', visitor)).toBeNull();
    expect(guardRoute('/nope', customer)).toBeNull();
    expect(guardRoute('/provider/unknown', provider)).toBeNull();
  });

  it('knows every declared protected route', () => {
    for (const path of [...CUSTOMER_PATHS, ...PROVIDER_PATHS, '/bidding/abc', '/admin']) expect(isKnownPath(path)).toBe(true);
  });
});

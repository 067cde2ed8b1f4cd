import { providerData, register, startGatewayStack, type GatewayStack } from './support/gateway-harness';
import { ROUTE_ACCESS, type Cell, type Persona } from './route-access.matrix';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
/** Answers that depend on the machine, not on the caller. */
const MAY_BE_UNAVAILABLE = new Set(['GET /ready']);

/** Every gateway route as anonymous, no-role, customer, approved and pending provider and admin, against the declared matrix. */
describe('the authorization matrix covers every route of the gateway', () => {
  let s: GatewayStack;
  const tokens: Partial<Record<Persona, string>> = {};
  let routes: { key: string; method: string; path: string }[] = [];

  beforeAll(async () => {
    s = await startGatewayStack('gw_route_access', {}, { services: ['requests', 'payments', 'dispatch'] });
    const admin = await s.anAdmin();
    const noRole = await register(s, null);
    const customer = await register(s, 'customer');
    await s.request('POST', '/api/customers', { token: customer.token, body: { data: { fullName: 'Matrix Customer', phone: '+1 555 000 1111', paymentMethod: 'cash', user: customer.id } } });
    const provider = await register(s, 'provider');
    const p = await s.request<{ data: { documentId: string } }>('POST', '/api/providers', { token: provider.token, body: providerData({ user: provider.id }) });
    await s.request('PUT', `/api/providers/${p.body.data.documentId}`, { token: admin.token, body: { data: { isApproved: true } } });
    const pending = await register(s, 'provider');
    await s.request('POST', '/api/providers', { token: pending.token, body: providerData({ user: pending.id, businessName: 'Pending Matrix' }) });
    Object.assign(tokens, { noRole: noRole.token, customer: customer.token, provider: provider.token, pendingProvider: pending.token, admin: admin.token });
    const doc = await s.request<{ paths: Record<string, Record<string, unknown>> }>('GET', '/api/docs-json');
    routes = Object.entries(doc.body.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => ({ key: `${m.toUpperCase()} ${path}`, method: m.toUpperCase(), path })));
  });

  afterAll(async () => {
    await s?.close();
  });

  it('has exactly one row per route (a new route needs a row)', () => {
    expect(routes.map((r) => r.key).sort()).toEqual(Object.keys(ROUTE_ACCESS).sort());
  });

  it('answers each persona as declared, and never with a server error', async () => {
    const mismatches: string[] = [];
    // Logout ends the sessions the walk uses: last.
    const ordered = [...routes.filter((r) => r.path !== '/api/auth/logout'), ...routes.filter((r) => r.path === '/api/auth/logout')];
    for (const route of ordered) {
      for (const persona of ['anonymous', 'noRole', 'customer', 'provider', 'pendingProvider', 'admin'] as const) {
        const res = await s.request(route.method as 'GET', route.path.replace(/\{[^}]+\}/g, UNKNOWN_ID), { token: tokens[persona], body: {} });
        const got: Cell | number = res.status === 401 ? 401 : res.status === 403 ? 403 : res.status >= 500 && !MAY_BE_UNAVAILABLE.has(route.key) ? res.status : 'ok';
        const want = ROUTE_ACCESS[route.key]?.[persona];
        if (got !== want) mismatches.push(`${route.key} as ${persona}: ${String(got)} (${res.status}), declared ${String(want)}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('answers malformed input on every route (bad JSON, prototype keys, huge numbers, injection strings, deep nesting, absurd paging) without a server error', async () => {
    const deep = JSON.stringify(Array.from({ length: 200 }).reduce<unknown>((inner) => ({ data: inner }), { x: 1 }));
    const bodies: { raw?: string; body?: unknown }[] = [
      { raw: '{"data":' },
      { raw: '{"data":{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"role":"admin"}}}}' },
      { body: { data: null } },
      { body: { data: [] } },
      { body: [1, 2, 3] },
      { body: 'x' },
      { body: { data: { amount: 1e308, budget: -1e308, rating: 1e300, radius: 'NaN', page: '1e300', lat: 'north' } } },
      { body: { data: { tireStatus: "'; DROP TABLE users; --", email: '<script>alert(1)</script>', id: { $gt: '' }, service_types: 'a'.repeat(100_000) } } },
      { raw: deep },
    ];
    const queries = ['', '?pagination[page]=1e300&pagination[pageSize]=-5', "?filters[$where]=1&sort=;DROP&populate[0][$x]=1&search=%25%00"];
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.path !== '/api/auth/logout' && !MAY_BE_UNAVAILABLE.has(r.key))) {
      for (const persona of ['customer', 'admin'] as const) {
        for (const input of bodies) {
          for (const q of route.method === 'GET' ? queries : queries.slice(0, 1)) {
            const url = `${route.path.replace(/\{[^}]+\}/g, q ? 'not-a-uuid' : UNKNOWN_ID)}${q}`;
            const res = await s.request(route.method as 'GET', url, { token: tokens[persona], ...input });
            if (res.status >= 500) failures.push(`${route.key} as ${persona} ${q} ${JSON.stringify(input).slice(0, 60)}: ${res.status} ${res.text.slice(0, 120)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

import { startGatewayStack, type GatewayStack } from './support/gateway-harness';
import { DbFingerprint, diff } from './support/db-fingerprint';
import { buildOwnedWorld, type OwnedWorld } from './support/owned-world';
import { ROUTE_OWNERSHIP, type OwnerCell, type Stranger } from './route-ownership.matrix';

/** The route of a row: `<METHOD> <path>` without its `#variant`. */
const routeOf = (key: string): string => key.split(' #')[0]!;

/**
 * Every route that names a resource, called by another customer and another provider on real resources of customer A
 * and provider A, against the declared ownership matrix; a refusal must leave every table as it was.
 */
describe('the ownership matrix: another customer and another provider on what A owns', () => {
  let s: GatewayStack;
  let w: OwnedWorld;
  let db: DbFingerprint;
  let routes: string[] = [];

  beforeAll(async () => {
    s = await startGatewayStack('gw_route_ownership', {}, { services: ['requests', 'payments', 'dispatch'], requestsEnv: { BIDDING_WINDOW_SECONDS: '3600' } });
    w = await buildOwnedWorld(s);
    db = await DbFingerprint.connect(s.env.db.url);
    const doc = await s.request<{ paths: Record<string, Record<string, unknown>> }>('GET', '/api/docs-json');
    routes = Object.entries(doc.body.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    await s?.close();
  });

  it('has a row for every route with an id in its path, and no row for a route that does not exist', () => {
    const covered = new Set(Object.keys(ROUTE_OWNERSHIP).map(routeOf));
    expect(routes.filter((r) => r.includes('{') && !covered.has(r))).toEqual([]);
    expect([...covered].filter((r) => !routes.includes(r))).toEqual([]);
  });

  it("answers each stranger as declared, shows nothing private of A, and changes nothing when it refuses", async () => {
    const strangers: Record<Stranger, string> = { otherCustomer: w.customerB.token, otherProvider: w.providerB.token };
    // What A's public card and reviews never show to others.
    const secrets = [w.customerA.email, w.raterA.email, w.providerA.email, w.providerA.phone, String(w.providerA.lat), String(w.providerA.lng), 'Card Customer'];
    const mismatches: string[] = [];
    let before = await db.settle();
    for (const [key, row] of Object.entries(ROUTE_OWNERSHIP)) {
      const method = routeOf(key).split(' ')[0] as 'GET' | 'PUT' | 'POST';
      for (const who of ['otherCustomer', 'otherProvider'] as const) {
        const { path, body } = row.call(w);
        const res = await s.request<{ data?: unknown }>(method, path, { token: strangers[who], body });
        const want: OwnerCell = row[who];
        const ok = res.status >= 200 && res.status < 300;
        let got: string;
        if (!ok) got = String(res.status);
        else if (want === 'empty') got = Array.isArray(res.body?.data) && res.body.data.length === 0 ? 'empty' : `2xx with ${res.text.slice(0, 160)}`;
        else if (want === 'public') {
          const leaked = secrets.filter((x) => res.text.includes(x));
          got = leaked.length === 0 ? 'public' : `2xx showing ${leaked.join(', ')}`;
        } else got = 'ok';
        if (got !== String(want)) mismatches.push(`${key} as ${who}: ${got} (${res.status} ${ok ? '' : res.text.slice(0, 160)}), declared ${String(want)}`);
        let changed: string[] = [];
        if (!ok) {
          changed = diff(before, await db.take());
          if (changed.length > 0) mismatches.push(`${key} as ${who}: refused with ${res.status} but changed ${changed.join(', ')}`);
        }
        // A call let through (or a refusal that wrote) may start events: the next comparison starts settled.
        if (ok || changed.length > 0) before = await db.settle();
      }
    }
    expect(mismatches).toEqual([]);
  });
});

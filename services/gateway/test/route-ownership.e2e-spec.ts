import { startGatewayStack, type GatewayStack } from './support/gateway-harness';
import { DbFingerprint, diff } from './support/db-fingerprint';
import { buildOwnedWorld, type OwnedWorld } from './support/owned-world';
import { ROUTE_OWNERSHIP, type OwnerCell, type Secret, type Stranger } from './route-ownership.matrix';

/** The route of a row: `<METHOD> <path>` without its `#variant`. */
const routeOf = (key: string): string => key.split(' #')[0]!;

/**
 * Every route that names a resource, called by another customer and another provider on real resources of customer A
 * and provider A, against the declared ownership matrix; a refusal must leave every table as it was.
 */
describe('the ownership matrix: another customer, another provider and an offered provider on what A owns', () => {
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
    const strangers: Record<Stranger, string> = { otherCustomer: w.customerB.token, otherProvider: w.providerB.token, offeredProvider: w.providerC.token };
    // What A's people keep to themselves.
    const secrets: [Secret, string][] = [
      ['e-mail', w.customerA.email],
      ['e-mail', w.raterA.email],
      ['e-mail', w.providerA.email],
      ['provider phone', w.providerA.phone],
      ['customer phone', w.customerA.phone],
      ['exact position', String(w.providerA.lat)],
      ['exact position', String(w.providerA.lng)],
      ['customer full name', 'Card Customer'],
    ];
    const show = (cell: OwnerCell): string => (typeof cell === 'object' ? ('only' in cell ? `only ${cell.only(w).join(', ')}` : `public but ${cell.publicBut.join(', ')}`) : String(cell));
    const mismatches: string[] = [];
    let before = await db.settle();
    for (const [key, row] of Object.entries(ROUTE_OWNERSHIP)) {
      const method = routeOf(key).split(' ')[0] as 'GET' | 'PUT' | 'POST';
      for (const who of ['otherCustomer', 'otherProvider', 'offeredProvider'] as const) {
        const { path, body } = row.call(w);
        const res = await s.request<{ data?: unknown }>(method, path, { token: strangers[who], body });
        const want: OwnerCell = row[who] ?? row.otherProvider;
        const ok = res.status >= 200 && res.status < 300;
        const list = Array.isArray(res.body?.data) ? (res.body.data as { documentId?: string }[]) : null;
        let got: string;
        if (!ok) got = String(res.status);
        else if (want === 'empty') got = list?.length === 0 ? 'empty' : `2xx with ${res.text.slice(0, 160)}`;
        else if (typeof want === 'object' && 'only' in want) {
          const ids = list?.map((d) => String(d.documentId)).sort() ?? [];
          got = JSON.stringify(ids) === JSON.stringify([...want.only(w)].sort()) ? show(want) : `2xx with ${JSON.stringify(ids)}`;
        } else if (want === 'public' || typeof want === 'object') {
          const allowed: Secret[] = typeof want === 'object' && 'publicBut' in want ? want.publicBut : [];
          const leaked = [...new Set(secrets.filter(([what, value]) => !allowed.includes(what) && res.text.includes(value)).map(([what]) => what))];
          got = leaked.length === 0 ? show(want) : `2xx showing ${leaked.join(', ')}`;
        } else got = 'ok';
        if (got !== show(want)) mismatches.push(`${key} as ${who}: ${got} (${res.status} ${ok ? '' : res.text.slice(0, 160)}), declared ${show(want)}`);
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

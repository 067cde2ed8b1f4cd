import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeUpstreamCall {
  path: string;
  query: URLSearchParams;
  userAgent: string | undefined;
}

/**
 * A tiny Nominatim + OSRM + Mapbox look-alike on a free local port: `/search`, `/reverse`,
 * `/route/v1/driving/<lng,lat;lng,lat>` and `/directions/v5/mapbox/driving/<...>`. Records every call;
 * `down()` closes the port (connection refused), `up()` reopens it on the same port.
 */
export class FakeUpstream {
  readonly calls: FakeUpstreamCall[] = [];
  private server: Server | null = null;
  private port = 0;
  /** Route answered by the directions endpoints (metres, seconds). */
  route = { distance: 3218.688, duration: 420 };

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async up(): Promise<string> {
    const server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
    return this.url;
  }

  async down(): Promise<void> {
    const s = this.server;
    this.server = null;
    if (!s) return;
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  count(prefix: string): number {
    return this.calls.filter((c) => c.path.startsWith(prefix)).length;
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const u = new URL(req.url ?? '/', 'http://x');
    this.calls.push({ path: u.pathname, query: u.searchParams, userAgent: req.headers['user-agent'] });
    const json = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (u.pathname === '/search') {
      const q = u.searchParams.get('q') ?? '';
      if (q === 'nowhere at all') return json(200, []);
      return json(200, [
        { place_id: 1, display_name: `${q}, San Francisco, CA, USA`, lat: '37.7793', lon: '-122.4193', address: { city: 'San Francisco' } },
        { place_id: 2, display_name: `${q}, Oakland, CA, USA`, lat: '37.8044', lon: '-122.2712' },
      ]);
    }
    if (u.pathname === '/reverse') {
      return json(200, { display_name: `Near ${u.searchParams.get('lat')},${u.searchParams.get('lon')}`, lat: u.searchParams.get('lat'), lon: u.searchParams.get('lon') });
    }
    const m = /^\/(?:route\/v1\/driving|directions\/v5\/mapbox\/driving)\/(-?[\d.]+),(-?[\d.]+);(-?[\d.]+),(-?[\d.]+)$/.exec(u.pathname);
    if (m) {
      if (u.pathname.startsWith('/directions') && u.searchParams.get('access_token') !== 'pk.test-map-key') {
        return json(401, { message: 'Not Authorized - Invalid Token' });
      }
      const [a, b, c, d] = m.slice(1).map(Number) as [number, number, number, number];
      return json(200, {
        code: 'Ok',
        routes: [{ distance: this.route.distance, duration: this.route.duration, geometry: { type: 'LineString', coordinates: [[a, b], [(a + c) / 2, (b + d) / 2 + 0.001], [c, d]] } }],
      });
    }
    json(404, { error: 'not found' });
  }
}

import Fastify, { type FastifyInstance } from 'fastify';
import { admission, registerAdmission } from './admission';
import { registerHttpMetrics } from './http-metrics';

describe('gateway metrics: request latency by route template and status, admission refusals, GET /metrics', () => {
  let app: FastifyInstance;
  let release: () => void = () => undefined;

  beforeAll(async () => {
    app = Fastify();
    registerAdmission(app, { bid: 1 });
    registerHttpMetrics(app);
    app.get('/api/service-requests/:id', async (req) => ({ id: (req.params as { id: string }).id }));
    app.post('/api/bids', { config: admission('bid') }, () => new Promise((resolve) => (release = () => resolve({ ok: true }))));
    await app.ready();
  });

  afterAll(async () => {
    release();
    await app.close();
  });

  const scrape = async (): Promise<string> => {
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('observes each answer under its route template (never the raw path) and status; unknown paths share one series', async () => {
    for (const id of ['a1', 'b2', 'c3']) expect((await app.inject({ method: 'GET', url: `/api/service-requests/${id}` })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/wp-login.php' })).statusCode).toBe(404);
    const body = await scrape();
    expect(body).toMatch(/^tiredash_http_request_duration_seconds_count\{method="GET",route="\/api\/service-requests\/:id",status="200"\} 3$/m);
    expect(body).toMatch(/^tiredash_http_request_duration_seconds_count\{method="GET",route="unmatched",status="404"\} 1$/m);
    expect(body).not.toContain('a1');
    expect(body).not.toContain('wp-login');
  });

  it('counts the calls admission refused and shows those in flight', async () => {
    const first = app.inject({ method: 'POST', url: '/api/bids', payload: {} });
    await new Promise((r) => setTimeout(r, 50));
    expect((await app.inject({ method: 'POST', url: '/api/bids', payload: {} })).statusCode).toBe(503);
    expect((await app.inject({ method: 'POST', url: '/api/bids', payload: {} })).statusCode).toBe(503);
    let body = await scrape();
    expect(body).toMatch(/^tiredash_admission_refused_total\{kind="bid"\} 2$/m);
    expect(body).toMatch(/^tiredash_admission_in_flight\{kind="bid"\} 1$/m);
    expect(body).toMatch(/^tiredash_http_request_duration_seconds_count\{method="POST",route="\/api\/bids",status="503"\} 2$/m);
    release();
    expect((await first).statusCode).toBe(200);
    body = await scrape();
    expect(body).toMatch(/^tiredash_admission_refused_total\{kind="bid"\} 2$/m);
    expect(body).toMatch(/^tiredash_admission_in_flight\{kind="bid"\} 0$/m);
  });
});

import { randomBytes, randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import type { BidView, ServiceRequestView } from '@tiredash/contracts';
import { waitFor } from '@tiredash/testing';
import { PASSWORD, providerData, startGatewayStack, uniqueEmail, type ErrorBody, type GatewayStack, type Registered } from './support/gateway-harness';

/**
 * Limits where abuse is cheap (Trust, item 6), counted in Redis: registrations per address, card holds, uploads,
 * request creation, bids and job chat messages per account. Each answers 429 RATE_LIMITED with Retry-After once over, and leaves
 * other addresses and accounts alone. Low limits on a stack of its own.
 */
describe('abuse limits through the gateway (Redis, shared by replicas)', () => {
  let s: GatewayStack;
  let admin: { token: string };
  let db: Pool;
  let address = 0;
  /** Every helper registration comes from its own address, so only the registration test fills one. */
  const nextAddress = () => `198.51.100.${++address}`;

  beforeAll(async () => {
    s = await startGatewayStack(
      'gw_trust_limits',
      {
        REGISTER_RATE_LIMIT: '3',
        PAYMENT_RATE_LIMIT: '2',
        UPLOAD_RATE_LIMIT: '2',
        REQUEST_RATE_LIMIT: '2',
        BID_RATE_LIMIT: '3',
        CHAT_RATE_LIMIT: '2',
        // Bytes per account and day: two of the tiny PNGs below (70 bytes each), not three.
        UPLOAD_BYTES_LIMIT: '150',
      },
      { services: ['requests', 'payments'] },
    );
    admin = await s.anAdmin();
    db = new Pool({ connectionString: s.env.db.url, max: 1 });
  });

  afterAll(async () => {
    await db?.end();
    await s?.close();
  });

  async function registerFrom(remoteAddress: string, role: 'customer' | 'provider') {
    const email = uniqueEmail(role);
    return s.request<{ jwt: string; user: { id: string } } & ErrorBody>('POST', '/api/auth/local/register', {
      body: { username: `${role} limits`, email, password: PASSWORD, role },
      remoteAddress,
    });
  }

  async function aUser(role: 'customer' | 'provider'): Promise<Registered> {
    const res = await registerFrom(nextAddress(), role);
    expect(res.status).toBe(200);
    return { token: res.body.jwt, id: res.body.user.id, email: '' };
  }

  function expectLimited(res: { status: number; body: ErrorBody; headers: Record<string, unknown> }) {
    expect(res.status).toBe(429);
    expect(res.body.error).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  }

  it('refuses the 4th registration from one address within the window (different e-mails), not another address', async () => {
    const burst = '203.0.113.7';
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await registerFrom(burst, 'customer')).status);
    expect(statuses).toEqual([200, 200, 200]);
    expectLimited(await registerFrom(burst, 'customer'));
    expect((await registerFrom('203.0.113.8', 'customer')).status).toBe(200);
  });

  it('limits card holds per account (card testing), not other accounts', async () => {
    const customer = await aUser('customer');
    const hold = (token: string) =>
      s.request<ErrorBody>('POST', '/pay/api/payments/authorize', { token, body: { paymentMethodId: 'pm_card_visa', email: 'c@example.test', amount: 5000 } });
    expect((await hold(customer.token)).status).toBe(200);
    expect((await hold(customer.token)).status).toBe(200);
    expectLimited(await hold(customer.token));
    // Attaching cards has a budget of its own, of the same size.
    const attach = () => s.request<ErrorBody>('POST', '/pay/api/attach/customer', { token: customer.token, body: { email: 'c@example.test', paymentMethodId: 'pm_card_visa' } });
    expect((await attach()).status).toBe(200);
    expect((await attach()).status).toBe(200);
    expectLimited(await attach());
    const other = await aUser('customer');
    expect((await hold(other.token)).status).toBe(200);
  });

  it('limits request creation and bids per account', async () => {
    const customer = await aUser('customer');
    expect(
      (await s.request('POST', '/api/customers', { token: customer.token, body: { data: { fullName: 'Lim Its', phone: '+1 555 000 3333', paymentMethod: 'cash', user: customer.id } } }))
        .status,
    ).toBe(201);
    const p = await aUser('provider');
    const created = await s.request<{ data: { documentId: string } }>('POST', '/api/providers', { token: p.token, body: providerData({ user: p.id }) });
    expect((await s.request('PUT', `/api/providers/${created.body.data.documentId}`, { token: admin.token, body: { data: { isApproved: true } } })).status).toBe(200);
    const body = {
      data: { tireSize: '225/65/R17', serviceType: 'Flat Tire Repair', budget: 80, location: { address: 'Here', lat: 37.79, lng: -122.4 }, lat: 37.79, lng: -122.4 },
    };
    const post = () => s.request<{ data: ServiceRequestView } & ErrorBody>('POST', '/api/service-requests', { token: customer.token, body });
    const first = await post();
    expect(first.status).toBe(201);
    expect((await post()).status).toBe(201);
    expectLimited(await post());

    await waitFor(
      async () => (await s.request<{ data: ServiceRequestView[] }>('GET', '/api/service-requests?filters[tireStatus][$eq]=Bids Open', { token: p.token })).body.data?.length === 2,
      { message: 'offers to the provider' },
    );
    const bid = (amount: number) =>
      s.request<{ data: BidView } & ErrorBody>('POST', '/api/bids', { token: p.token, body: { data: { requestId: first.body.data.documentId, amount, estimatedArrival: 10 } } });
    for (const amount of [70, 71, 72]) expect((await bid(amount)).status).toBe(201);
    expectLimited(await bid(73));
  });

  it('limits job chat messages per account, not the other party', async () => {
    const customer = await aUser('customer');
    await s.request('POST', '/api/customers', { token: customer.token, body: { data: { fullName: 'Chat Ty', phone: '+1 555 000 4444', paymentMethod: 'cash', user: customer.id } } });
    const p = await aUser('provider');
    const created = await s.request<{ data: { documentId: string } }>('POST', '/api/providers', { token: p.token, body: providerData({ user: p.id }) });
    await s.request('PUT', `/api/providers/${created.body.data.documentId}`, { token: admin.token, body: { data: { isApproved: true } } });
    const request = await s.request<{ data: ServiceRequestView }>('POST', '/api/service-requests', {
      token: customer.token,
      body: { data: { tireSize: '225/65/R17', serviceType: 'Flat Tire Repair', budget: 80, location: { address: 'Here', lat: 37.79, lng: -122.4 }, lat: 37.79, lng: -122.4 } },
    });
    const requestId = request.body.data.documentId;
    // Bids are limited too: bid once the request reached the provider.
    await waitFor(
      async () => (await s.request<{ data: ServiceRequestView[] }>('GET', '/api/service-requests?filters[tireStatus][$eq]=Bids Open', { token: p.token })).body.data?.some((r) => r.documentId === requestId),
      { message: 'the request offered to the provider' },
    );
    const bid = (await s.request<{ data: BidView }>('POST', '/api/bids', { token: p.token, body: { data: { requestId, amount: 80, estimatedArrival: 10 } } })).body.data;
    expect((await s.request('PUT', `/api/service-requests/${requestId}`, { token: customer.token, body: { data: { tireStatus: 'Accepted', accepted_bid: bid.documentId } } })).status).toBe(200);
    const say = (token: string, text: string) =>
      s.request<ErrorBody>('POST', `/api/service-requests/${requestId}/messages`, { token, body: { data: { text, clientMessageId: randomUUID() } } });
    expect((await say(customer.token, 'one')).status).toBe(201);
    expect((await say(customer.token, 'two')).status).toBe(201);
    expectLimited(await say(customer.token, 'three'));
    expect((await say(p.token, 'the provider still writes')).status).toBe(201);
  });

  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f1a4a40000000049454e44ae426082', 'hex');

  /** POST /api/upload of `count` tiny PNGs as `user`. */
  function uploader(user: Registered, count = 1) {
    const boundary = `----limits${randomBytes(6).toString('hex')}`;
    const part = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from('\r\n'),
    ]);
    const payload = Buffer.concat([...Array.from({ length: count }, () => part), Buffer.from(`--${boundary}--\r\n`)]);
    return async () =>
      s.gateway.inject({ method: 'POST', url: '/api/upload', headers: { authorization: `Bearer ${user.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
  }

  it('limits the bytes an account uploads a day (all its files together): refused before anything is stored, other accounts go on', async () => {
    const user = await aUser('customer');
    const media = async () =>
      Number(((await db.query(`SELECT count(*)::int AS n FROM content.media WHERE uploaded_by = $1`, [user.id])).rows[0] as { n: number }).n);
    expect((await uploader(user, 2)()).statusCode).toBe(201);
    expect(await media()).toBe(2);
    const refused = await uploader(user, 1)();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { code: 'RATE_LIMITED', details: { limitBytes: 150, usedBytes: 2 * png.length } } });
    expect((refused.json() as ErrorBody).error.message).toMatch(/^Upload limit reached/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3600);
    expect(await media()).toBe(2);
    expect((await uploader(await aUser('customer'), 1)()).statusCode).toBe(201);
  });

  it('limits uploads per account', async () => {
    const user = await aUser('customer');
    const upload = uploader(user);
    expect((await upload()).statusCode).toBe(201);
    expect((await upload()).statusCode).toBe(201);
    const third = await upload();
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
  });
});

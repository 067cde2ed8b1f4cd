// Issue 13 item 7 through the gateway: either party of a job reports a problem, the admin's 'Reported Issues' tile counts
// the open reports, the admin reads the request's timeline (requests, dispatch, payments, the chat) and refunds part of
// a card job; the provider's wallet gives back its share exactly once, whether the admin's click is repeated or Stripe's
// webhooks are redelivered; both parties hear of it (the `job_refunded` socket event) and see it (the payment summary's
// 'refunded', the provider's History). People sign up and act through the API as the app does (the admin is the only
// seeded account): a provider registers, is approved, connects Stripe and goes online; a customer creates a card at the
// Stripe emulator with the publishable key (what Stripe.js does), has it held and posts a card request.
import crypto from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { EMULATOR_SECRET_KEY, adminToken, approvedProvider, call, connectStripe, eventually, goOnline, ok, register, withCustomerProfile, openSocket, stripeApiBase, postRequest, bidWhenOffered, acceptBid, type ErrorBody, arriveAtJob } from './support/api';

interface Report {
  id: string;
  status: string;
  reporterRole: string;
  category: string;
  resolutionNote: string | null;
}
interface WalletRow {
  kind: string;
  amount: number;
  grossAmount: number | null;
  requestId: string | null;
}
interface Refunded {
  requestId: string;
  refundId: string;
  amount: number;
  refundedTotal: number;
  providerReversal: number;
}

// Far from the seeded providers and the other e2e files' places, so the requests reach only ours.
const PROVIDER_AT = { lat: 39.7392, lng: -104.9903 };
const CUSTOMER_AT = { lat: 39.745, lng: -104.9903 };
const BUDGET = 90;

describe('disputes and refunds through the gateway', () => {
  const id = crypto.randomBytes(4).toString('hex');
  let admin: string;
  let provider: { token: string; userId: string; providerId: string; accountId: string };
  let customer: { token: string; userId: string; email: string; customerId: string };
  let stranger: string;
  let strangerProvider: string;
  let stripeApi: string;
  let requestId: string;
  const sockets: Socket[] = [];
  const heard = { customer: [] as Refunded[], provider: [] as Refunded[], admin: [] as { requestId: string; reportId: string }[] };

  const signUp = (role: 'customer' | 'provider', tag: string = role) => register(role, `disputes-${tag}-${id}@example.com`, `Disputes-${id}-pw`);

  const connect = (token: string, join: { userId: string; role: string } | null, onto: (s: Socket) => void) => openSocket(token, sockets, join, onto);

  /** A request of the customer's, offered to and accepted from the provider; card requests are held first. */
  async function acceptedJob(paymentMethod: 'card' | 'cash'): Promise<string> {
    const rid = await postRequest(customer, { budget: BUDGET, paymentMethod, at: { ...CUSTOMER_AT, address: 'Colfax Ave, Denver' }, description: `disputes ${id}` });
    await acceptBid(customer, rid, await bidWhenOffered(provider, rid, BUDGET));
    return rid;
  }

  const history = async (): Promise<WalletRow[]> =>
    (await ok<{ data: WalletRow[] }>('GET', `/api/providers/${provider.providerId}/wallet-transactions`, { token: provider.token })).data;
  const tile = async (): Promise<number> => (await ok<{ data: { reportedIssues: number } }>('GET', '/api/dashboard', { token: admin })).data.reportedIssues;
  const report = (token: string, rid: string, category = 'service_quality', description = 'The spare was not tightened properly') =>
    call<{ data: Report } & ErrorBody>('POST', `/api/service-requests/${rid}/reports`, { token, body: { data: { category, description } } });
  const refund = (token: string, rid: string, amount: unknown, refundId: string = crypto.randomUUID()) =>
    call<{ data: { id: string; amount: number; status: string; providerReversal: number; refundedTotal: number; remaining: number; stripeRefundId: string } } & ErrorBody>(
      'POST',
      `/api/admin/service-requests/${rid}/refunds`,
      { token, body: { data: { amount, refundId } } },
    );

  beforeAll(async () => {
    admin = await adminToken();
    stripeApi = await stripeApiBase();

    const p = await approvedProvider(await signUp('provider'), { businessName: `Mile High Tires ${id}`, fullName: 'Dana Disputes', phone: '555-010-6262' }, admin);
    const accountId = await connectStripe(p, `Mile High Tires ${id}`);
    await goOnline(p, PROVIDER_AT);
    provider = { token: p.token, userId: p.userId, providerId: p.providerId, accountId };

    customer = await withCustomerProfile(await signUp('customer'), `Casey Disputes ${id}`, '555-010-6363');
    stranger = (await signUp('customer', 'stranger')).token;
    strangerProvider = (await signUp('provider', 'stranger-provider')).token;

    await connect(customer.token, { userId: customer.userId, role: 'customer' }, (s) => s.on('job_refunded' as never, ((m: Refunded) => heard.customer.push(m)) as never));
    await connect(provider.token, { userId: provider.providerId, role: 'provider' }, (s) => s.on('job_refunded' as never, ((m: Refunded) => heard.provider.push(m)) as never));
    await connect(admin, null, (s) => s.on('problem_reported' as never, ((m: { requestId: string; reportId: string }) => heard.admin.push(m)) as never));

    // The card job of the file: accepted, arrived, completed, confirmed (the capture) and credited.
    requestId = await acceptedJob('card');
    await arriveAtJob(provider, requestId);
    await ok('POST', `/api/dispatch/jobs/${requestId}/completed`, { token: provider.token });
    await eventually('the completion report reaching payments', async () => {
      const res = await call('PUT', `/api/service-requests/${requestId}`, { token: customer.token, body: { data: { tireStatus: 'Service Completed' } } });
      return res.status === 200;
    });
    await eventually('the job credit', async () => (await history()).find((r) => r.requestId === requestId && r.kind === 'job_credit'));
  }, 120000);

  afterAll(() => {
    for (const s of sockets) s.disconnect();
  });

  it("counts both parties' reports on the tile (one open report each), tells the admins, and refuses anyone else", async () => {
    const before = await tile();
    const mine = await report(customer.token, requestId);
    expect(mine.status).toBe(201);
    expect(mine.body.data).toMatchObject({ status: 'open', reporterRole: 'customer', category: 'service_quality' });
    // A repeat while it is open answers the same report.
    const again = await report(customer.token, requestId, 'damage', 'Another try at the same report');
    expect([again.status, again.body.data.id]).toEqual([201, mine.body.data.id]);
    const theirs = await report(provider.token, requestId, 'payment', 'The customer disputes the extra charge');
    expect([theirs.status, theirs.body.data.reporterRole]).toEqual([201, 'provider']);

    // Not a party, not a customer or provider of the job, an admin: refused, nothing stored.
    expect((await report(stranger, requestId)).body.error.code).toBe('NOT_OWNER');
    expect((await report(strangerProvider, requestId)).status).toBe(403);
    expect((await report(admin, requestId)).body.error.code).toBe('ROLE_NOT_ALLOWED');
    for (const bad of [{ category: 'nope', description: 'long enough text' }, { category: 'other', description: 'short' }]) {
      expect((await call('POST', `/api/service-requests/${requestId}/reports`, { token: customer.token, body: { data: bad } })).status).toBe(400);
    }

    await eventually('the tile counting both reports', async () => (await tile()) === before + 2);
    await eventually('problem_reported to the admins', async () => heard.admin.filter((m) => m.requestId === requestId).length === 2);
    // Each party reads its own reports; the admin all of them.
    expect((await ok<{ data: Report[] }>('GET', `/api/service-requests/${requestId}/reports`, { token: customer.token })).data.map((r) => r.id)).toEqual([mine.body.data.id]);
    expect((await ok<{ data: Report[] }>('GET', `/api/service-requests/${requestId}/reports`, { token: admin })).data).toHaveLength(2);
    expect((await call('GET', `/api/service-requests/${requestId}/reports`, { token: stranger })).status).toBe(403);
  });

  it("shows the admin the request's timeline from every service, and no one else", async () => {
    const t = await ok<{
      data: {
        statuses: { status: string; at: string }[];
        bids: { amount: number; status: string }[];
        location: { found: boolean; arrivedAt: string | null; startDistanceMiles: number | null };
        payments: { captured: number; holds: unknown[]; refundable: number; walletEntries: { kind: string }[] };
        reports: Report[];
        messages: unknown[];
      };
    }>('GET', `/api/admin/service-requests/${requestId}/timeline`, { token: admin });
    expect(t.data.statuses.map((s) => s.status)).toEqual(['Bids Open', 'Accepted', 'In Progress', 'Completion Reported', 'Service Completed']);
    expect(t.data.bids).toEqual([expect.objectContaining({ amount: BUDGET, status: 'accepted' })]);
    expect(t.data.location.found).toBe(true);
    expect(t.data.location.arrivedAt).not.toBeNull();
    expect(t.data.location.startDistanceMiles).toBeGreaterThan(0);
    expect(t.data.payments.captured).toBeGreaterThan(BUDGET);
    expect(t.data.payments.refundable).toBe(t.data.payments.captured);
    expect(t.data.payments.walletEntries.map((e) => e.kind)).toEqual(['job_credit']);
    expect(t.data.reports).toHaveLength(2);
    for (const token of [customer.token, provider.token, stranger]) {
      expect((await call('GET', `/api/admin/service-requests/${requestId}/timeline`, { token })).status).toBe(403);
    }
  });

  it("refunds part of the card job once: a repeated click and redelivered webhooks reverse the provider's share once; both parties hear of it", async () => {
    const payment = await ok<{ captured: number }>('GET', `/pay/api/payments/request/${requestId}`, { token: customer.token });
    const credit = (await history()).find((r) => r.requestId === requestId && r.kind === 'job_credit')!;
    const expected = Math.round((2550 * Math.round(credit.amount * 100)) / Math.round(payment.captured * 100)) / 100;

    const refundId = crypto.randomUUID();
    const first = await refund(admin, requestId, 2550, refundId);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ id: refundId, amount: 25.5, status: 'succeeded', providerReversal: expected, refundedTotal: 25.5 });
    // The admin's click, repeated: the same refund.
    const repeated = await refund(admin, requestId, 2550, refundId);
    expect([repeated.status, repeated.body.data.stripeRefundId]).toEqual([200, first.body.data.stripeRefundId]);

    // Stripe redelivers its refund webhooks (the Dashboard's 'Resend'): acknowledged, applied once.
    for (const type of ['charge.refunded', 'refund.created']) {
      const events = (await (await fetch(`${stripeApi}/v1/events?type=${type}&limit=20`, { headers: { authorization: `Bearer ${EMULATOR_SECRET_KEY}` } })).json()) as {
        data: { id: string; data: { object: unknown } }[];
      };
      const event = events.data.find((e) => JSON.stringify(e.data.object).includes(first.body.data.stripeRefundId));
      expect(event).toBeDefined();
      const resent = await fetch(`${stripeApi}/__emulator/events/${event!.id}/resend`, { method: 'POST', headers: { authorization: `Bearer ${EMULATOR_SECRET_KEY}` } });
      expect(resent.status).toBe(200);
    }
    // Both parties told, once each.
    await eventually('job_refunded on both sides', async () => heard.customer.some((m) => m.refundId === refundId) && heard.provider.some((m) => m.refundId === refundId));
    // The redeliveries had time to land: still one reversal, one Stripe refund.
    await new Promise((r) => setTimeout(r, 2000));
    const reversals = (await history()).filter((r) => r.requestId === requestId && r.kind === 'refund_reversal');
    expect(reversals).toEqual([expect.objectContaining({ amount: -expected, grossAmount: 25.5 })]);
    expect(heard.customer.filter((m) => m.refundId === refundId)).toEqual([expect.objectContaining({ amount: 25.5, requestId })]);
    expect(heard.provider.filter((m) => m.refundId === refundId)).toEqual([expect.objectContaining({ amount: 25.5, providerReversal: expected })]);
    // What their screens read.
    expect(await ok('GET', `/pay/api/payments/request/${requestId}`, { token: customer.token })).toMatchObject({ status: 'captured', refunded: 25.5 });

    // More than left is refused with what is left; nothing moves.
    const left = Math.round((payment.captured - 25.5) * 100);
    const tooMuch = await refund(admin, requestId, left + 1);
    expect([tooMuch.status, tooMuch.body.error.details?.reason, tooMuch.body.error.details?.remaining]).toEqual([409, 'REFUND_EXCEEDS_REMAINING', left / 100]);
    // Not an admin: refused at the gateway.
    expect((await refund(customer.token, requestId, 100)).status).toBe(403);
    expect((await refund(provider.token, requestId, 100)).status).toBe(403);
    expect((await history()).filter((r) => r.requestId === requestId && r.kind === 'refund_reversal')).toHaveLength(1);

    // The admin resolves both reports with a note: the tile counts them no more.
    const before = await tile();
    const reports = (await ok<{ data: Report[] }>('GET', `/api/service-requests/${requestId}/reports`, { token: admin })).data;
    for (const r of reports) {
      const resolved = await ok<{ data: Report }>('PUT', `/api/reports/${r.id}`, { token: admin, body: { data: { status: 'resolved', resolutionNote: 'Refunded $25.50' } } });
      expect(resolved.data).toMatchObject({ status: 'resolved', resolutionNote: 'Refunded $25.50' });
    }
    expect((await call('PUT', `/api/reports/${reports[0]!.id}`, { token: customer.token, body: { data: { status: 'resolved', resolutionNote: 'mine' } } })).status).toBe(403);
    await eventually('the tile without the resolved reports', async () => (await tile()) === before - 2);
    expect((await ok<{ data: Report[] }>('GET', `/api/service-requests/${requestId}/reports`, { token: customer.token })).data[0]).toMatchObject({ status: 'resolved', resolutionNote: 'Refunded $25.50' });
  });

  it('refuses a refund of a cash job and of a card job not captured yet', async () => {
    const cash = await acceptedJob('cash');
    const a = await refund(admin, cash, 500);
    expect([a.status, a.body.error.details?.reason]).toEqual([409, 'REFUND_CASH_JOB']);
    const held = await acceptedJob('card');
    const b = await refund(admin, held, 500);
    expect([b.status, b.body.error.details?.reason]).toEqual([409, 'REFUND_NOT_CAPTURED']);
    // A job not accepted has nothing to report on.
    const open = await ok<{ data: { documentId: string } }>('POST', '/api/service-requests', {
      token: customer.token,
      body: {
        data: {
          tireSize: '225/65/R17',
          serviceType: 'Flat Tire Repair',
          budget: BUDGET,
          paymentMethod: 'cash',
          description: `disputes open ${id}`,
          location: { address: 'Colfax Ave, Denver', ...CUSTOMER_AT },
          ...CUSTOMER_AT,
          address: 'Colfax Ave, Denver',
          tireStatus: 'Bids Open',
        },
      },
    });
    const early = await report(customer.token, open.data.documentId);
    expect([early.status, early.body.error.details?.reason]).toEqual([409, 'JOB_NOT_ACCEPTED']);
    await ok('PUT', `/api/service-requests/${open.data.documentId}`, { token: customer.token, body: { data: { tireStatus: 'Cancelled' } } });
    // The provider reports a problem with the cash job after cancelling it: allowed (cancelled after acceptance).
    await ok('PUT', `/api/service-requests/${cash}`, { token: provider.token, body: { data: { tireStatus: 'Cancelled', cancelReason: 'Vehicle breakdown' } } });
    expect((await report(provider.token, cash, 'conduct', 'The customer was rude on the phone')).status).toBe(201);
  });
});

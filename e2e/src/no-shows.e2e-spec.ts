// Issue 13 item 2 through the gateway: no-shows both ways. People sign up and act through the API as the app does
// (the admin is the only seeded account). 'I AM HERE' is checked against the provider's streamed position (its
// socket's driver_location_update, as the tracking screen sends it): far is refused with the distance, an override
// reason arrives anyway and the admin sees it. The provider waits NO_SHOW_WAIT_MINUTES after arrival, then marks the
// customer absent: a card job pays the admin's no-show fee from its hold (credited to the provider less the
// commission), a cash job nothing. A provider not there by its ETA + PROVIDER_LATE_GRACE_MINUTES lets the customer
// cancel free, and counts against it. Time does not pass in a test: the request's stored times are moved back (as
// the services' int-specs move expires_at), never slept through. The settings found are put back at the end.
import crypto from 'node:crypto';
import { Client } from 'pg';
import type { Socket } from 'socket.io-client';
import { adminToken, approvedProvider, call, connectStripe, eventually, goOnline, ok, register, withCustomerProfile, openSocket, postRequest, bidWhenOffered, acceptBid, streamPosition, type ErrorBody } from './support/api';
import { databaseUrl } from './support/stack-env';

interface RequestBody {
  data: {
    documentId: string;
    tireStatus: string;
    cancelReason: string | null;
    arrivalOverrideReason?: string | null;
    arrivalDistanceMeters?: number | null;
    noShowWaitEndsAt?: string | null;
    providerLateAt?: string | null;
    noShowAt?: string | null;
    noShowFee?: number | null;
    provider: { noShows?: number } | null;
  };
}
type Settings = Record<'serviceFee' | 'walletFee' | 'cancellationFee' | 'noShowFee' | 'minWithdrawal', number>;

// Far from the seeded providers (San Francisco) and the other e2e files' places, so the request reaches only ours.
const PROVIDER_AT = { lat: 41.2565, lng: -95.9345 };
const JOB_AT = { lat: 41.2645, lng: -95.9345 };
/** About 30 m from the job: within the arrival distance (ARRIVAL_MAX_DISTANCE_METERS: 300 by default, 5000 in the e2e stack). */
const AT_THE_CURB = { lat: 41.26477, lng: -95.9345 };
/** About 20 km from the job: beyond the arrival distance. */
const DOWN_THE_ROAD = { lat: 41.0845, lng: -95.9345 };
const BUDGET = 100;
const ETA_MINUTES = 15;

describe('no-shows through the gateway: the arrival check, a customer no-show and a provider no-show', () => {
  const id = crypto.randomBytes(4).toString('hex');
  let admin: string;
  let found: Settings;
  let db: Client;
  const sockets: Socket[] = [];
  let provider: { token: string; userId: string; providerId: string };
  let customer: { token: string; userId: string; email: string; customerId: string };

  const signUp = (role: 'customer' | 'provider') => register(role, `noshow-${role}-${id}@example.com`, `NoShow-${id}-pw`);

  /** The customer's card held for the budget plus the $10 card fee, the request posted, the provider's bid accepted. */
  async function acceptedJob(paymentMethod: 'card' | 'cash'): Promise<string> {
    // The card fee is the $10 this file set in beforeAll.
    const requestId = await postRequest(customer, { budget: BUDGET, paymentMethod, at: { ...JOB_AT, address: 'Old Market, Omaha' }, description: `no-show ${id}`, cardFee: 10 });
    await acceptBid(customer, requestId, await bidWhenOffered(provider, requestId, BUDGET, ETA_MINUTES));
    return requestId;
  }

  /** A socket as a tracking screen holds one, joined with the request; every event named in `hear` is kept. */
  const connect = (token: string, join: { userId: string; role: 'customer' | 'provider' }, requestId: string, heard: Array<[string, unknown]>): Promise<Socket> =>
    openSocket(token, sockets, { ...join, requestId }, (s) => s.onAny((event: string, payload: unknown) => heard.push([event, payload])));

  /** The provider's phone streams `point` for the job (driver_location_update) until dispatch has it as the latest. */
  const streamAt = (requestId: string, point: { lat: number; lng: number }) => streamPosition(provider, requestId, point);

  /** Time passes: the request's stored `column` moves back `minutes` (the wait or the lateness is then over). */
  async function movedBack(requestId: string, column: 'arrived_at' | 'accepted_at', minutes: number): Promise<void> {
    const res = await db.query(`UPDATE "requests"."service_requests" SET "${column}" = "${column}" - make_interval(mins => $2) WHERE "id" = $1`, [requestId, minutes]);
    expect(res.rowCount).toBe(1);
  }

  const requestAs = (token: string, requestId: string) => ok<RequestBody>('GET', `/api/service-requests/${requestId}`, { token });

  beforeAll(async () => {
    db = new Client({ connectionString: databaseUrl() });
    await db.connect();
    admin = await adminToken();
    const all = (await ok<{ data: Settings }>('GET', '/api/settings', { token: admin })).data;
    found = { serviceFee: all.serviceFee, walletFee: all.walletFee, cancellationFee: all.cancellationFee, noShowFee: all.noShowFee, minWithdrawal: all.minWithdrawal };
    await ok('PUT', '/api/settings', { token: admin, body: { data: { serviceFee: 10, walletFee: 20, cancellationFee: 8, noShowFee: 25 } } });

    const p = await approvedProvider(await signUp('provider'), { businessName: `North Loop Tires ${id}`, fullName: 'Robin Wait', phone: '555-010-6161' }, admin);
    await connectStripe(p, `North Loop Tires ${id}`);
    await goOnline(p, PROVIDER_AT);
    provider = { token: p.token, userId: p.userId, providerId: p.providerId };

    customer = await withCustomerProfile(await signUp('customer'), `Casey NoShow ${id}`, '555-010-6262');
  });

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    if (admin && found) await ok('PUT', '/api/settings', { token: admin, body: { data: found } });
    await db?.end();
  });

  it("refuses 'I AM HERE' 20 km from the job with the distance; an override reason arrives anyway and only the admin (and the provider) see it", async () => {
    const requestId = await acceptedJob('card');
    await streamAt(requestId, DOWN_THE_ROAD);

    const refused = await call<ErrorBody>('POST', `/api/dispatch/jobs/${requestId}/arrived`, { token: provider.token });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'CONFLICT', details: { reason: 'ARRIVAL_TOO_FAR' } });
    const distance = Number(refused.body.error.details?.distanceMeters);
    expect(distance).toBeGreaterThan(19_800);
    expect(distance).toBeLessThan(20_200);
    expect(distance).toBeGreaterThan(Number(refused.body.error.details?.maxDistanceMeters));
    expect(refused.body.error.message).toMatch(/^You are 20\.\d km from the job's address; 'I AM HERE' needs you within /);
    expect((await requestAs(customer.token, requestId)).data.tireStatus).toBe('Accepted');

    // An empty reason is no reason.
    const blank = await call<ErrorBody>('POST', `/api/dispatch/jobs/${requestId}/arrived`, { token: provider.token, body: { data: { overrideReason: '   ' } } });
    expect([blank.status, blank.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);

    const reason = 'The customer is in the parking garage under the mall; GPS is lost down here';
    const arrived = await ok<RequestBody>('POST', `/api/dispatch/jobs/${requestId}/arrived`, { token: provider.token, body: { data: { overrideReason: reason } } });
    expect(arrived.data).toMatchObject({ tireStatus: 'In Progress', arrivalOverrideReason: reason });
    expect((await requestAs(admin, requestId)).data).toMatchObject({ tireStatus: 'In Progress', arrivalOverrideReason: reason, arrivalDistanceMeters: distance });
    expect((await requestAs(customer.token, requestId)).data).toMatchObject({ arrivalOverrideReason: null, arrivalDistanceMeters: null });
  });

  it("refuses 'I AM HERE' while no position was streamed; a reason arrives unchecked, and 'Customer not here' on it charges no fee and releases the hold", async () => {
    const requestId = await acceptedJob('card');
    // Location sharing off: the provider's phone streamed nothing for this job.
    const unseen = await call<ErrorBody>('POST', `/api/dispatch/jobs/${requestId}/arrived`, { token: provider.token });
    expect(unseen.status).toBe(409);
    expect(unseen.body.error).toMatchObject({ code: 'CONFLICT', details: { reason: 'ARRIVAL_POSITION_UNKNOWN' } });
    expect(unseen.body.error.message).toMatch(/^We cannot see where you are: 'I AM HERE' needs your live location within /);
    // The spec's PUT is the same check.
    const put = await call<ErrorBody>('PUT', `/api/service-requests/${requestId}`, { token: provider.token, body: { data: { tireStatus: 'In Progress' } } });
    expect([put.status, put.body.error.details?.reason]).toEqual([409, 'ARRIVAL_POSITION_UNKNOWN']);
    expect((await requestAs(customer.token, requestId)).data.tireStatus).toBe('Accepted');

    const reason = 'My phone has no GPS fix in this garage';
    const arrived = await ok<RequestBody>('POST', `/api/dispatch/jobs/${requestId}/arrived`, { token: provider.token, body: { data: { overrideReason: reason } } });
    expect(arrived.data).toMatchObject({ tireStatus: 'In Progress', arrivalOverrideReason: reason, arrivalDistanceMeters: null });
    expect((await requestAs(admin, requestId)).data).toMatchObject({ arrivalOverrideReason: reason, arrivalDistanceMeters: null });

    // The wait is over; the provider marks the customer absent: no fee rests on an arrival the server did not check.
    await movedBack(requestId, 'arrived_at', 11);
    const absent = await ok<RequestBody>('POST', `/api/dispatch/jobs/${requestId}/customer-absent`, { token: provider.token });
    expect(absent.data).toMatchObject({ tireStatus: 'Customer No-Show', noShowFee: 0 });
    const released = await eventually('the hold released', async () => {
      const res = await call<{ status: string; captured: number | null }>('GET', `/pay/api/payments/request/${requestId}`, { token: customer.token });
      return res.status === 200 && res.body.status === 'released' ? res.body : null;
    });
    expect(released).toMatchObject({ status: 'released', captured: null, held: null });
    const wallet = (await ok<{ data: Array<{ requestId: string }> }>('GET', `/api/providers/${provider.providerId}/wallet-transactions`, { token: provider.token })).data;
    expect(wallet.filter((r) => r.requestId === requestId)).toEqual([]);
  });

  it("charges the admin's $25 no-show fee from the card hold after the wait, credits the provider $20 (less 20%), releases the rest; both sockets hear it", async () => {
    const requestId = await acceptedJob('card');
    await streamAt(requestId, AT_THE_CURB);
    const arrived = await ok<RequestBody>('POST', `/api/dispatch/jobs/${requestId}/arrived`, { token: provider.token });
    expect(arrived.data.tireStatus).toBe('In Progress');
    expect(arrived.data.arrivalDistanceMeters).toBeLessThan(60);
    expect(arrived.data.arrivalOverrideReason).toBeNull();
    // The customer's screen shows the wait: it ends 10 minutes after arrival.
    const seen = (await requestAs(customer.token, requestId)).data;
    expect(Date.parse(seen.noShowWaitEndsAt ?? '')).toBeGreaterThan(Date.now() + 9 * 60_000);

    // Before the wait is over: refused with the time left; the customer cannot mark itself absent.
    const early = await call<ErrorBody>('POST', `/api/dispatch/jobs/${requestId}/customer-absent`, { token: provider.token });
    expect(early.status).toBe(409);
    expect(early.body.error.details).toMatchObject({ reason: 'NO_SHOW_WAIT_NOT_OVER' });
    const secondsLeft = Number(early.body.error.details?.secondsLeft);
    expect(secondsLeft).toBeGreaterThan(540);
    expect(secondsLeft).toBeLessThanOrEqual(600);
    expect(early.body.error.message).toMatch(/^Wait for the customer (9|10) min/);
    expect((await call('POST', `/api/dispatch/jobs/${requestId}/customer-absent`, { token: customer.token })).status).toBe(403);

    const customerHeard: Array<[string, unknown]> = [];
    const providerHeard: Array<[string, unknown]> = [];
    await connect(customer.token, { userId: customer.userId, role: 'customer' }, requestId, customerHeard);
    await connect(provider.token, { userId: provider.providerId, role: 'provider' }, requestId, providerHeard);

    await movedBack(requestId, 'arrived_at', 11);
    const absent = await ok<RequestBody>('POST', `/api/dispatch/jobs/${requestId}/customer-absent`, { token: provider.token });
    expect(absent.data).toMatchObject({ tireStatus: 'Customer No-Show', noShowFee: 25 });
    // Pressed again (a retry): the same answer, nothing charged twice.
    expect((await ok<RequestBody>('POST', `/api/dispatch/jobs/${requestId}/customer-absent`, { token: provider.token })).data.tireStatus).toBe('Customer No-Show');

    const paid = await eventually('the no-show fee captured', async () => {
      const res = await call<{ status: string }>('GET', `/pay/api/payments/request/${requestId}`, { token: customer.token });
      return res.status === 200 && res.body.status === 'no_show_fee' ? res.body : null;
    });
    // Captured: the fee only, not the $110 held; nothing is held any more.
    expect(paid).toMatchObject({ status: 'no_show_fee', captured: 25, noShowFee: 25, held: null, cancellationFee: null });
    const credit = await eventually('the provider credited like a job', async () => {
      const rows = (await ok<{ data: Array<{ kind: string; amount: number; grossAmount: number; commissionPercent: number; requestId: string }> }>(
        'GET',
        `/api/providers/${provider.providerId}/wallet-transactions`,
        { token: provider.token },
      )).data;
      return rows.filter((r) => r.requestId === requestId).length > 0 ? rows.filter((r) => r.requestId === requestId) : null;
    });
    expect(credit).toEqual([expect.objectContaining({ kind: 'job_credit', amount: 20, grossAmount: 25, commissionPercent: 20 })]);

    const expected = { requestId, tireStatus: 'Customer No-Show', paymentMethod: 'card', fee: 25, customerId: customer.customerId, providerId: provider.providerId };
    await eventually('customer_no_show on both sockets', async () =>
      customerHeard.some(([e]) => e === 'customer_no_show') && providerHeard.some(([e]) => e === 'customer_no_show'),
    );
    expect(customerHeard.find(([e]) => e === 'customer_no_show')?.[1]).toMatchObject(expected);
    expect(providerHeard.find(([e]) => e === 'customer_no_show')?.[1]).toMatchObject(expected);
    // History lists it with its status.
    const mine = await ok<{ data: Array<{ documentId: string; tireStatus: string }> }>('GET', '/api/service-requests', { token: customer.token });
    expect(mine.data.find((r) => r.documentId === requestId)?.tireStatus).toBe('Customer No-Show');
  });

  it('ends a cash job with no charge when the customer is not there', async () => {
    const requestId = await acceptedJob('cash');
    await streamAt(requestId, AT_THE_CURB);
    await ok('POST', `/api/dispatch/jobs/${requestId}/arrived`, { token: provider.token });
    await movedBack(requestId, 'arrived_at', 11);
    const absent = await ok<RequestBody>('POST', `/api/dispatch/jobs/${requestId}/customer-absent`, { token: provider.token });
    expect(absent.data).toMatchObject({ tireStatus: 'Customer No-Show', noShowFee: 0 });
    const payment = await ok<{ status: string; captured: number | null }>('GET', `/pay/api/payments/request/${requestId}`, { token: customer.token });
    expect(payment).toMatchObject({ status: 'none', captured: null });
  });

  it('lets the customer cancel a late provider free (no $8 cancellation fee, the hold released) and counts the no-show against the provider', async () => {
    const requestId = await acceptedJob('card');
    const accepted = (await requestAs(customer.token, requestId)).data;
    const before = accepted.provider?.noShows ?? -1;
    expect(before).toBe(0);
    expect(Date.parse(accepted.providerLateAt ?? '')).toBeGreaterThan(Date.now() + (ETA_MINUTES + 14) * 60_000);

    // Not late yet: a free 'provider-no-show' cancel is refused with the time left.
    const early = await call<ErrorBody>('PUT', `/api/service-requests/${requestId}`, {
      token: customer.token,
      body: { data: { tireStatus: 'Cancelled', cancelReason: 'provider-no-show' } },
    });
    expect(early.status).toBe(409);
    expect(early.body.error.details).toMatchObject({ reason: 'PROVIDER_NOT_LATE' });
    expect(Number(early.body.error.details?.secondsLeft)).toBeGreaterThan((ETA_MINUTES + 14) * 60);

    // ETA (15) + grace (15) minutes after acceptance, the provider has not arrived.
    await movedBack(requestId, 'accepted_at', ETA_MINUTES + 16);
    expect(Date.parse((await requestAs(customer.token, requestId)).data.providerLateAt ?? '')).toBeLessThan(Date.now());
    const cancelled = await ok<RequestBody>('PUT', `/api/service-requests/${requestId}`, {
      token: customer.token,
      body: { data: { tireStatus: 'Cancelled', cancelReason: 'provider-no-show' } },
    });
    expect(cancelled.data).toMatchObject({ tireStatus: 'Cancelled', cancelReason: 'provider-no-show' });
    const released = await eventually('the hold released', async () => {
      const res = await call<{ status: string }>('GET', `/pay/api/payments/request/${requestId}`, { token: customer.token });
      return res.status === 200 && res.body.status === 'released' ? res.body : null;
    });
    expect(released).toMatchObject({ captured: null, cancellationFee: null });
    const rows = (await ok<{ data: Array<{ requestId: string }> }>('GET', `/api/providers/${provider.providerId}/wallet-transactions`, { token: provider.token })).data;
    expect(rows.filter((r) => r.requestId === requestId)).toEqual([]);
    expect((await requestAs(customer.token, requestId)).data.provider?.noShows).toBe(before + 1);
  });
});

// Issue 13 item 1 through the gateway: extras as itemised, binding quotes. People sign up and act through the API as
// the app does (the admin is the only seeded account): a provider registers, is approved, connects Stripe and goes
// online; a customer creates a card at the Stripe emulator with the publishable key (what Stripe.js does), has it
// held and posts a card request; the provider bids, the customer accepts, the provider arrives. On site the provider
// adds extras; the customer approves one (the hold is raised: the PaymentIntent's incremental authorisation) and
// declines another; the capture at confirmation is the bid + the approved extra + the card fee, the provider's wallet
// is credited that job less the commission, and both histories list the items. A card that refuses the raise
// (the emulator's limit card, 4000000000007700: holds up to $100) leaves the extra not approved and not charged. A cash
// job's approved extra adds to what is paid in cash, with no hold anywhere.
import crypto from 'node:crypto';
import type { JobExtraView, ServiceRequestView } from '@tiredash/contracts';
import { adminToken, approvedProvider, call, cardFeeSetting, cardPaymentMethod, connectStripe, eventually, goOnline, ok, register, withCustomerProfile, bidWhenOffered, acceptBid, requestData, type ErrorBody, arriveAtJob } from './support/api';

interface PaymentView {
  status: string;
  held: number | null;
  captured: number | null;
  cardFee: number;
}
interface WalletRow {
  kind: string;
  amount: number;
  grossAmount: number | null;
  commissionPercent: number | null;
  requestId: string | null;
}

// Far from the seeded providers (San Francisco) and from the other e2e files' places, so the request reaches only ours.
const PROVIDER_AT = { lat: 39.7392, lng: -104.9903 };
const CUSTOMER_AT = { lat: 39.745, lng: -104.9903 };

describe('extras through the gateway: added on site, approved (hold raised) or declined, captured with the job', () => {
  const id = crypto.randomBytes(4).toString('hex');
  let admin: string;
  let provider: { token: string; providerId: string; accountId: string };
  let customer: { token: string; email: string; customerId: string };
  let otherProvider: string;
  let stranger: string;
  let cardFee: number;

  const signUp = (role: 'customer' | 'provider', tag: string = role) => register(role, `extras-${tag}-${id}@example.com`, `Extras-${id}-pw`);

  const anApprovedProvider = async (tag: string) =>
    approvedProvider(await signUp('provider', tag), { businessName: `Mile High Tires ${tag} ${id}`, fullName: 'Pat Extras', phone: '555-010-6262' }, admin);

  /** A request of `budget` (card: held for budget + fee on `cardNumber`) accepted at `bid`, the provider not there yet. */
  async function acceptedJob(paymentMethod: 'card' | 'cash', budget: number, bid: number, cardNumber = '4242424242424242'): Promise<string> {
    await ok('PUT', `/api/customers/${customer.customerId}`, { token: customer.token, body: { data: { paymentMethod } } });
    let pm: string | null = null;
    if (paymentMethod === 'card') {
      pm = await cardPaymentMethod(cardNumber);
      await ok('POST', '/pay/api/payments/authorize', {
        token: customer.token,
        body: { paymentMethodId: pm, email: customer.email, amount: (budget + cardFee) * 100, cardFee: cardFee * 100 },
      });
    }
    const created = await ok<{ data: { documentId: string } }>('POST', '/api/service-requests', {
      token: customer.token,
      body: { data: requestData({ budget, paymentMethod, at: { ...CUSTOMER_AT, address: '16th St Mall, Denver' }, description: `extras ${id}` }) },
    });
    const requestId = created.data.documentId;
    if (paymentMethod === 'card') {
      await eventually('the hold linked to the request', async () => {
        const res = await call<PaymentView>('GET', `/pay/api/payments/request/${requestId}`, { token: customer.token });
        return res.status === 200 && res.body.status === 'held';
      });
    }
    const placedId = await bidWhenOffered(provider, requestId, bid);
    if (paymentMethod === 'card' && bid !== budget) {
      // The accepted bid differs from the budget: the payment dialog re-authorises bid + fee on the same card first.
      await ok('POST', '/pay/api/payments/authorize', {
        token: customer.token,
        body: { paymentMethodId: pm, email: customer.email, amount: (bid + cardFee) * 100, cardFee: cardFee * 100, requestId },
      });
    }
    await acceptBid(customer, requestId, placedId);
    return requestId;
  }

  const addExtra = (requestId: string, serviceType: unknown, amount: unknown, token = provider.token, clientExtraId: string = crypto.randomUUID()) =>
    call<{ data: JobExtraView } & ErrorBody>('POST', `/api/service-requests/${requestId}/extras`, { token, body: { data: { serviceType, amount, clientExtraId } } });
  const answer = (requestId: string, extraId: string, status: string, token = customer.token) =>
    call<{ data: JobExtraView } & ErrorBody>('PUT', `/api/service-requests/${requestId}/extras/${extraId}`, { token, body: { data: { status } } });
  const payment = (requestId: string) => ok<PaymentView>('GET', `/pay/api/payments/request/${requestId}`, { token: customer.token });
  const requestAs = async (requestId: string, token: string) => (await ok<{ data: ServiceRequestView }>('GET', `/api/service-requests/${requestId}`, { token })).data;
  const walletRows = async (): Promise<WalletRow[]> =>
    (await ok<{ data: WalletRow[] }>('GET', `/api/providers/${provider.providerId}/wallet-transactions`, { token: provider.token })).data;
  const arrive = (requestId: string) => arriveAtJob(provider, requestId);
  const complete = (requestId: string) => ok('POST', `/api/dispatch/jobs/${requestId}/completed`, { token: provider.token });
  const confirm = (requestId: string) =>
    eventually('the completion report reaching payments', async () => {
      const res = await call('PUT', `/api/service-requests/${requestId}`, { token: customer.token, body: { data: { tireStatus: 'Service Completed' } } });
      return res.status === 200;
    });

  beforeAll(async () => {
    admin = await adminToken();
    cardFee = await cardFeeSetting();

    const p = await anApprovedProvider('main');
    const accountId = await connectStripe(p, `Mile High Tires ${id}`);
    await goOnline(p, PROVIDER_AT);
    provider = { token: p.token, providerId: p.providerId, accountId };
    // Approved, but offline and elsewhere: never this job's provider.
    otherProvider = (await anApprovedProvider('other')).token;

    customer = await withCustomerProfile(await signUp('customer'), `Casey Extras ${id}`, '555-010-6363');
    stranger = (await withCustomerProfile(await signUp('customer', 'stranger'), `Sam Stranger ${id}`, '555-010-6464')).token;
  });

  it('card: an approved extra raises the hold and is captured with the bid and the fee; a declined one is not; both histories list the items', async () => {
    const requestId = await acceptedJob('card', 90, 90);
    // Before arrival: refused, nothing stored.
    const early = await addExtra(requestId, 'Valve Replacement', 25);
    expect([early.status, early.body.error.code, early.body.error.details?.reason]).toEqual([409, 'CONFLICT', 'NOT_ARRIVED']);
    await arrive(requestId);

    // Only the job's provider adds, within the price range, one of the service types.
    expect((await addExtra(requestId, 'Valve Replacement', 25, otherProvider)).status).toBe(403);
    expect((await addExtra(requestId, 'Valve Replacement', 25, customer.token)).status).toBe(403);
    for (const amount of [0, 0.5, 2000.01, 'lots', 12.345]) expect((await addExtra(requestId, 'Valve Replacement', amount)).status).toBe(400);
    expect((await addExtra(requestId, 'Windscreen', 25)).status).toBe(400);

    const clientExtraId = crypto.randomUUID();
    const added = await addExtra(requestId, 'Valve Replacement', 25, provider.token, clientExtraId);
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ serviceType: 'Valve Replacement', amount: 25, status: 'pending', chargeTotal: null });
    const valve = added.body.data;
    // A retry of the same add answers the stored extra; the same id for another item is refused.
    const retried = await addExtra(requestId, 'Valve Replacement', 25, provider.token, clientExtraId);
    expect([retried.status, retried.body.data.id]).toEqual([201, valve.id]);
    expect((await addExtra(requestId, 'Valve Replacement', 30, provider.token, clientExtraId)).body.error.details?.reason).toBe('CLIENT_EXTRA_ID_REUSED');
    // The customer sees it on the request (the tracking screen's data); another customer sees nothing of the job.
    expect((await requestAs(requestId, customer.token)).extras).toEqual([expect.objectContaining({ id: valve.id, status: 'pending' })]);
    expect((await call('GET', `/api/service-requests/${requestId}`, { token: stranger })).status).toBe(403);

    // Only the request's customer answers.
    expect((await answer(requestId, valve.id, 'approved', stranger)).status).toBe(403);
    expect((await answer(requestId, valve.id, 'approved', provider.token)).status).toBe(403);
    expect((await answer(requestId, valve.id, 'maybe')).status).toBe(400);
    expect((await payment(requestId)).held).toBe(90 + cardFee);

    // Approved: the hold is raised to bid + extra + fee ('The charge amount is now $X').
    const approved = await answer(requestId, valve.id, 'approved');
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'approved', chargeTotal: 90 + 25 + cardFee });
    expect((await payment(requestId)).held).toBe(90 + 25 + cardFee);
    // The same answer again: the stored one, nothing raised twice; another answer: 409.
    expect((await answer(requestId, valve.id, 'approved')).body.data).toMatchObject({ status: 'approved', chargeTotal: 90 + 25 + cardFee });
    const changed = await answer(requestId, valve.id, 'declined');
    expect([changed.status, changed.body.error.details?.reason]).toEqual([409, 'EXTRA_ALREADY_ANSWERED']);
    expect((await payment(requestId)).held).toBe(90 + 25 + cardFee);

    // A second extra, declined: the hold stays as it was.
    const rotation = (await addExtra(requestId, 'Tire Rotation', 40)).body.data;
    expect((await answer(requestId, rotation.id, 'declined')).body.data).toMatchObject({ status: 'declined', chargeTotal: null });
    expect((await payment(requestId)).held).toBe(90 + 25 + cardFee);

    // Once the completion is reported, no more extras.
    await complete(requestId);
    const late = await addExtra(requestId, 'Wheel Balancing', 15);
    expect([late.status, late.body.error.details?.reason]).toEqual([409, 'EXTRAS_CLOSED']);

    // The capture: the accepted bid + the approved extra + the card fee kept with the hold, never the declined one.
    await confirm(requestId);
    expect(await payment(requestId)).toMatchObject({ status: 'captured', captured: 90 + 25 + cardFee });
    // After the job, answers are closed (the same answer still answers the stored one).
    expect((await answer(requestId, valve.id, 'approved')).status).toBe(200);

    // The provider's wallet: the captured job (bid + extra) less the commission in force, once.
    const credit = await eventually('the job credit', async () => (await walletRows()).find((r) => r.requestId === requestId && r.kind === 'job_credit'));
    expect(credit.grossAmount).toBe(115);
    expect(credit.amount).toBeCloseTo((115 * (100 - (credit.commissionPercent ?? 0))) / 100, 2);

    // Both histories list the items (the request lists each side reads).
    const customerList = await ok<{ data: ServiceRequestView[] }>('GET', `/api/service-requests?filters[customer][documentId][$eq]=${customer.customerId}&populate=*`, {
      token: customer.token,
    });
    const providerList = await ok<{ data: ServiceRequestView[] }>('GET', `/api/service-requests?filters[provider][documentId][$eq]=${provider.providerId}&populate=*`, {
      token: provider.token,
    });
    for (const list of [customerList.data, providerList.data]) {
      const job = list.find((r) => r.documentId === requestId);
      expect(job?.amount).toBe(90);
      expect(job?.extras.map((e) => [e.serviceType, e.amount, e.status])).toEqual([
        ['Valve Replacement', 25, 'approved'],
        ['Tire Rotation', 40, 'declined'],
      ]);
    }
  });

  it('card: a raise the card refuses leaves the extra not approved and not charged, both sides told', async () => {
    // The limit card holds up to $100: the $50 bid + the fee fits, + a $60 extra does not.
    const requestId = await acceptedJob('card', 50, 50, '4000000000007700');
    await arrive(requestId);
    const extra = (await addExtra(requestId, 'Tire Replacement', 60)).body.data;
    const refused = await answer(requestId, extra.id, 'approved');
    expect(refused.status).toBe(200);
    expect(refused.body.data).toMatchObject({ status: 'card_declined', chargeTotal: null });
    expect(refused.body.data.declineMessage).toMatch(/insufficient funds/i);
    // Told to both: the provider's view of the job says so too.
    expect((await requestAs(requestId, provider.token)).extras).toEqual([expect.objectContaining({ id: extra.id, status: 'card_declined' })]);
    expect((await payment(requestId)).held).toBe(50 + cardFee);
    // Asking again does not try the card again: the same answer.
    expect((await answer(requestId, extra.id, 'approved')).body.data.status).toBe('card_declined');
    await complete(requestId);
    await confirm(requestId);
    expect(await payment(requestId)).toMatchObject({ status: 'captured', captured: 50 + cardFee });
  });

  it('cash: an approved extra adds to what is paid in cash, with no hold anywhere', async () => {
    const requestId = await acceptedJob('cash', 60, 60);
    await arrive(requestId);
    const extra = (await addExtra(requestId, 'Wheel Balancing', 20)).body.data;
    expect((await answer(requestId, extra.id, 'approved')).body.data).toMatchObject({ status: 'approved', chargeTotal: null });
    const pay = await call<PaymentView>('GET', `/pay/api/payments/request/${requestId}`, { token: customer.token });
    expect(pay.status === 404 || pay.body.status === 'none').toBe(true);
    const job = await requestAs(requestId, provider.token);
    expect([job.amount, job.extras.map((e) => [e.amount, e.status])]).toEqual([60, [[20, 'approved']]]);
  });
});

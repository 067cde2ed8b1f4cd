import Stripe from 'stripe';
import type { BidView, ServiceRequestView } from '@tiredash/contracts';
import { waitFor } from '@tiredash/testing';
import { DataSource } from 'typeorm';
import { providerData, register, type GatewayStack, type Registered } from './gateway-harness';
import { streamPosition } from './stream-position';

/**
 * A card job driven through the gateway as the app drives it (the stack must run requests, payments and, past
 * acceptance, dispatch): the customer's card held for (budget + 10) x 100 before posting, the card request, a bid, the
 * acceptance (and the re-authorisation at another amount), the provider's position streamed at the job, 'I AM HERE'
 * and 'JOB COMPLETED'. What is left is the capture.
 */
export interface CardJob {
  customer: Registered;
  provider: Registered & { providerId: string };
  requestId: string;
  /** The hold the capture takes (the re-authorisation's when the bid differs from the budget). */
  paymentIntentId: string;
  /** The payments service's database, to check money without an API shortcut. */
  payments: DataSource;
}

export interface CardJobOptions {
  budget: number;
  amount: number;
  /** Stop before 'JOB COMPLETED' (or before 'I AM HERE'). */
  until?: 'accepted' | 'arrived' | 'reported';
  provider?: Registered & { providerId: string };
}

export async function aProviderApproved(s: GatewayStack, adminToken: string): Promise<Registered & { providerId: string }> {
  const user = await register(s, 'provider');
  const res = await s.request<{ data: { documentId: string } }>('POST', '/api/providers', { token: user.token, body: providerData({ user: user.id }) });
  if (res.status !== 201) throw new Error(`provider: ${res.status} ${res.text}`);
  const providerId = res.body.data.documentId;
  const ok = await s.request('PUT', `/api/providers/${providerId}`, { token: adminToken, body: { data: { isApproved: true } } });
  if (ok.status !== 200) throw new Error(`approve: ${ok.status} ${ok.text}`);
  return { ...user, providerId };
}

export async function aCardJob(s: GatewayStack, adminToken: string, opts: CardJobOptions): Promise<CardJob> {
  if (!s.requests || !s.payments) throw new Error('aCardJob needs a stack with requests and payments');
  const payments = s.payments.app.get(DataSource);
  const customer = await register(s, 'customer');
  const profile = await s.request('POST', '/api/customers', {
    token: customer.token,
    body: { data: { fullName: 'Card Customer', phone: '+1 555 000 2222', paymentMethod: 'card', user: customer.id } },
  });
  if (profile.status !== 201) throw new Error(`customer: ${profile.status} ${profile.text}`);
  const provider = opts.provider ?? (await aProviderApproved(s, adminToken));

  // The payment dialog: the card goes to Stripe with the publishable key, then the hold through /pay.
  const u = new URL(s.payments.env.emulator.url);
  const publishable = new Stripe(s.payments.env.keys.publishableKey, { host: u.hostname, port: Number(u.port), protocol: 'http', maxNetworkRetries: 0 });
  const pm = await publishable.paymentMethods.create({ type: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' } });
  const hold = await s.request<{ paymentIntentId: string }>('POST', '/pay/api/payments/authorize', {
    token: customer.token,
    body: { paymentMethodId: pm.id, email: customer.email, amount: (opts.budget + 10) * 100 },
  });
  if (hold.status !== 200) throw new Error(`authorize: ${hold.status} ${hold.text}`);

  const created = await s.request<{ data: ServiceRequestView }>('POST', '/api/service-requests', {
    token: customer.token,
    body: {
      data: {
        tireSize: '225/65/R17',
        serviceType: 'Flat Tire Repair',
        budget: opts.budget,
        paymentMethod: 'card',
        location: { address: '500 Market St', lat: 37.79, lng: -122.4 },
        lat: 37.79,
        lng: -122.4,
        address: '500 Market St',
        tireStatus: 'Bids Open',
      },
    },
  });
  if (created.status !== 201) throw new Error(`request: ${created.status} ${created.text}`);
  const requestId = created.body.data.documentId;
  await waitFor(async () => (await payments.query(`SELECT 1 FROM payments.authorizations WHERE request_id = $1`, [requestId])).length === 1, {
    message: 'hold linked to the card request',
  });

  const bid = await s.request<{ data: BidView }>('POST', '/api/bids', {
    token: provider.token,
    body: { data: { requestId, amount: opts.amount, estimatedArrival: 12 } },
  });
  if (bid.status !== 201) throw new Error(`bid: ${bid.status} ${bid.text}`);
  const accepted = await s.request('PUT', `/api/service-requests/${requestId}`, {
    token: customer.token,
    body: { data: { tireStatus: 'Accepted', accepted_bid: bid.body.data.documentId } },
  });
  if (accepted.status !== 200) throw new Error(`accept: ${accepted.status} ${accepted.text}`);
  const holdCents = (opts.amount + 10) * 100;
  const [active] = await waitFor(async () => {
    const rows: { payment_intent_id: string }[] = await payments.query(
      `SELECT payment_intent_id FROM payments.authorizations WHERE request_id = $1 AND status = 'requires_capture' AND amount_cents = $2`,
      [requestId, holdCents],
    );
    return rows.length === 1 ? rows : null;
  }, { message: 'the hold at the accepted amount' });
  const job: CardJob = { customer, provider, requestId, paymentIntentId: active!.payment_intent_id, payments };
  if (opts.until === 'accepted') return job;
  // The provider drives there: its app streams the job's address, so 'I AM HERE' passes the arrival check.
  await streamPosition(s, provider, requestId);
  const arrived = await s.request('POST', `/api/dispatch/jobs/${requestId}/arrived`, { token: provider.token });
  if (arrived.status !== 200 && arrived.status !== 201) throw new Error(`arrived: ${arrived.status} ${arrived.text}`);
  if (opts.until === 'arrived') return job;
  const done = await s.request('POST', `/api/dispatch/jobs/${requestId}/completed`, { token: provider.token });
  if (done.status !== 200 && done.status !== 201) throw new Error(`completed: ${done.status} ${done.text}`);
  return job;
}

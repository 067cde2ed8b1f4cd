import Stripe from 'stripe';
import type { ServiceRequestView } from '@tiredash/contracts';
import { waitFor } from '@tiredash/testing';
import { DataSource } from 'typeorm';
import { aCardJob, aProviderApproved } from './support/card-job';
import { register, startGatewayStack, type ErrorBody, type GatewayStack } from './support/gateway-harness';

/**
 * Trust, money: the server alone decides what is charged and who is paid. Each test replays a reproduction of the
 * Trust issue through the gateway and checks the refusal and that the money stayed where it was.
 */
describe('money is decided by the server (requests + payments through the gateway)', () => {
  let s: GatewayStack;
  let admin: { token: string };

  beforeAll(async () => {
    s = await startGatewayStack('gw_trust_money', {}, { services: ['requests', 'payments', 'dispatch'] });
    admin = await s.anAdmin();
  });

  afterAll(async () => {
    await s?.close();
  });

  const walletOf = async (providerId: string): Promise<number> => {
    const rows: { n: string }[] = await s.payments!.app.get(DataSource).query(
      `SELECT COALESCE(SUM(amount_cents), 0)::text AS n FROM payments.wallet_entries WHERE provider_id = $1`,
      [providerId],
    );
    return Number(rows[0]!.n);
  };

  it('charges the accepted bid + fee, never the body: updatedAmount 0 of an In Progress job is refused, before and after the completion report', async () => {
    const job = await aCardJob(s, admin.token, { budget: 100, amount: 90, until: 'arrived' });
    const capture = (body: Record<string, unknown>) => s.request<ErrorBody & { amountCaptured: number }>('POST', '/pay/payments/capture', { token: job.customer.token, body });

    const early = await capture({ requestId: job.requestId, updatedAmount: 0 });
    expect([early.status, early.body.error.details]).toEqual([409, { reason: 'COMPLETION_NOT_REPORTED' }]);
    expect((await s.request('POST', `/api/dispatch/jobs/${job.requestId}/completed`, { token: job.provider.token })).status).toBeLessThan(300);

    const zero = await capture({ paymentIntentId: job.paymentIntentId, updatedAmount: 0 });
    expect([zero.status, zero.body.error.details]).toEqual([409, { reason: 'AMOUNT_MISMATCH' }]);
    const stranger = await aProviderApproved(s, admin.token);
    const elsewhere = await capture({ paymentIntentId: job.paymentIntentId, providerId: stranger.providerId });
    expect([elsewhere.status, elsewhere.body.error.details]).toEqual([409, { reason: 'PROVIDER_MISMATCH' }]);
    const held: { status: string }[] = await job.payments.query(`SELECT status FROM payments.authorizations WHERE payment_intent_id = $1`, [job.paymentIntentId]);
    expect(held[0]!.status).toBe('requires_capture');

    // The spec's client (amount x 100 because it differs from the budget) is charged $90 + $10 and the request completes.
    const ok = await capture({ paymentIntentId: job.paymentIntentId, updatedAmount: 9000 });
    expect([ok.status, ok.body.amountCaptured]).toEqual([200, 10000]);
    await waitFor(
      async () => (await s.request<{ data: ServiceRequestView }>('GET', `/api/service-requests/${job.requestId}`, { token: job.customer.token })).body.data.tireStatus === 'Service Completed',
      { message: 'the request completed from its capture' },
    );
    // Paid once: a second hold on it is refused.
    const again = await s.request<ErrorBody>('POST', '/pay/api/payments/authorize', {
      token: job.customer.token,
      body: { paymentMethodId: 'pm_card_visa', email: job.customer.email, amount: 10000, requestId: job.requestId },
    });
    expect([again.status, again.body.error.details]).toEqual([409, { reason: 'ALREADY_CAPTURED' }]);
  });

  it('never cashes a hold with no request into a wallet', async () => {
    const customer = await register(s, 'customer');
    const provider = await aProviderApproved(s, admin.token);
    const u = new URL(s.payments!.env.emulator.url);
    const publishable = new Stripe(s.payments!.env.keys.publishableKey, { host: u.hostname, port: Number(u.port), protocol: 'http', maxNetworkRetries: 0 });
    const pm = await publishable.paymentMethods.create({ type: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' } });
    const hold = await s.request<{ paymentIntentId: string }>('POST', '/pay/api/payments/authorize', {
      token: customer.token,
      body: { paymentMethodId: pm.id, email: customer.email, amount: 100000 },
    });
    expect(hold.status).toBe(200);
    const cashOut = await s.request<ErrorBody>('POST', '/pay/payments/capture', {
      token: customer.token,
      body: { paymentIntentId: hold.body.paymentIntentId, providerId: provider.providerId, updatedAmount: 99000 },
    });
    expect([cashOut.status, cashOut.body.error.details]).toEqual([409, { reason: 'NO_REQUEST' }]);
    await new Promise((r) => setTimeout(r, 300));
    expect(await walletOf(provider.providerId)).toBe(0);
    expect((await s.payments!.env.stripe.paymentIntents.retrieve(hold.body.paymentIntentId)).status).toBe('requires_capture');
  });

  it('after arrival and the completion report the customer can neither void nor cancel; the hold stays', async () => {
    const job = await aCardJob(s, admin.token, { budget: 60, amount: 60 });
    const voided = await s.request<ErrorBody>('POST', '/pay/payments/void', { token: job.customer.token, body: { requestId: job.requestId } });
    expect([voided.status, voided.body.error.details]).toEqual([409, { reason: 'HOLD_NOT_VOIDABLE' }]);
    const cancelled = await s.request<ErrorBody>('PUT', `/api/service-requests/${job.requestId}`, {
      token: job.customer.token,
      body: { data: { tireStatus: 'Cancelled' } },
    });
    expect([cancelled.status, cancelled.body.error.details]).toEqual([409, { reason: 'REQUEST_NOT_CANCELLABLE' }]);
    expect((await s.payments!.env.stripe.paymentIntents.retrieve(job.paymentIntentId)).status).toBe('requires_capture');
    const seen = await s.request<{ data: ServiceRequestView }>('GET', `/api/service-requests/${job.requestId}`, { token: job.customer.token });
    expect(seen.body.data.tireStatus).toBe('In Progress');

    // Before arrival the customer still cancels, and the hold is released.
    const early = await aCardJob(s, admin.token, { budget: 40, amount: 40, until: 'accepted', provider: job.provider });
    const ok = await s.request('PUT', `/api/service-requests/${early.requestId}`, { token: early.customer.token, body: { data: { tireStatus: 'Cancelled' } } });
    expect(ok.status).toBe(200);
    await waitFor(async () => (await s.payments!.env.stripe.paymentIntents.retrieve(early.paymentIntentId)).status === 'canceled', { message: 'hold released' });
  });
});

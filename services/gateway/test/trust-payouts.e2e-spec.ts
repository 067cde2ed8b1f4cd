import { DataSource } from 'typeorm';
import { aCardJob, aProviderApproved } from './support/card-job';
import { waitFor } from '@tiredash/testing';
import { PASSWORD, startGatewayStack, type ErrorBody, type GatewayStack, type Registered } from './support/gateway-harness';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the test drives the payments service's reconciliation directly
import { WalletService } from '../../payments/src/wallet/wallet.service';

/**
 * Trust, payouts: a withdrawal whose transfer gets no answer (the emulator does the transfer and drops the
 * response, every retry included) keeps the wallet debited once and sends the money once; the reconciliation
 * finishes it with the same idempotency keys. Only an approved provider with an active account withdraws.
 */
describe('payouts are safe against ambiguity (requests + payments through the gateway)', () => {
  let s: GatewayStack;
  let admin: { token: string };

  beforeAll(async () => {
    s = await startGatewayStack('gw_trust_payouts', {}, { services: ['requests', 'payments', 'dispatch'] });
    admin = await s.anAdmin();
  });

  afterAll(async () => {
    await s?.close();
  });

  async function onboard(p: Registered & { providerId: string }): Promise<string> {
    const created = await s.request<{ data: { id: string; url: string } }>('POST', `/api/providers/${p.providerId}/create-stripe-account`, {
      token: p.token,
      body: { email: p.email, business_type: 'company', company: { name: 'Payout Tires' } },
    });
    expect(created.status).toBe(201);
    expect((await fetch(created.body.data.url, { redirect: 'manual' })).status).toBe(302);
    const done = await s.request('GET', `/pay/providers/onboard/complete?accountId=${created.body.data.id}`, { token: p.token });
    expect(done.status).toBe(200);
    return created.body.data.id;
  }

  const ledger = async (providerId: string): Promise<{ kind: string; amount: number }[]> =>
    (
      (await s.payments!.app.get(DataSource).query(
        `SELECT kind, amount_cents::int AS amount FROM payments.wallet_entries WHERE provider_id = $1 ORDER BY created_at, kind`,
        [providerId],
      )) as { kind: string; amount: number }[]
    ).map((r) => ({ kind: r.kind, amount: Number(r.amount) }));

  it('withdraws while the emulator times out the transfer: debited once, sent once, finished by reconciliation', async () => {
    const provider = await aProviderApproved(s, admin.token);
    const accountId = await onboard(provider);
    const job = await aCardJob(s, admin.token, { budget: 50, amount: 50, provider });
    const paid = await s.request('POST', '/pay/payments/capture', { token: job.customer.token, body: { requestId: job.requestId } });
    expect(paid.status).toBe(200);
    const emulator = s.payments!.env.emulator;
    const transfersTo = () => [...emulator.state.transfers.values()].filter((t) => t.destination === accountId);
    await new Promise((r) => setTimeout(r, 200));
    expect(await ledger(provider.providerId)).toEqual([{ kind: 'job_credit', amount: 4000 }]);

    // The transfer is carried out at "Stripe", and no answer comes back, to the SDK's retries either.
    emulator.faults.dropResponse('POST /v1/transfers', 100);
    const w = await s.request<{ ok: boolean; balance: number; message: string } & ErrorBody>('POST', '/pay/providers/withdraw', {
      token: provider.token,
      body: { amount: 2500, providerStripeAccountId: accountId },
    });
    expect(w.status).toBe(200);
    expect(w.body).toMatchObject({ ok: true, balance: 15 });
    expect(w.body.message).toMatch(/being confirmed/);
    expect(emulator.faults.dropped.get('POST /v1/transfers')).toBeGreaterThanOrEqual(1);
    // Not given back while the money may have left: debited once.
    expect(await ledger(provider.providerId)).toEqual([
      { kind: 'job_credit', amount: 4000 },
      { kind: 'withdrawal', amount: -2500 },
    ]);
    expect(transfersTo()).toHaveLength(1);

    // The network heals; the reconciliation repeats the calls with the same keys: Stripe replays, nothing is sent twice.
    emulator.faults.clear();
    expect(await s.payments!.app.get(WalletService).reconcileWithdrawals(0)).toBe(1);
    const rows: { status: string; stripe_transfer_id: string | null; stripe_payout_id: string | null }[] = await s.payments!.app.get(DataSource).query(
      `SELECT status, stripe_transfer_id, stripe_payout_id FROM payments.withdrawals WHERE provider_id = $1`,
      [provider.providerId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.stripe_transfer_id).toBe(transfersTo()[0]!.id);
    expect(rows[0]!.stripe_payout_id).toMatch(/^po_/);
    expect(transfersTo()).toHaveLength(1);
    expect(await ledger(provider.providerId)).toEqual([
      { kind: 'job_credit', amount: 4000 },
      { kind: 'withdrawal', amount: -2500 },
    ]);
    expect(await s.payments!.app.get(WalletService).reconcileWithdrawals(0)).toBe(0);
  });

  it('refuses a provider that is not approved (a rejected one keeps its balance)', async () => {
    const provider = await aProviderApproved(s, admin.token);
    const accountId = await onboard(provider);
    const job = await aCardJob(s, admin.token, { budget: 30, amount: 30, provider });
    expect((await s.request('POST', '/pay/payments/capture', { token: job.customer.token, body: { requestId: job.requestId } })).status).toBe(200);
    expect((await s.request('PUT', `/api/providers/${provider.providerId}`, { token: admin.token, body: { data: { isApproved: false } } })).status).toBe(200);
    // payments hears of the rejection from identity's event.
    await waitFor(
      async () =>
        ((await s.payments!.app.get(DataSource).query(`SELECT 1 FROM payments.provider_refs WHERE provider_id = $1 AND is_approved = false`, [provider.providerId])) as unknown[])
          .length === 1,
      { message: 'rejection in payments' },
    );
    // The rejection ended the provider's older sessions: it signs in again (a rejected provider still may).
    const login = await s.request<{ jwt: string }>('POST', '/api/auth/local', { body: { identifier: provider.email, password: PASSWORD } });
    const refused = await s.request<ErrorBody>('POST', '/pay/providers/withdraw', { token: login.body.jwt, body: { amount: 1000, providerStripeAccountId: accountId } });
    expect([refused.status, refused.body.error.details]).toEqual([403, { reason: 'PROVIDER_NOT_APPROVED' }]);
    expect(await ledger(provider.providerId)).toEqual([{ kind: 'job_credit', amount: 2400 }]);
  });
});

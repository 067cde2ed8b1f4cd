import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { PROVIDER_ID, providerUser, renderWithStore } from '../test-support/render-with-store';
import { EarningsTab } from './earnings-tab';
import { HistoryTab } from './history-tab';

const ACCOUNT = 'acct_test_1';

describe('Earnings tab', () => {
  let api: FetchStub;
  afterEach(() => api.restore());

  function setup(opts: { available?: number; active?: boolean; withdraw?: () => { status?: number; json?: unknown }; minWithdrawal?: number; commission?: number } = {}) {
    let available = opts.available ?? 80;
    api = stubFetch({
      ...(opts.minWithdrawal === undefined ? {} : { 'GET /api/settings': { json: { data: { serviceFee: 10, walletFee: opts.commission ?? 20, cancellationFee: 0, noShowFee: 0, minWithdrawal: opts.minWithdrawal } } } }),
      'GET /pay/providers/summary': () => ({ json: { providerId: PROVIDER_ID, available, weekEarnings: 80, monthEarnings: 120.5 } }),
      [`GET /api/providers/${PROVIDER_ID}/stripe-status`]: {
        json: { data: { providerId: PROVIDER_ID, stripeAccountId: opts.active === false ? null : ACCOUNT, stripeAccountStatus: opts.active === false ? null : 'active', status: null } },
      },
      'POST /pay/providers/withdraw': ({ body }) => {
        if (opts.withdraw) return opts.withdraw();
        const cents = (body as { amount: number }).amount;
        available -= cents / 100;
        return { json: { id: 'w1', providerId: PROVIDER_ID, amount: cents / 100, status: 'pending', ok: true, message: '', balance: available } };
      },
    });
    renderWithStore(<EarningsTab providerId={PROVIDER_ID} />, { user: providerUser(), path: '/provider/dashboard' });
    return userEvent.setup();
  }

  it("states the split of card jobs from the admin's commission in force", async () => {
    setup({ minWithdrawal: 5, commission: 15 });
    expect(
      await screen.findByText(
        'Card jobs credit your wallet 85% of the job amount (15% platform commission). Each job keeps the split in force when the customer confirmed it.',
      ),
    ).toBeInTheDocument();
  });

  it('shows available, this week and this month', async () => {
    setup();
    expect(await screen.findByTestId('available-balance')).toHaveTextContent('$80.00');
    expect(screen.getByText('This Week').nextSibling).toHaveTextContent('$80.00');
    expect(screen.getByText('This Month').nextSibling).toHaveTextContent('$120.50');
    expect(api.callsTo('GET /pay/providers/summary')[0].url.searchParams.get('providerId')).toBe(PROVIDER_ID);
  });

  it("shows this month's tips apart when there are some", async () => {
    api = stubFetch({
      'GET /pay/providers/summary': { json: { providerId: PROVIDER_ID, available: 92.5, weekEarnings: 92.5, monthEarnings: 92.5, monthTips: 12.5 } },
      [`GET /api/providers/${PROVIDER_ID}/stripe-status`]: { json: { data: { providerId: PROVIDER_ID, stripeAccountId: ACCOUNT, stripeAccountStatus: 'active', status: null } } },
    });
    renderWithStore(<EarningsTab providerId={PROVIDER_ID} />, { user: providerUser(), path: '/provider/dashboard' });
    expect(await screen.findByTestId('available-balance')).toHaveTextContent('$92.50');
    expect(screen.getByText('Tips This Month').nextSibling).toHaveTextContent('$12.50');
  });

  it('shows no tips line without tips', async () => {
    setup();
    expect(await screen.findByTestId('available-balance')).toHaveTextContent('$80.00');
    expect(screen.queryByText('Tips This Month')).not.toBeInTheDocument();
  });

  it('fills the amount from the quick amounts and validates before sending', async () => {
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Withdraw Funds' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw Funds' });
    const amount = within(dialog).getByLabelText(/Amount/);
    for (const quick of [10, 25, 50, 100]) {
      await user.click(within(dialog).getByRole('button', { name: `$${quick}` }));
      expect(amount).toHaveValue(quick);
      expect(within(dialog).getByRole('button', { name: `$${quick}` })).toHaveAttribute('aria-pressed', 'true');
    }
    // $100 is above the $80 balance.
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Insufficient Balance')).toBeInTheDocument();
    expect(within(dialog).getByText("You don't have enough funds for this withdrawal.")).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '4.99');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Invalid Amount')).toBeInTheDocument();
    expect(within(dialog).getByText('Minimum withdrawal amount is $5.00')).toBeInTheDocument();
    expect(api.callsTo('POST /pay/providers/withdraw')).toHaveLength(0);
  });

  it('withdraws in cents from the Stripe account, toasts the success and refreshes the balance', async () => {
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Withdraw Funds' }));
    await user.click(screen.getByRole('button', { name: '$25' }));
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Withdrawal Successful')).toBeInTheDocument();
    expect(screen.getByText('$25.00 has been withdrawn from your wallet.')).toBeInTheDocument();
    expect(api.callsTo('POST /pay/providers/withdraw')[0].body).toEqual({ amount: 2500, providerStripeAccountId: ACCOUNT, providerId: PROVIDER_ID });
    await waitFor(() => expect(screen.getByTestId('available-balance')).toHaveTextContent('$55.00'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("toasts 'Withdrawal Failed' when the payout fails", async () => {
    const user = setup({ withdraw: () => ({ status: 503, json: { error: { status: 503, code: 'UNAVAILABLE', message: 'There was an error processing your withdrawal. Please try again.' } } }) });
    await user.click(await screen.findByRole('button', { name: 'Withdraw Funds' }));
    await user.click(screen.getByRole('button', { name: '$10' }));
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Withdrawal Failed')).toBeInTheDocument();
    expect(screen.getByText('There was an error processing your withdrawal. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Withdraw Funds' })).toBeInTheDocument();
  });

  it('asks a provider without a connected Stripe account to connect one first', async () => {
    setup({ active: false });
    expect(await screen.findByRole('link', { name: 'Payment Settings' })).toHaveAttribute('href', '/provider/settings');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Withdraw Funds' })).toBeDisabled());
  });

  it("checks the minimum withdrawal of the admin's settings before sending, and names it", async () => {
    const user = setup({ minWithdrawal: 20 });
    await user.click(await screen.findByRole('button', { name: 'Withdraw Funds' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw Funds' });
    expect(await within(dialog).findByText('Minimum withdrawal is $20.00')).toBeInTheDocument();
    const amount = within(dialog).getByLabelText(/Amount/);
    await user.type(amount, '15');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await within(dialog).findByText('Minimum withdrawal amount is $20.00')).toBeInTheDocument();
    expect(api.callsTo('POST /pay/providers/withdraw')).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '20');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(api.callsTo('POST /pay/providers/withdraw')).toHaveLength(1));
    expect(api.callsTo('POST /pay/providers/withdraw')[0].body).toMatchObject({ amount: 2000 });
  });
});

describe('History tab', () => {
  let api: FetchStub;
  afterEach(() => api.restore());

  it('shows each credit with the split stored with it: the share, the gross and the commission in force when it was decided', async () => {
    api = stubFetch({
      [`GET /api/providers/${PROVIDER_ID}/wallet-transactions`]: {
        json: {
          data: [
            { id: 'e3', serviceType: 'Tire Rotation', createdAt: '2025-03-03T10:00:00.000Z', amount: 5.6, kind: 'cancellation_credit', requestId: 'r2', withdrawalId: null, grossAmount: 7, commissionPercent: 20 },
            { id: 'e1', serviceType: 'Flat Tire Repair', createdAt: '2025-03-01T10:00:00.000Z', amount: 85, kind: 'job_credit', requestId: 'r1', withdrawalId: null, grossAmount: 100, commissionPercent: 15 },
            { id: 'e2', serviceType: 'Withdrawal', createdAt: '2025-03-02T10:00:00.000Z', amount: -25, kind: 'withdrawal', requestId: null, withdrawalId: 'w1', grossAmount: null, commissionPercent: null },
          ],
        },
      },
    });
    renderWithStore(<HistoryTab providerId={PROVIDER_ID} />, { user: providerUser(), path: '/provider/dashboard' });
    const items = await screen.findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Cancellation fee: 80% of $7.00 (20% platform commission)');
    expect(items[0]).toHaveTextContent('+$5.60');
    expect(items[1]).toHaveTextContent('85% of $100.00 (15% platform commission)');
    expect(items[1]).toHaveTextContent('+$85.00');
    expect(items[2]).not.toHaveTextContent('commission');
  });

  it("shows a customer's tip as its own entry, all of it the provider's", async () => {
    api = stubFetch({
      [`GET /api/providers/${PROVIDER_ID}/wallet-transactions`]: {
        json: {
          data: [
            { id: 't1', serviceType: 'Tire Rotation', createdAt: '2025-03-01T11:00:00.000Z', amount: 12.5, kind: 'tip', requestId: 'r1', withdrawalId: null, grossAmount: 12.5, commissionPercent: 0 },
            { id: 'e1', serviceType: 'Tire Rotation', createdAt: '2025-03-01T10:00:00.000Z', amount: 80, kind: 'job_credit', requestId: 'r1', withdrawalId: null, grossAmount: 100, commissionPercent: 20 },
          ],
        },
      },
    });
    renderWithStore(<HistoryTab providerId={PROVIDER_ID} />, { user: providerUser(), path: '/provider/dashboard' });
    const items = await screen.findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Tip · Tire Rotation');
    expect(items[0]).toHaveTextContent("A customer's tip: all of it is yours (no platform commission)");
    expect(items[0]).toHaveTextContent('+$12.50');
    expect(items[0]).not.toHaveTextContent('0% platform commission)');
    expect(items[1]).toHaveTextContent('80% of $100.00 (20% platform commission)');
  });

  it('lists wallet transactions with service type, date and signed amount', async () => {
    api = stubFetch({
      [`GET /api/providers/${PROVIDER_ID}/wallet-transactions`]: {
        json: {
          data: [
            { id: 'e2', serviceType: 'Withdrawal', createdAt: '2025-03-02T10:00:00.000Z', amount: -25, kind: 'withdrawal', requestId: null, withdrawalId: 'w1' },
            { id: 'e1', serviceType: 'Flat Tire Repair', createdAt: '2025-03-01T10:00:00.000Z', amount: 68, kind: 'job_credit', requestId: 'r1', withdrawalId: null },
          ],
        },
      },
    });
    renderWithStore(<HistoryTab providerId={PROVIDER_ID} />, { user: providerUser(), path: '/provider/dashboard' });
    const items = await screen.findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Withdrawal');
    expect(items[0]).toHaveTextContent('-$25.00');
    expect(items[1]).toHaveTextContent('Flat Tire Repair');
    expect(items[1]).toHaveTextContent('+$68.00');
    expect(items[1]).toHaveTextContent('Mar 1, 2025');
  });

  it("shows 'Failed to load job history. Please try again.' when the list cannot load", async () => {
    api = stubFetch({ [`GET /api/providers/${PROVIDER_ID}/wallet-transactions`]: { status: 500 } });
    renderWithStore(<HistoryTab providerId={PROVIDER_ID} />, { user: providerUser(), path: '/provider/dashboard' });
    // Inline and as the 'Error' toast.
    await waitFor(() => expect(screen.getAllByText('Failed to load job history. Please try again.')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

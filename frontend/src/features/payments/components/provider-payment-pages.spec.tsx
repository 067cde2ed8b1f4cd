import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { PROVIDER_ID, providerUser, renderWithStore } from '../test-support/render-with-store';
import { OnboardingComplete } from './onboarding-complete';
import { PaymentSettings, type ExternalNavigation } from './payment-settings';

const ACCOUNT = 'acct_test_1';
const RECORD = {
  id: 'rec1',
  documentId: 'rec1',
  providerId: PROVIDER_ID,
  stripeAccountId: ACCOUNT,
  stripeAccountStatus: 'active',
  bankName: 'STRIPE TEST BANK',
  accountType: 'company',
  bankNumber: '6789',
  bankRouting: '110000000',
  bankStatus: 'verified',
  accountName: 'Fast Tires LLC',
  accountAddress: '1 Market St',
  accountEmail: 'pat@example.test',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

function statusReply(status: 'active' | 'pending' | null) {
  return { json: { data: { providerId: PROVIDER_ID, stripeAccountId: status ? ACCOUNT : null, stripeAccountStatus: status, status } } };
}

describe('PaymentSettings (/provider/settings)', () => {
  let api: FetchStub;
  afterEach(() => api.restore());

  function setup(status: 'active' | 'pending' | null, extra: Parameters<typeof stubFetch>[0] = {}) {
    api = stubFetch({
      [`GET /api/providers/${PROVIDER_ID}/stripe-status`]: statusReply(status),
      'GET /api/stripes': { json: { data: [RECORD] } },
      ...extra,
    });
    const navigation: ExternalNavigation = { assign: jest.fn(), openInNewTab: jest.fn() };
    renderWithStore(<PaymentSettings providerId={PROVIDER_ID} businessName="Fast Tires" email="pat@example.test" navigation={navigation} />, {
      user: providerUser(),
      path: '/provider/settings',
    });
    return { navigation, user: userEvent.setup() };
  }

  it("shows 'Not Connected' and sends the provider to Stripe's onboarding link", async () => {
    const { navigation, user } = setup(null, {
      'POST /pay/providers/create-account': { json: { id: ACCOUNT, url: 'http://stripe.test/connect/onboarding/tok', paymentAccount: RECORD } },
    });
    expect(await screen.findByText('Not Connected')).toBeInTheDocument();
    expect(screen.getByText('Connect your Stripe account to receive payments from customers')).toBeInTheDocument();
    expect(screen.getByText('Ready to get started?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set Up Stripe Connect' }));
    await waitFor(() => expect(navigation.assign).toHaveBeenCalledWith('http://stripe.test/connect/onboarding/tok'));
    expect(api.callsTo('POST /pay/providers/create-account')[0].body).toEqual({
      email: 'pat@example.test',
      business_type: 'company',
      company: { name: 'Fast Tires' },
      refreshUrl: `${window.location.origin}/provider/settings`,
      returnUrl: `${window.location.origin}/provider/complete?providerId=${PROVIDER_ID}`,
    });
  });

  it("toasts 'Failed to start Stripe onboarding' when the account cannot be created", async () => {
    const { navigation, user } = setup(null, { 'POST /pay/providers/create-account': { status: 500 } });
    await user.click(await screen.findByRole('button', { name: 'Set Up Stripe Connect' }));
    expect(await screen.findByText('Failed to start Stripe onboarding. Please try again.')).toBeInTheDocument();
    expect(navigation.assign).not.toHaveBeenCalled();
  });

  it("shows 'Connected', the account information and the bank account with the number masked", async () => {
    const { navigation, user } = setup('active', {
      'POST /pay/providers/create-dashboard-link': { json: { url: 'http://stripe.test/express/tok' } },
    });
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    expect(screen.queryByText('Ready to get started?')).not.toBeInTheDocument();
    expect(await screen.findByText('Fast Tires LLC')).toBeInTheDocument();
    expect(screen.getByText('1 Market St')).toBeInTheDocument();
    expect(screen.getByText('STRIPE TEST BANK')).toBeInTheDocument();
    expect(screen.getByLabelText('Account number')).toHaveTextContent('•••• 6789');
    expect(screen.getByText('110000000')).toBeInTheDocument();
    expect(screen.getByText('verified')).toBeInTheDocument();
    expect(api.callsTo('GET /api/stripes')[0].url.searchParams.get('filters[providerId][documentId][$eq]')).toBe(PROVIDER_ID);
    await user.click(screen.getByRole('button', { name: 'Open Stripe Dashboard' }));
    await waitFor(() => expect(navigation.openInNewTab).toHaveBeenCalledWith('http://stripe.test/express/tok'));
    expect(api.callsTo('POST /pay/providers/create-dashboard-link')[0].body).toEqual({ accountId: ACCOUNT });
  });
});

describe('OnboardingComplete (/provider/complete)', () => {
  let api: FetchStub;
  afterEach(() => {
    api.restore();
    jest.useRealTimers();
  });

  function setup(providerId: string | null, records: unknown[] = [RECORD], complete: { status?: number; json?: unknown } = { json: { id: ACCOUNT } }) {
    api = stubFetch({ 'GET /api/stripes': { json: { data: records } }, 'GET /pay/providers/onboard/complete': complete });
    return renderWithStore(<OnboardingComplete providerId={providerId} />, {
      user: providerUser(),
      path: '/provider/complete',
      routes: [{ path: '/provider/settings', element: <p>Settings page</p> }],
    });
  }

  it('completes the account, then counts down from 5 and goes to /provider/settings', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const { router } = setup(PROVIDER_ID);
    expect(screen.getByText('Completing Setup')).toBeInTheDocument();
    expect(screen.getByText('Please wait while we complete your Stripe account setup...')).toBeInTheDocument();
    expect(await screen.findByText('Setup completed! Redirecting in 5 seconds...')).toBeInTheDocument();
    expect(screen.getByText('Your Stripe account has been connected successfully!')).toBeInTheDocument();
    expect(api.callsTo('GET /pay/providers/onboard/complete')[0].url.searchParams.get('accountId')).toBe(ACCOUNT);
    for (const n of [4, 3, 2, 1]) {
      act(() => jest.advanceTimersByTime(1000));
      expect(screen.getByText(`Setup completed! Redirecting in ${n} seconds...`)).toBeInTheDocument();
    }
    expect(router.state.location.pathname).toBe('/provider/complete');
    act(() => jest.advanceTimersByTime(1000));
    expect(router.state.location.pathname).toBe('/provider/settings');
  });

  it("fails with 'No account ID found' without a providerId", async () => {
    setup(null);
    expect(await screen.findByText('Setup Failed')).toBeInTheDocument();
    expect(screen.getByText('No account ID found')).toBeInTheDocument();
    expect(screen.getByText('Failed to complete Stripe setup. Please try again.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it("fails with 'No stripe record found' when the provider has no payment record, and returns to settings", async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const { router } = setup(PROVIDER_ID, []);
    expect(await screen.findByText('No stripe record found')).toBeInTheDocument();
    expect(screen.getByText('Setup Failed')).toBeInTheDocument();
    expect(api.callsTo('GET /pay/providers/onboard/complete')).toHaveLength(0);
    act(() => jest.advanceTimersByTime(5000));
    expect(router.state.location.pathname).toBe('/provider/settings');
  });

  it("shows the server's message when Stripe onboarding is not finished", async () => {
    setup(PROVIDER_ID, [RECORD], { status: 409, json: { error: { status: 409, code: 'CONFLICT', message: 'Stripe onboarding is not complete yet' } } });
    expect(await screen.findByText('Stripe onboarding is not complete yet')).toBeInTheDocument();
    expect(screen.getByText('Setup Failed')).toBeInTheDocument();
  });
});

import type { Stripe } from '@stripe/stripe-js';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred, stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { StripeLoaderContext, type StripeLoader } from '../stripe-loader';
import { fakeStripe, type FakeStripe } from '../test-support/fake-stripe';
import { CUSTOMER_ID, customerUser, renderWithStore } from '../test-support/render-with-store';
import { usePlatformFees } from '../hooks/use-platform-fees';
import { CardPaymentDialog } from './card-payment-dialog';

const KEY = 'pk_test_dialog';
const SAVED = { id: 'pm_saved_1', last4: '4242', brand: 'visa', exp_month: 12, exp_year: 2034, name: 'Casey Smith' };
const AUTH = { authorizationId: 'a1', paymentIntentId: 'pi_test_1', status: 'requires_capture', amount: 10000, requestId: null, replacedPaymentIntentId: null, card: null };

function setup(opts: { cards?: unknown[]; key?: string | null; stripeJsUrl?: string | null; loader?: StripeLoader; fake?: FakeStripe; authorize?: () => { status?: number; json?: unknown }; requestId?: string; notice?: string }) {
  const fake = opts.fake ?? fakeStripe();
  const loader: StripeLoader = opts.loader ?? (() => Promise.resolve(fake.stripe));
  const api = stubFetch({
    'GET /pay/config': { json: { publishableKey: opts.key === undefined ? KEY : opts.key, stripeSecretKey: opts.key === undefined ? KEY : opts.key, stripeJsUrl: opts.stripeJsUrl ?? null } },
    'GET /pay/api/cards': { json: { data: opts.cards ?? [] } },
    'POST /pay/api/attach/customer': ({ body }) => ({ json: { customerId: 'cus_1', paymentMethodId: (body as { paymentMethodId: string }).paymentMethodId, card: SAVED, savedCards: [SAVED] } }),
    'POST /pay/api/payments/authorize': () => (opts.authorize ? opts.authorize() : { json: AUTH }),
  });
  const onSuccess = jest.fn();
  const onCancel = jest.fn();
  renderWithStore(
    <StripeLoaderContext.Provider value={loader}>
      <CardPaymentDialog open amount={100} customerId={CUSTOMER_ID} requestId={opts.requestId} notice={opts.notice} onSuccess={onSuccess} onCancel={onCancel} />
    </StripeLoaderContext.Provider>,
    { user: customerUser(), path: '/dashboard' },
  );
  return { api, fake, onSuccess, onCancel, user: userEvent.setup() };
}

/** A request screen's use of the dialog: the budget plus the card fee of the settings in force. */
function BudgetDialog({ onSuccess }: { onSuccess: (r: { paymentIntentId: string | null }) => void }) {
  const { cardFee } = usePlatformFees();
  return <CardPaymentDialog open amount={90 + cardFee} cardFee={cardFee} customerId={CUSTOMER_ID} onSuccess={onSuccess} onCancel={() => undefined} />;
}

describe('CardPaymentDialog', () => {
  let api: FetchStub | null = null;
  afterEach(() => api?.restore());

  it('sends the card fee it included; when the admin changed it meanwhile (409 CARD_FEE_CHANGED) it says so and shows the new amount', async () => {
    let fee = 10;
    const settings = () => ({ json: { data: { serviceFee: fee, walletFee: 20, cancellationFee: 0, noShowFee: 0, minWithdrawal: 5 } } });
    const fake = fakeStripe();
    api = stubFetch({
      'GET /pay/config': { json: { publishableKey: KEY, stripeSecretKey: KEY, stripeJsUrl: null } },
      'GET /pay/api/cards': { json: { data: [SAVED] } },
      'GET /api/settings': settings,
      'POST /pay/api/payments/authorize': ({ body }) =>
        (body as { cardFee?: number }).cardFee === fee * 100
          ? { json: { ...AUTH, amount: (body as { amount: number }).amount } }
          : {
              status: 409,
              json: {
                error: {
                  status: 409,
                  code: 'CONFLICT',
                  message: `The card processing fee is now $${fee.toFixed(2)}: please check the new amount and pay again.`,
                  details: { reason: 'CARD_FEE_CHANGED', cardFee: fee },
                },
              },
            },
    });
    const onSuccess = jest.fn();
    renderWithStore(
      <StripeLoaderContext.Provider value={() => Promise.resolve(fake.stripe)}>
        <BudgetDialog onSuccess={onSuccess} />
      </StripeLoaderContext.Provider>,
      { user: customerUser(), path: '/dashboard' },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pay $100.00' }));
    expect(api.callsTo('POST /pay/api/payments/authorize')[0].body).toMatchObject({ amount: 10000, cardFee: 1000 });
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));

    // The admin lowers the fee to $5 while the dialog is open: the next authorisation is refused, the settings re-read.
    fee = 5;
    await user.click(screen.getByRole('button', { name: 'Pay $100.00' }));
    expect(await screen.findByText('The card processing fee is now $5.00: please check the new amount and pay again.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Pay $95.00' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(2));
    expect(api.callsTo('POST /pay/api/payments/authorize').at(-1)?.body).toMatchObject({ amount: 9500, cardFee: 500 });
  });

  it("says 'Unable to load payment system' when the config call gives no key, and Cancel closes", async () => {
    const s = setup({ key: null });
    api = s.api;
    const dialog = await screen.findByRole('dialog', { name: 'Payment' });
    expect(within(dialog).getByText('Please enter your payment details to continue.')).toBeInTheDocument();
    expect(await within(dialog).findByText('Unable to load payment system. Please try again later.')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Cardholder Name')).not.toBeInTheDocument();
    await s.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(s.onCancel).toHaveBeenCalledTimes(1);
  });

  it("loads Stripe.js from where the config answer says: the Stripe emulator's stand-in on a local stack, Stripe's own otherwise", async () => {
    const fake = fakeStripe();
    const loader = jest.fn<ReturnType<StripeLoader>, Parameters<StripeLoader>>(() => Promise.resolve(fake.stripe));
    const s = setup({ loader, fake, stripeJsUrl: 'http://127.0.0.1:12111/v3/' });
    api = s.api;
    await waitFor(() => expect(fake.mounted()).toBe(true));
    expect(loader).toHaveBeenCalledWith(KEY, 'http://127.0.0.1:12111/v3/');
    expect(loader.mock.calls.every(([, url]) => url === 'http://127.0.0.1:12111/v3/')).toBe(true);
  });

  it('says the same when Stripe.js cannot load', async () => {
    const s = setup({ loader: () => Promise.reject(new Error('blocked')) });
    api = s.api;
    expect(await screen.findByText('Unable to load payment system. Please try again later.')).toBeInTheDocument();
  });

  it("toasts 'Stripe not loaded' when the customer pays before Stripe.js is ready", async () => {
    const pending = deferred<Stripe | null>();
    const s = setup({ loader: () => pending.promise });
    api = s.api;
    await s.user.type(await screen.findByLabelText(/Cardholder Name/), 'Casey Smith');
    await s.user.click(screen.getByRole('button', { name: 'Pay $100.00' }));
    expect(await screen.findByText('Stripe not loaded')).toBeInTheDocument();
    expect(screen.getByText('Please wait for Stripe to load and try again.')).toBeInTheDocument();
    expect(s.api.callsTo('POST /pay/api/payments/authorize')).toHaveLength(0);
  });

  it("requires the cardholder name ('Missing Information') and shows card errors inline", async () => {
    const s = setup({});
    api = s.api;
    await screen.findByLabelText(/Cardholder Name/);
    await waitFor(() => expect(s.fake.mounted()).toBe(true));
    act(() => s.fake.emitChange({ error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } }));
    expect(await screen.findByText('Your card number is incomplete.')).toBeInTheDocument();
    await s.user.click(screen.getByRole('button', { name: 'Pay $100.00' }));
    expect(await screen.findByText('Missing Information')).toBeInTheDocument();
    expect(screen.getByText('Please enter the cardholder name')).toBeInTheDocument();
    expect(s.fake.paymentMethodCalls).toHaveLength(0);
    act(() => s.fake.emitChange({ error: undefined, complete: true }));
    await waitFor(() => expect(screen.queryByText('Your card number is incomplete.')).not.toBeInTheDocument());
  });

  it("toasts 'Payment Method Error' with Stripe's message when the card is refused", async () => {
    const fake = fakeStripe(() => ({ error: { type: 'card_error', message: 'Your card was declined.' } }));
    const s = setup({ fake });
    api = s.api;
    await s.user.type(await screen.findByLabelText(/Cardholder Name/), 'Casey Smith');
    await waitFor(() => expect(fake.mounted()).toBe(true));
    await s.user.click(screen.getByRole('button', { name: 'Pay $100.00' }));
    expect(await screen.findByText('Payment Method Error')).toBeInTheDocument();
    expect(screen.getAllByText('Your card was declined.').length).toBeGreaterThanOrEqual(1);
    expect(s.api.callsTo('POST /pay/api/payments/authorize')).toHaveLength(0);
    expect(s.onSuccess).not.toHaveBeenCalled();
  });

  it('pays with a new card: payment method with the name, attached and saved when ticked, then authorised in cents', async () => {
    const s = setup({ requestId: '00000000-0000-4000-8000-0000000000r1', notice: 'The charge amount is now $100.00' });
    api = s.api;
    expect(await screen.findByText('The charge amount is now $100.00')).toBeInTheDocument();
    await s.user.type(await screen.findByLabelText(/Cardholder Name/), 'Casey Smith');
    await s.user.click(screen.getByRole('checkbox', { name: 'Save this card for future payments' }));
    await waitFor(() => expect(s.fake.mounted()).toBe(true));
    await s.user.click(screen.getByRole('button', { name: 'Pay $100.00' }));
    await waitFor(() => expect(s.onSuccess).toHaveBeenCalledWith({ paymentIntentId: 'pi_test_1' }));
    expect(s.fake.paymentMethodCalls[0]).toMatchObject({ type: 'card', billing_details: { name: 'Casey Smith' } });
    expect(s.api.callsTo('POST /pay/api/attach/customer')[0].body).toEqual({ email: 'casey@example.test', paymentMethodId: 'pm_test_new', name: 'Casey Smith' });
    expect(s.api.callsTo('POST /pay/api/payments/authorize')[0].body).toEqual({
      paymentMethodId: 'pm_test_new',
      email: 'casey@example.test',
      amount: 10000,
      saveCard: true,
      requestId: '00000000-0000-4000-8000-0000000000r1',
      cardholderName: 'Casey Smith',
    });
    expect(screen.getByText('Card Saved')).toBeInTheDocument();
    expect(screen.getByText('Card has been added successfully.')).toBeInTheDocument();
  });

  it('does not attach (save) an unticked new card', async () => {
    const s = setup({});
    api = s.api;
    await s.user.type(await screen.findByLabelText(/Cardholder Name/), 'Casey Smith');
    await waitFor(() => expect(s.fake.mounted()).toBe(true));
    await s.user.click(screen.getByRole('button', { name: 'Pay $100.00' }));
    await waitFor(() => expect(s.onSuccess).toHaveBeenCalled());
    expect(s.api.callsTo('POST /pay/api/attach/customer')).toHaveLength(0);
    expect(s.api.callsTo('POST /pay/api/payments/authorize')[0].body).toMatchObject({ saveCard: false });
  });

  it("lists saved cards, pays with the chosen one, and 'Use a different card' opens the new-card form", async () => {
    const second = { ...SAVED, id: 'pm_saved_2', last4: '5556', brand: 'mastercard', name: null };
    const s = setup({ cards: [SAVED, second] });
    api = s.api;
    const visa = await screen.findByRole('radio', { name: /Visa •••• 4242/ });
    expect(visa).toBeChecked();
    expect(visa.closest('label')).toHaveTextContent('Visa •••• 4242 · Expires 12/34 · Casey Smith');
    await s.user.click(screen.getByRole('radio', { name: /Mastercard •••• 5556/ }));
    await s.user.click(screen.getByRole('button', { name: 'Pay $100.00' }));
    await waitFor(() => expect(s.onSuccess).toHaveBeenCalledWith({ paymentIntentId: 'pi_test_1' }));
    expect(s.api.callsTo('POST /pay/api/payments/authorize')[0].body).toMatchObject({ paymentMethodId: 'pm_saved_2', amount: 10000, saveCard: true });
    expect(s.fake.paymentMethodCalls).toHaveLength(0);

    await s.user.click(screen.getByRole('button', { name: 'Use a different card' }));
    expect(screen.getByLabelText(/Cardholder Name/)).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Visa/ })).not.toBeInTheDocument();
    await s.user.click(screen.getByRole('button', { name: 'Use a saved card' }));
    expect(screen.getByRole('radio', { name: /Visa •••• 4242/ })).toBeInTheDocument();
  });

  it("removes a saved card locally ('Payment Method Deleted') and falls back to the new-card form", async () => {
    const s = setup({ cards: [SAVED] });
    api = s.api;
    await s.user.click(await screen.findByRole('button', { name: 'Remove Visa ending in 4242' }));
    expect(await screen.findByText('Payment Method Deleted')).toBeInTheDocument();
    expect(screen.getByText('The payment method has been removed from your account.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Cardholder Name/)).toBeInTheDocument();
    // Local only: nothing was sent to the server.
    expect(s.api.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it("toasts 'Payment Failed' with the server's message, or 'Authorization failed' without one", async () => {
    let reply: { status: number; json?: unknown } = { status: 402, json: { error: { status: 402, code: 'BAD_REQUEST', message: 'Your card has insufficient funds.' } } };
    const s = setup({ cards: [SAVED], authorize: () => reply });
    api = s.api;
    await s.user.click(await screen.findByRole('button', { name: 'Pay $100.00' }));
    expect(await screen.findByText('Payment Failed')).toBeInTheDocument();
    expect(screen.getByText('Your card has insufficient funds.')).toBeInTheDocument();
    reply = { status: 500 };
    await s.user.click(screen.getByRole('button', { name: 'Pay $100.00' }));
    expect(await screen.findByText('Authorization failed')).toBeInTheDocument();
    expect(s.onSuccess).not.toHaveBeenCalled();
  });
});

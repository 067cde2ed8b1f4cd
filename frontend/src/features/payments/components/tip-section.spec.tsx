import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RequestPaymentView } from '@tiredash/contracts';
import { deferred, type FetchStub } from '../../../test/fetch-stub';
import { PaymentPage } from '../../customer/pages/payment-page';
import { aRequest, IDS, renderTracking } from '../../tracking/tracking.test-kit';
import { checkTip } from '../tip';

const REQ = `/api/service-requests/${IDS.request}`;
const PAYMENT = `/pay/api/payments/request/${IDS.request}`;
const TIP = `POST ${PAYMENT}/tip`;
let stub: FetchStub | null = null;

const captured = (over: Partial<RequestPaymentView> = {}): RequestPaymentView => ({
  requestId: IDS.request,
  status: 'captured',
  cardFee: 10,
  held: null,
  captured: 95,
  cancellationFee: null,
  tip: null,
  canTip: true,
  ...over,
});

/** The customer's /payment/{id} of a confirmed card job ($85 + $10 card fee); `tip` answers the tip call. */
function setup(opts: { canTip?: boolean; paymentMethod?: 'card' | 'cash'; tip?: (body: unknown) => { status?: number; json?: unknown } | Promise<{ status?: number; json?: unknown }> } = {}) {
  let paid: number | null = null;
  const harness = renderTracking({
    role: 'customer',
    path: `/payment/${IDS.request}`,
    routePath: '/payment/:id',
    element: <PaymentPage />,
    api: {
      [`GET ${REQ}`]: { json: { data: aRequest({ tireStatus: 'Service Completed', paymentMethod: opts.paymentMethod ?? 'card', confirmedAt: '2030-01-01T11:00:00Z' }) } },
      [`GET ${PAYMENT}`]: () => ({ json: captured(paid === null ? { canTip: opts.canTip ?? true } : { tip: paid, canTip: false }) }),
      [TIP]: async (call) => {
        const reply: { status?: number; json?: unknown } = await (opts.tip ?? (() => ({ json: { requestId: IDS.request, amount: (call.body as { amount: number }).amount / 100, status: 'succeeded', paymentIntentId: 'pi_tip' } })))(call.body);
        if (!reply.status || reply.status < 300) paid = (call.body as { amount: number }).amount / 100;
        return reply;
      },
    },
  });
  stub = harness.fetchStub;
  return harness;
}

describe('the tip on the payment summary', () => {
  afterEach(() => {
    stub?.restore();
    stub = null;
  });

  it('checks a typed tip as payments does: $1 to $500, at most two decimals', () => {
    expect(checkTip('')).toEqual({ ok: false, problem: 'required' });
    expect(checkTip('0.99')).toEqual({ ok: false, problem: 'range' });
    expect(checkTip('500.01')).toEqual({ ok: false, problem: 'range' });
    expect(checkTip('-5')).toEqual({ ok: false, problem: 'range' });
    expect(checkTip('abc')).toEqual({ ok: false, problem: 'range' });
    expect(checkTip('7.255')).toEqual({ ok: false, problem: 'cents' });
    expect(checkTip(' 7.25 ')).toEqual({ ok: true, cents: 725 });
    expect(checkTip('500')).toEqual({ ok: true, cents: 50000 });
    expect(checkTip('1')).toEqual({ ok: true, cents: 100 });
  });

  it('sends a preset tip, announces it and shows it on the Tip line and in the total', async () => {
    const { fetchStub } = setup();
    const section = await screen.findByRole('region', { name: 'Add a Tip' });
    expect(screen.getByLabelText('Payment summary')).toHaveTextContent('TipNot applied');
    const preset = within(section).getByRole('button', { name: '$10.00' });
    await userEvent.click(preset);
    expect(preset).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(section).getByRole('button', { name: 'Add $10.00 tip' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you! Your $10.00 tip was sent to your provider.');
    expect(fetchStub.callsTo(TIP).map((c) => c.body)).toEqual([{ amount: 1000 }]);
    await waitFor(() => expect(screen.getByLabelText('Payment summary')).toHaveTextContent('Tip$10.00'));
    expect(screen.getByLabelText('Payment summary')).toHaveTextContent('Total$105.00');
    expect(screen.queryByRole('button', { name: /tip$/ })).not.toBeInTheDocument();
  });

  it('validates a custom amount before sending it, with the keyboard only', async () => {
    const { fetchStub } = setup();
    const section = await screen.findByRole('region', { name: 'Add a Tip' });
    const input = within(section).getByLabelText('Custom amount ($)');
    expect(input).toHaveAccessibleDescription('Any amount from $1.00 to $500.00.');
    await userEvent.click(within(section).getByRole('button', { name: 'Add tip' }));
    expect(within(section).getByText('Choose an amount or enter your own.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(input, '0.5{Enter}');
    expect(within(section).getByText('Enter an amount from $1.00 to $500.00.')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, '7.255{Enter}');
    expect(within(section).getByText('Use at most two decimal places.')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, '600{Enter}');
    expect(within(section).getByText('Enter an amount from $1.00 to $500.00.')).toBeInTheDocument();
    expect(fetchStub.callsTo(TIP)).toHaveLength(0);

    await userEvent.clear(input);
    await userEvent.type(input, '7.25');
    expect(within(section).getByRole('button', { name: 'Add $7.25 tip' })).toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Your $7.25 tip was sent');
    expect(fetchStub.callsTo(TIP).map((c) => c.body)).toEqual([{ amount: 725 }]);
  });

  it("shows 'Sending tip...' while busy and the refusal when it fails, leaving the amount to retry", async () => {
    const gate = deferred<{ status?: number; json?: unknown }>();
    setup({ tip: () => gate.promise });
    const section = await screen.findByRole('region', { name: 'Add a Tip' });
    await userEvent.click(within(section).getByRole('button', { name: '$5.00' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Add $5.00 tip' }));
    expect(await within(section).findByRole('button', { name: 'Sending tip...' })).toBeDisabled();
    gate.resolve({ status: 400, json: { error: { status: 400, code: 'BAD_REQUEST', message: 'Your card was declined.' } } });
    expect(await within(section).findByRole('alert')).toHaveTextContent('The tip could not be sent. Please try again.');
    expect(within(section).getByRole('button', { name: 'Add $5.00 tip' })).toBeEnabled();
    expect(screen.getByLabelText('Payment summary')).toHaveTextContent('TipNot applied');
  });

  it('says so when tipping was turned off meanwhile', async () => {
    setup({ tip: () => ({ status: 403, json: { error: { status: 403, code: 'FORBIDDEN', message: 'Tipping is turned off right now.', details: { reason: 'TIPPING_OFF' } } } }) });
    const section = await screen.findByRole('region', { name: 'Add a Tip' });
    await userEvent.click(within(section).getByRole('button', { name: '$20.00' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Add $20.00 tip' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Tipping is not available right now.');
  });

  it('is hidden while payments says no tip may be added (tipping off, tipped already) and for a cash job', async () => {
    setup({ canTip: false });
    await screen.findByRole('heading', { name: 'Payment Summary', level: 2 });
    await waitFor(() => expect(stub?.callsTo(`GET ${PAYMENT}`).length).toBeGreaterThan(0));
    expect(screen.queryByRole('region', { name: 'Add a Tip' })).not.toBeInTheDocument();
    stub?.restore();

    setup({ paymentMethod: 'cash' });
    await screen.findAllByRole('heading', { name: 'Payment Summary', level: 2 });
    expect(screen.queryByRole('region', { name: 'Add a Tip' })).not.toBeInTheDocument();
    expect(stub?.callsTo(`GET ${PAYMENT}`)).toHaveLength(0);
  });
});

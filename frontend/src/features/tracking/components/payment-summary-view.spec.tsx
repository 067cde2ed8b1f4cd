import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FetchStub } from '../../../test/fetch-stub';
import { PaymentPage } from '../../customer/pages/payment-page';
import { aRequest, IDS, renderTracking } from '../tracking.test-kit';
import { paymentLines } from './payment-summary-view';

const REQ = `/api/service-requests/${IDS.request}`;
let stub: FetchStub | null = null;

/** The customer's /payment/{id} of a confirmed job (`over` on the request), with the other routes of `api` answered. */
function setup(over: Parameters<typeof aRequest>[0] = {}, api: Parameters<typeof renderTracking>[0]['api'] = {}) {
  const harness = renderTracking({
    role: 'customer',
    path: `/payment/${IDS.request}`,
    routePath: '/payment/:id',
    element: <PaymentPage />,
    api: { [`GET ${REQ}`]: { json: { data: aRequest({ tireStatus: 'Service Completed', confirmedAt: '2030-01-01T11:00:00Z', ...over }) } }, ...api },
  });
  stub = harness.fetchStub;
  return harness;
}

describe('payment summary and rating (/payment/{id})', () => {
  afterEach(() => {
    stub?.restore();
    stub = null;
  });

  it('itemises the approved extras (not the pending, declined or card-declined ones) between the bid and the fees', () => {
    const extra = (id: string, amount: number, status: 'pending' | 'approved' | 'declined' | 'card_declined') => ({
      id,
      documentId: id,
      requestId: IDS.request,
      serviceType: 'Valve Replacement' as const,
      amount,
      status,
      clientExtraId: id,
      chargeTotal: null,
      declineMessage: null,
      createdAt: '2030-01-01T10:00:00.000Z',
      answeredAt: null,
    });
    const extras = [extra('e1', 25.5, 'approved'), extra('e2', 40, 'declined'), extra('e3', 12, 'pending'), extra('e4', 30, 'card_declined'), extra('e5', 0.1, 'approved')];
    const lines = paymentLines({ amount: 85, budget: 90, paymentMethod: 'card', extras }, 10);
    expect(lines.extras.map((e) => e.amount)).toEqual([25.5, 0.1]);
    expect(lines.total).toBe(120.6);
  });

  it('shows Service Fee 0, no tip, and the card fee only for card payments', () => {
    expect(paymentLines({ amount: 85, budget: 90, paymentMethod: 'cash' })).toEqual({ service: 85, extras: [], serviceFee: 0, processingFee: 0, tip: 0, total: 85 });
    expect(paymentLines({ amount: 85, budget: 90, paymentMethod: 'card' })).toEqual({ service: 85, extras: [], serviceFee: 0, processingFee: 10, tip: 0, total: 95 });
  });

  it('shows the card fee kept with the hold (what was captured), not a default', async () => {
    setup(
      { paymentMethod: 'card' },
      {
        [`GET /pay/api/payments/request/${IDS.request}`]: {
          json: { requestId: IDS.request, status: 'captured', cardFee: 5, held: null, captured: 90, cancellationFee: null },
        },
      },
    );
    await screen.findByRole('heading', { name: 'Payment Summary', level: 2 });
    await waitFor(() => expect(screen.getByLabelText('Payment summary')).toHaveTextContent('Total$90.00'));
    expect(paymentLines({ amount: 85, budget: 90, paymentMethod: 'card' }, 5)).toEqual({ service: 85, extras: [], serviceFee: 0, processingFee: 5, tip: 0, total: 90 });
  });

  it("hears a refund of the card payment while open (job_refunded): the toast and 'Refunded $X' without a reload", async () => {
    let refunded = 0;
    const harness = setup(
      { paymentMethod: 'card', amount: 90 },
      {
        [`GET /pay/api/payments/request/${IDS.request}`]: () => ({
          json: { requestId: IDS.request, status: 'captured', cardFee: 10, held: null, captured: 100, cancellationFee: null, refunded },
        }),
      },
    );
    await waitFor(() => expect(screen.getByLabelText('Payment summary')).toHaveTextContent('Total$100.00'));
    expect(screen.getByLabelText('Payment summary')).not.toHaveTextContent('Refunded');
    // The summary joins the customer's channel (the tracking screen's socket closed with the confirmation).
    await waitFor(() => expect(harness.socket.emits('join')).toEqual([{ userId: IDS.customerUser, role: 'customer' }]));
    refunded = 20;
    act(() => harness.socket.deliver('job_refunded', { requestId: IDS.request, refundId: IDS.bid, amount: 20, refundedTotal: 20, providerReversal: 14.4, refundedAt: '2030-01-01T12:00:00.000Z' }));
    expect(await screen.findByText('Refunded $20.00')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Payment summary')).toHaveTextContent('Total$100.00Refunded$20.00'));
  });

  it("needs a star rating ('Rating Required'), counts the review to 500 and posts the rating, then 'Rating Submitted' and /dashboard", async () => {
    const { fetchStub } = setup({}, { 'POST /api/ratings': { json: { data: { id: 'r1', rating: 4 } } } });
    await screen.findByRole('heading', { name: 'Payment Summary', level: 2 });
    expect(screen.getByLabelText('Payment summary')).toHaveTextContent('Service Fee$0.00');
    expect(screen.getByLabelText('Payment summary')).toHaveTextContent('TipNot applied');
    expect(screen.getByLabelText('Payment summary')).toHaveTextContent('Total$85.00');

    await userEvent.click(screen.getByRole('button', { name: 'Submit Rating' }));
    expect(await screen.findByText('Rating Required')).toBeInTheDocument();
    expect(screen.getByText('Please select a star rating before submitting.')).toBeInTheDocument();
    expect(fetchStub.callsTo('POST /api/ratings')).toHaveLength(0);

    const review = screen.getByLabelText('Review (optional)');
    expect(screen.getByText('0/500')).toBeInTheDocument();
    await userEvent.type(review, 'Fast and friendly');
    expect(screen.getByText('17/500')).toBeInTheDocument();
    await userEvent.clear(review);
    await userEvent.click(review);
    await userEvent.paste('x'.repeat(520));
    expect(screen.getByText('500/500')).toBeInTheDocument();
    expect((review as HTMLTextAreaElement).value).toHaveLength(500);
    await userEvent.clear(review);
    await userEvent.type(review, 'Great job');

    await userEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit Rating' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/dashboard');
    expect(screen.getByText('Rating Submitted')).toBeInTheDocument();
    expect(screen.getByText('Thank you for your feedback!')).toBeInTheDocument();
    expect(fetchStub.callsTo('POST /api/ratings')[0].body).toEqual({
      data: { request_id: IDS.request, provider_id: IDS.provider, customer_id: IDS.customer, rating: 4, comment: 'Great job' },
    });
  });

  it("says 'Failed to submit rating. Please try again.' and still goes to /dashboard", async () => {
    setup({}, { 'POST /api/ratings': { status: 409, json: { error: { status: 409, code: 'CONFLICT', message: 'already rated' } } } });
    await userEvent.click(await screen.findByRole('radio', { name: '5 stars' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit Rating' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/dashboard');
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Failed to submit rating. Please try again.')).toBeInTheDocument();
  });

  it('shows the rating already given instead of the form', async () => {
    setup({ rating: { rating: 5, comment: null } }, { 'POST /api/ratings': { json: {} } });
    expect(await screen.findByText(/You rated this job 5 of 5 stars/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Submit Rating' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});

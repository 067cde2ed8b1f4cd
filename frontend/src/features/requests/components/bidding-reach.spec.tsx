import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { makeStore } from '../../../app/store';
import { aRequest, IDS, renderTracking } from '../../tracking/tracking.test-kit';
import { repostFromState, repostValues } from '../request-form.model';
import { formatDuration } from './request-reach.model';
import { RequestForm } from './request-form';
import { BiddingView } from './bidding-view';

const REQ = `/api/service-requests/${IDS.request}`;

function openRequest(over: Parameters<typeof aRequest>[0] = {}) {
  return aRequest({
    tireStatus: 'Bids Open',
    status: 'Bids Open',
    provider: null,
    accepted_bid: null,
    amount: null,
    providersAsked: 0,
    expiresAt: new Date(Date.now() + 29.5 * 60_000).toISOString(),
    ...over,
  });
}

function renderBidding(request: ReturnType<typeof aRequest>) {
  return renderTracking({
    role: 'customer',
    path: `/bidding/${IDS.request}`,
    routePath: '/bidding/:id',
    element: <BiddingView requestId={IDS.request} />,
    api: { [`GET ${REQ}`]: { json: { data: request } }, 'GET /api/bids': { json: { data: [], meta: {} } } },
  });
}

describe('the bidding screen while waiting', () => {
  it('says nobody nearby is online and how long the request stays open, then counts the providers asked live', async () => {
    const h = renderBidding(openRequest());
    expect(await screen.findByText('No provider nearby is online right now.')).toBeInTheDocument();
    expect(screen.getByText('Open for another 30 min.')).toBeInTheDocument();
    await waitFor(() => expect(h.socket.connected).toBe(true));
    act(() => h.socket.deliver('request_offered', { requestId: IDS.request, providersAsked: 1 }));
    expect(await screen.findByText('Sent to 1 nearby provider.')).toBeInTheDocument();
    act(() => h.socket.deliver('request_offered', { requestId: IDS.request, providersAsked: 3 }));
    expect(await screen.findByText('Sent to 3 nearby providers.')).toBeInTheDocument();
    // Another request's news changes nothing.
    act(() => h.socket.deliver('request_offered', { requestId: IDS.customer, providersAsked: 9 }));
    expect(screen.getByText('Sent to 3 nearby providers.')).toBeInTheDocument();
    h.fetchStub.restore();
  });

  it('turns into the Expired screen on request_expired, with Post again carrying the request to the form', async () => {
    const h = renderBidding(openRequest({ providersAsked: 2 }));
    expect(await screen.findByText('Sent to 2 nearby providers.')).toBeInTheDocument();
    await waitFor(() => expect(h.socket.connected).toBe(true));
    act(() => h.socket.deliver('request_expired', { requestId: IDS.request, tireStatus: 'Expired', expiredAt: new Date().toISOString() }));
    expect(await screen.findByText('No provider was chosen in time')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Request' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Post again' }));
    await waitFor(() => expect(h.router.state.location.pathname).toBe('/create-request'));
    expect(repostFromState(h.router.state.location.state)).toMatchObject({ serviceType: 'Flat Tire Repair', tireSize: '225/65/R17', budget: '90', lat: 37.7749 });
    h.fetchStub.restore();
  });

  it('shows a request its provider cancelled with the reason', async () => {
    const h = renderBidding(openRequest({ tireStatus: 'Cancelled', status: 'Cancelled', cancelledByRole: 'provider', cancelReason: 'Vehicle breakdown' }));
    expect(await screen.findByText('Provider Canceled')).toBeInTheDocument();
    expect(screen.getByText(/Your provider canceled this job \(Vehicle breakdown\)/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Post again' })).toBeInTheDocument();
    h.fetchStub.restore();
  });
});

describe('accepting a card bid the server wants held first', () => {
  it('opens the payment dialog with the server message instead of calling the bid gone', async () => {
    const request = openRequest({ paymentMethod: 'card', budget: 90, providersAsked: 1 });
    const bid = {
      id: 'b1',
      documentId: 'b1',
      bidId: 'b1',
      requestId: IDS.request,
      amount: 90,
      estimatedArrival: '12',
      countdown: 10,
      bidStatus: 'pending',
      status: 'pending',
      submittedAt: new Date().toISOString(),
      expiresAt: new Date(Date.now() + 240_000).toISOString(),
      distance: 2,
      location: null,
      notes: null,
      message: null,
      provider: { id: 'p1', documentId: 'p1', businessName: 'Held Tires', fullName: null, rating: 4.5, totalJobs: 3, responseTime: '2 min' },
    };
    const FakeDialog = ({ amount }: { amount: number }) => <div role="dialog" aria-label="Payment">Hold ${amount}</div>;
    const h = renderTracking({
      role: 'customer',
      path: `/bidding/${IDS.request}`,
      routePath: '/bidding/:id',
      element: <BiddingView requestId={IDS.request} CardPaymentDialog={FakeDialog} />,
      api: {
        [`GET ${REQ}`]: { json: { data: request } },
        'GET /api/bids': { json: { data: [bid], meta: {} } },
        [`PUT ${REQ}`]: {
          status: 409,
          json: { error: { status: 409, code: 'CONFLICT', message: 'Authorise your card for $100.00 (the bid plus the card fee) before accepting this bid', details: { reason: 'CARD_REAUTHORIZATION_REQUIRED' } } },
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: /Accept bid from Held Tires/ }));
    expect(await screen.findByText('Card authorisation needed')).toBeInTheDocument();
    expect(screen.getByText('Authorise your card for $100.00 (the bid plus the card fee) before accepting this bid')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Payment' })).toHaveTextContent('Hold $100');
    expect(screen.queryByText('Bid no longer available')).not.toBeInTheDocument();
    h.fetchStub.restore();
  });
});

describe('Post again', () => {
  it('fills the request form from the earlier request (no past scheduled time)', () => {
    const values = repostValues(openRequest({ scheduledTime: '2030-01-01T10:00:00.000Z', paymentMethod: 'card' }));
    render(
      <Provider store={makeStore()}>
        <RequestForm initialValues={values} submitting={false} onSubmit={() => undefined} />
      </Provider>,
    );
    expect(screen.getByLabelText(/Tire Size/)).toHaveValue('225/65/R17');
    expect(screen.getByLabelText(/Service Type/)).toHaveValue('Flat Tire Repair');
    expect(screen.getByText('Location set.')).toBeInTheDocument();
    expect(values).toMatchObject({ scheduledTime: '', paymentMethod: 'card', budget: '90' });
    expect(repostFromState({ repost: { nonsense: true } })).toBeNull();
    expect(repostFromState(null)).toBeNull();
  });

  it('rounds the time left', () => {
    expect(formatDuration(29.5 * 60_000)).toBe('30 min');
    expect(formatDuration(45_000)).toBe('45 s');
    expect(formatDuration(65 * 60_000)).toBe('1 h 5 min');
    expect(formatDuration(-1)).toBe('0 s');
  });
});

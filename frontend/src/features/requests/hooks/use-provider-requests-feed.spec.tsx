import type { NewRequestPayload, UserView } from '@tiredash/contracts';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router-dom';
import { makeStore } from '../../../app/store';
import { FakeRealtimeSocket } from '../../../shared/realtime/fake-realtime-socket';
import { RealtimeSocketFactoryContext } from '../../../shared/realtime/realtime-context';
import { ToastProvider } from '../../../shared/toast/toast-provider';
import { tokenReceived, userLoaded } from '../../auth/auth.slice';
import { ProviderRequestsTab } from '../components/provider-requests-tab';
import { useProviderRequestsFeed } from './use-provider-requests-feed';

const BUSINESS = '00000000-0000-4000-8000-0000000000b1';
const REQ_A = '00000000-0000-4000-8000-00000000000a';
const REQ_B = '00000000-0000-4000-8000-00000000000b';

function offer(id: string, serviceType: NewRequestPayload['serviceType']): NewRequestPayload {
  return {
    id,
    requestId: id,
    documentId: id,
    serviceType,
    tireSize: '225/65/R17',
    tireBrand: null,
    tireStatus: 'Bids Open',
    status: 'Bids Open',
    address: '1 Market St',
    lat: 37.79,
    lng: -122.39,
    location: { address: '1 Market St', lat: 37.79, lng: -122.39 },
    budget: 90,
    priority: 'normal',
    urgency: 'normal',
    scheduledTime: null,
    description: 'Flat tyre',
    notes: 'Flat tyre',
    paymentMethod: 'cash',
    customer: { documentId: '00000000-0000-4000-8000-0000000000c1', fullName: 'Casey Customer' },
    createdAt: new Date().toISOString(),
  };
}

function Feed() {
  const feed = useProviderRequestsFeed(BUSINESS);
  return feed ? <ProviderRequestsTab feed={feed} /> : null;
}

function Tracking() {
  return <p>Tracking {useParams().id}</p>;
}

function renderFeed() {
  const store = makeStore();
  store.dispatch(tokenReceived('provider-token'));
  store.dispatch(userLoaded({ id: 'u1', role: { name: 'provider', type: 'provider' } } as UserView));
  const socket = new FakeRealtimeSocket();
  const factory = (token: () => string | null) => {
    socket.tokens.push(token() ?? '');
    return socket;
  };
  const router = createMemoryRouter(
    [
      { path: '/provider/dashboard', element: <Feed /> },
      { path: '/provider/tracking/:id', element: <Tracking /> },
    ],
    { initialEntries: ['/provider/dashboard'] },
  );
  const utils = render(
    <Provider store={store}>
      <ToastProvider>
        <RealtimeSocketFactoryContext.Provider value={factory}>
          <RouterProvider router={router} />
        </RealtimeSocketFactoryContext.Provider>
      </ToastProvider>
    </Provider>,
  );
  return { ...utils, socket, router };
}

describe('provider Requests feed over the socket', () => {
  it('connects with the token and joins with the business id and role provider', () => {
    const { socket } = renderFeed();
    expect(socket.tokens).toEqual(['provider-token']);
    expect(socket.connected).toBe(true);
    expect(socket.emitted.map((e) => [e.event, e.args[0]])).toEqual([['join', { userId: BUSINESS, role: 'provider' }]]);
  });

  it('shows a new request live with the toast, then drops it when cancelled', async () => {
    const { socket } = renderFeed();
    act(() => socket.deliver('new_request', offer(REQ_A, 'Flat Tire Repair')));
    expect(await screen.findByRole('listitem', { name: 'Flat Tire Repair request' })).toHaveTextContent('Casey Customer');
    expect(screen.getByText('New Service Request!')).toBeInTheDocument();

    act(() => socket.deliver('new_request', offer(REQ_B, 'Tire Rotation')));
    const items = screen.getAllByRole('listitem', { name: /request$/ });
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual(['Tire Rotation request', 'Flat Tire Repair request']);

    act(() =>
      socket.deliver('job_canceled', {
        requestId: REQ_A,
        tireStatus: 'Cancelled',
        previousStatus: 'Bids Open',
        canceledBy: '00000000-0000-4000-8000-0000000000c2',
        canceledAt: new Date().toISOString(),
      }),
    );
    expect(screen.queryByRole('listitem', { name: 'Flat Tire Repair request' })).not.toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Tire Rotation request' })).toBeInTheDocument();
  });

  it('marks an expired bid, and removes a request whose other bid was accepted', async () => {
    const { socket } = renderFeed();
    act(() => {
      socket.deliver('new_request', offer(REQ_A, 'Flat Tire Repair'));
      socket.deliver('new_request', offer(REQ_B, 'Tire Rotation'));
    });
    const base = { bidId: REQ_B, documentId: REQ_B, providerId: BUSINESS, expiredAt: new Date().toISOString() };
    act(() => socket.deliver('bid_expired', { ...base, requestId: REQ_A, reason: 'expired' }));
    const a = await screen.findByRole('listitem', { name: 'Flat Tire Repair request' });
    expect(within(a).getByRole('status')).toHaveTextContent('Your bid expired');
    expect(screen.getByText('Bid Expired')).toBeInTheDocument();

    act(() => socket.deliver('bid_expired', { ...base, requestId: REQ_B, reason: 'other-bid-accepted' }));
    expect(screen.queryByRole('listitem', { name: 'Tire Rotation request' })).not.toBeInTheDocument();
    // The provider whose bid lost is told.
    expect(screen.getByText('Bid Not Selected')).toBeInTheDocument();
    expect(screen.getByText('The customer chose another provider for this request.')).toBeInTheDocument();
  });

  it('drops a request that expired, telling a provider whose bid was pending', async () => {
    const { socket } = renderFeed();
    act(() => {
      socket.deliver('new_request', offer(REQ_A, 'Flat Tire Repair'));
      socket.deliver('new_request', offer(REQ_B, 'Tire Rotation'));
    });
    await screen.findByRole('listitem', { name: 'Tire Rotation request' });
    act(() => socket.deliver('request_expired', { requestId: REQ_B, tireStatus: 'Expired', expiredAt: new Date().toISOString() }));
    expect(screen.queryByRole('listitem', { name: 'Tire Rotation request' })).not.toBeInTheDocument();
    expect(screen.queryByText('Request Expired')).not.toBeInTheDocument();
    act(() =>
      socket.deliver('bid_expired', { bidId: REQ_B, documentId: REQ_B, providerId: BUSINESS, expiredAt: new Date().toISOString(), requestId: REQ_A, reason: 'request-expired' }),
    );
    expect(screen.queryByRole('listitem', { name: 'Flat Tire Repair request' })).not.toBeInTheDocument();
    expect(screen.getByText('Request Expired')).toBeInTheDocument();
  });

  it("validates the bid form and reports a failed bid with the spec's toast", async () => {
    const user = userEvent.setup();
    const { socket } = renderFeed();
    act(() => socket.deliver('new_request', offer(REQ_A, 'Flat Tire Repair')));
    const card = await screen.findByRole('listitem', { name: 'Flat Tire Repair request' });
    await user.type(within(card).getByLabelText('Your price ($)'), '0');
    await user.click(within(card).getByRole('button', { name: 'Place Bid' }));
    expect(within(card).getByLabelText('Your price ($)')).toHaveAccessibleDescription(expect.stringContaining('Price must be at least 1'));

    await user.clear(within(card).getByLabelText('Your price ($)'));
    await user.type(within(card).getByLabelText('ETA (minutes)'), '15');
    await user.click(within(card).getByRole('button', { name: 'Place Bid' }));
    // nothing listens on the test API address: the POST fails
    expect(await screen.findByText('Failed to place bid. Please try again.', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it("on bid_selected toasts 'Bid Accepted!' and opens the live job", async () => {
    const { socket } = renderFeed();
    act(() => socket.deliver('new_request', offer(REQ_A, 'Flat Tire Repair')));
    act(() =>
      socket.deliver('bid_selected', {
        requestId: REQ_A,
        bidId: REQ_B,
        documentId: REQ_B,
        providerId: BUSINESS,
        customerId: '00000000-0000-4000-8000-0000000000c1',
        customerUserId: '00000000-0000-4000-8000-0000000000c3',
        amount: 90,
        estimatedArrival: '15',
        paymentMethod: 'cash',
        request: offer(REQ_A, 'Flat Tire Repair'),
        acceptedAt: new Date().toISOString(),
      }),
    );
    expect(await screen.findByText(`Tracking ${REQ_A}`)).toBeInTheDocument();
    expect(screen.getByText('Bid Accepted!')).toBeInTheDocument();
  });

  it('disconnects and stops listening when the dashboard closes', () => {
    const { socket, unmount } = renderFeed();
    expect(socket.listenerCount('new_request')).toBe(1);
    unmount();
    expect(socket.connected).toBe(false);
    expect(socket.listenerCount('new_request')).toBe(0);
    expect(socket.listenerCount('connect')).toBe(0);
  });
});

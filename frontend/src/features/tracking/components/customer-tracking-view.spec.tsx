import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FetchStub } from '../../../test/fetch-stub';
import { aRequest, aRoute, IDS, jobOf, renderTracking } from '../tracking.test-kit';
import { TrackingPage } from '../../customer/pages/tracking-page';

const REQ = `/api/service-requests/${IDS.request}`;
const JOB = `/api/dispatch/jobs/${IDS.request}`;
let stub: FetchStub | null = null;

function setup(over: Parameters<typeof aRequest>[0] = {}, extra: Parameters<typeof renderTracking>[0]['api'] = {}, mapboxKey: string | null = null) {
  const request = aRequest(over);
  stub?.restore();
  const harness = renderTracking({
    role: 'customer',
    path: `/tracking/${IDS.request}`,
    routePath: '/tracking/:id',
    element: <TrackingPage />,
    api: {
      [`GET ${REQ}`]: { json: { data: request } },
      [`GET ${JOB}`]: { json: { data: jobOf(request) } },
      'GET /api/settings': { json: { data: { mapboxKey } } },
      'GET /api/geo/route': { json: { data: aRoute(9) } },
      ...extra,
    },
  });
  stub = harness.fetchStub;
  return harness;
}

async function ready(socket: { connected: boolean }) {
  await screen.findByRole('heading', { name: 'Live Tracking' });
  await waitFor(() => expect(socket.connected).toBe(true));
}

describe('customer tracking (/tracking/{id})', () => {
  afterEach(() => {
    stub?.restore();
    stub = null;
  });

  it('runs the status label En Route -> Arrived -> Completed and advances the steps on socket events', async () => {
    const { socket } = setup();
    await ready(socket);
    expect(socket.emitted.find((e) => e.event === 'join')?.args[0]).toEqual({ userId: IDS.customerUser, role: 'customer', requestId: IDS.request });
    const steps = screen.getByRole('list', { name: 'Job progress' });
    expect(screen.getByRole('status', { name: 'Status: En Route' })).toBeInTheDocument();
    expect(within(steps).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['✓Request Accepted (done)', '2Arrived (pending)', '3Complete (pending)']);

    act(() => socket.deliver('provider_arrived', { requestId: IDS.request, customerId: IDS.customer, providerId: IDS.provider, arrivedAt: new Date().toISOString() }));
    expect(screen.getByRole('status', { name: 'Status: Arrived' })).toBeInTheDocument();
    expect(within(steps).getByText('Arrived').closest('li')).toHaveClass('progress-steps__item--done');
    expect(screen.queryByRole('button', { name: 'Confirm Completion' })).not.toBeInTheDocument();

    act(() => socket.deliver('job_completed', { requestId: IDS.request, customerId: IDS.customer, providerId: IDS.provider, completedAt: new Date().toISOString() }));
    expect(screen.getByRole('status', { name: 'Status: Completed' })).toBeInTheDocument();
    expect(within(steps).getByText('Complete').closest('li')).toHaveClass('progress-steps__item--done');
    expect(screen.getByRole('button', { name: 'Confirm Completion' })).toBeInTheDocument();
  });

  it("moves the provider's marker as driver_location points arrive and draws the route", async () => {
    const { socket, fetchStub, container } = setup();
    await ready(socket);
    expect(screen.getByText("Waiting for the provider's location...")).toBeInTheDocument();
    act(() => socket.deliver('driver_location', { lat: 37.79, lng: -122.4, requestId: IDS.request }));
    expect(await screen.findByText('37.79000, -122.40000')).toBeInTheDocument();
    expect(await screen.findByTitle('Provider location')).toBeInTheDocument();
    act(() => socket.deliver('driver_location', { lat: 37.785, lng: -122.41 }));
    expect(screen.getByText('37.78500, -122.41000')).toBeInTheDocument();
    // a point for another job is ignored
    act(() => socket.deliver('driver_location', { lat: 1, lng: 1, requestId: '00000000-0000-4000-8000-0000000000ff' }));
    expect(screen.getByText('37.78500, -122.41000')).toBeInTheDocument();
    // the route line (GET /api/geo/route from the provider's position) and the ETA from it
    await waitFor(() => expect(fetchStub.callsTo('GET /api/geo/route').length).toBeGreaterThan(0));
    expect(fetchStub.callsTo('GET /api/geo/route')[0].url.searchParams.get('to')).toBe('37.77490,-122.41940');
    expect(await screen.findByText('9 minutes')).toBeInTheDocument();
    expect(container.querySelector('path.leaflet-interactive')).not.toBeNull();
  });

  it("says 'Unable to load map' without a map key, and not with one", async () => {
    const first = setup();
    expect(await screen.findByText('Unable to load map')).toBeInTheDocument();
    first.unmount();

    const second = setup({}, {}, 'pk.test-key');
    await ready(second.socket);
    await waitFor(() => expect(second.fetchStub.callsTo('GET /api/settings')).toHaveLength(1));
    await waitFor(() => expect(second.container.querySelector('.leaflet-tile-pane img, .leaflet-tile-container')).not.toBeNull());
    expect(screen.queryByText('Unable to load map')).not.toBeInTheDocument();
  });

  it("confirms a cash job: Service Completed, job_confirmed, 'Job Confirmed' and /payment/{id}", async () => {
    const { socket, fetchStub } = setup(
      { tireStatus: 'In Progress', arrivedAt: '2030-01-01T10:10:00Z', completedAt: '2030-01-01T10:40:00Z' },
      { [`PUT ${REQ}`]: { json: { data: aRequest({ tireStatus: 'Service Completed' }) } } },
    );
    await ready(socket);
    expect(screen.getByRole('status', { name: 'Status: Completed' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Completion' }));
    expect(await screen.findByTestId('where')).toHaveTextContent(`/payment/${IDS.request}`);
    expect(fetchStub.callsTo(`PUT ${REQ}`)[0].body).toEqual({ data: { tireStatus: 'Service Completed' } });
    expect(socket.emits('job_confirmed')[0]).toMatchObject({ requestId: IDS.request, customerId: IDS.customer, paymentMethod: 'cash' });
    expect(screen.getByText('Job Confirmed')).toBeInTheDocument();
  });

  it("stops a card confirmation whose capture fails with 'Payment Failed' and the error", async () => {
    const { socket } = setup(
      { paymentMethod: 'card', tireStatus: 'In Progress', completedAt: '2030-01-01T10:40:00Z' },
      { [`PUT ${REQ}`]: { status: 402, json: { error: { status: 402, code: 'PAYMENT_FAILED', message: 'Your card was declined.' } } } },
    );
    await ready(socket);
    expect(screen.getByText(/Confirming charges your card \$95.00/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Completion' }));
    expect(await screen.findByText('Payment Failed')).toBeInTheDocument();
    expect(screen.getByText('Your card was declined.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm Completion' })).toBeInTheDocument();
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
    expect(socket.emits('job_confirmed')).toHaveLength(0);
  });

  it("goes to /dashboard with 'Provider Canceled' on job_canceled", async () => {
    const { socket } = setup();
    await ready(socket);
    act(() =>
      socket.deliver('job_canceled', { requestId: IDS.request, tireStatus: 'Cancelled', previousStatus: 'Accepted', canceledBy: IDS.providerUser, canceledAt: new Date().toISOString() }),
    );
    expect(await screen.findByTestId('where')).toHaveTextContent('/dashboard');
    expect(screen.getByText('Provider Canceled')).toBeInTheDocument();
  });

  it("tells the provider's reason with 'Provider Canceled'", async () => {
    const { socket } = setup();
    await ready(socket);
    act(() =>
      socket.deliver('job_canceled', {
        requestId: IDS.request,
        tireStatus: 'Cancelled',
        previousStatus: 'Accepted',
        canceledBy: IDS.providerUser,
        canceledAt: new Date().toISOString(),
        canceledByRole: 'provider',
        reason: 'Vehicle breakdown',
      }),
    );
    expect(await screen.findByTestId('where')).toHaveTextContent('/dashboard');
    expect(screen.getByText('Provider Canceled')).toBeInTheDocument();
    expect(screen.getByText('This job was canceled: Vehicle breakdown. You can post a new request.')).toBeInTheDocument();
  });

  it("says what canceling a card job costs (the admin's cancellation fee), and nothing of it for cash", async () => {
    const fees = { serviceFee: 10, walletFee: 20, cancellationFee: 7, noShowFee: 0, minWithdrawal: 5, mapboxKey: null };
    const card = setup({ paymentMethod: 'card' }, { 'GET /api/settings': { json: { data: fees } } });
    await ready(card.socket);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Service' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this service?' });
    expect(await within(dialog).findByText('Canceling now costs $7.00: the cancellation fee is charged to your card.')).toBeInTheDocument();
    card.unmount();

    const cash = setup({ paymentMethod: 'cash' }, { 'GET /api/settings': { json: { data: fees } } });
    await ready(cash.socket);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Service' }));
    expect(within(screen.getByRole('dialog', { name: 'Cancel this service?' })).queryByText(/cancellation fee/)).not.toBeInTheDocument();
  });

  it('does not offer Cancel Service once the provider has arrived (the server refuses it)', async () => {
    const { socket } = setup({ tireStatus: 'In Progress', status: 'In Progress', arrivedAt: new Date().toISOString() });
    await ready(socket);
    expect(screen.queryByRole('button', { name: 'Cancel Service' })).not.toBeInTheDocument();
  });

  it('enables Add Service only with a service type and a numeric budget', async () => {
    const { socket } = setup();
    await ready(socket);
    await userEvent.click(screen.getByRole('button', { name: 'Request Extra Service' }));
    const dialog = screen.getByRole('dialog', { name: 'Request Extra Service' });
    const add = within(dialog).getByRole('button', { name: 'Add Service' });
    expect(add).toBeDisabled();
    await userEvent.selectOptions(within(dialog).getByLabelText(/Service Type/), 'Tire Rotation');
    expect(add).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(/Budget/), 'abc');
    expect(add).toBeDisabled();
    expect(within(dialog).getByText('Budget must be a number of dollars, more than 0')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText(/Budget/));
    await userEvent.type(within(dialog).getByLabelText(/Budget/), '40');
    expect(add).toBeEnabled();
    await userEvent.selectOptions(within(dialog).getByLabelText(/Service Type/), '');
    expect(add).toBeDisabled();
  });
});

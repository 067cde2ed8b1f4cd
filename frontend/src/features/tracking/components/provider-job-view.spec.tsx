import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLanguage } from '../../../shared/i18n/i18n';
import { stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { aRequest, aRoute, FakeGeolocation, IDS, jobOf, renderTracking } from '../tracking.test-kit';
import { ProviderJobView } from './provider-job-view';

const REQ = `/api/service-requests/${IDS.request}`;
const JOB = `/api/dispatch/jobs/${IDS.request}`;
let stub: FetchStub | null = null;

function setup(geo: FakeGeolocation, { route = true }: { route?: boolean } = {}) {
  const request = aRequest();
  const harness = renderTracking({
    role: 'provider',
    path: `/provider/tracking/${IDS.request}`,
    routePath: '/provider/tracking/:id',
    element: <ProviderJobView requestId={IDS.request} positionSource={geo} />,
    api: {
      [`GET ${REQ}`]: { json: { data: request } },
      [`GET ${JOB}`]: { json: { data: jobOf(request) } },
      'GET /api/settings': { json: { data: { mapboxKey: null } } },
      'GET /api/geo/route': route ? { json: { data: aRoute(7) } } : { status: 503, json: { error: { status: 503, message: 'down' } } },
    },
  });
  stub = harness.fetchStub;
  return harness;
}

async function ready(socket: { connected: boolean }) {
  await screen.findByRole('button', { name: 'I AM HERE' });
  await waitFor(() => expect(socket.connected).toBe(true));
}

describe('provider live job (/provider/tracking/{id})', () => {
  afterEach(() => {
    stub?.restore();
    stub = null;
    jest.useRealTimers();
  });

  it("shows 'I AM HERE' first, then 'JOB COMPLETED' only after arrival, emitting arrived and job_completed", async () => {
    const geo = new FakeGeolocation();
    const { socket } = setup(geo);
    await ready(socket);
    expect(socket.emitted.find((e) => e.event === 'join')?.args[0]).toEqual({ userId: IDS.provider, role: 'provider', requestId: IDS.request });
    expect(screen.queryByRole('button', { name: 'JOB COMPLETED' })).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Status: En Route' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'I AM HERE' }));
    expect(await screen.findByRole('button', { name: 'JOB COMPLETED' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'I AM HERE' })).not.toBeInTheDocument();
    expect(socket.emits('arrived')[0]).toMatchObject({ requestId: IDS.request, customerId: IDS.customer, providerId: IDS.provider });
    expect(screen.getByRole('status', { name: 'Status: Arrived' })).toBeInTheDocument();
    const steps = screen.getByRole('list', { name: 'Service Progress' });
    expect(within(steps).getAllByRole('listitem').map((li) => li.classList.contains('progress-steps__item--done'))).toEqual([true, true, false]);

    await userEvent.click(screen.getByRole('button', { name: 'JOB COMPLETED' }));
    expect(await screen.findByText('Waiting for the customer to confirm the job.')).toBeInTheDocument();
    expect(socket.emits('job_completed')[0]).toMatchObject({ requestId: IDS.request, customerId: IDS.customer, providerId: IDS.provider });
    expect(within(steps).getByText('Service Complete').closest('li')).toHaveClass('progress-steps__item--done');
    expect(screen.queryByRole('button', { name: 'JOB COMPLETED' })).not.toBeInTheDocument();
  });

  it('keeps I AM HERE when the server refuses the arrival', async () => {
    const geo = new FakeGeolocation();
    const { socket } = setup(geo);
    await ready(socket);
    socket.refuse = 'This job is not yours';
    await userEvent.click(screen.getByRole('button', { name: 'I AM HERE' }));
    expect(await screen.findByText('This job is not yours')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'I AM HERE' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'JOB COMPLETED' })).not.toBeInTheDocument();
  });

  it("says a refusal in the language shown: the catalogue's text for its code, not the server's English", async () => {
    setLanguage('es');
    const geo = new FakeGeolocation();
    const { socket } = setup(geo);
    await screen.findByRole('button', { name: 'YA LLEGUÉ' });
    await waitFor(() => expect(socket.connected).toBe(true));
    socket.refuse = 'This job is not yours';
    await userEvent.click(screen.getByRole('button', { name: 'YA LLEGUÉ' }));
    expect(await screen.findByText('No tienes permiso para hacer esto.')).toBeInTheDocument();
    expect(screen.queryByText('This job is not yours')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'YA LLEGUÉ' })).toBeInTheDocument();
  });

  it('marks arrival over REST when the live channel is down', async () => {
    const geo = new FakeGeolocation();
    const { socket, fetchStub } = setup(geo);
    await ready(socket);
    fetchStub.restore();
    const rest = stubFetch({ [`POST /api/dispatch/jobs/${IDS.request}/arrived`]: { json: { data: aRequest({ tireStatus: 'In Progress' }) } } });
    stub = rest;
    socket.disconnect();
    await userEvent.click(screen.getByRole('button', { name: 'I AM HERE' }));
    expect(await screen.findByRole('button', { name: 'JOB COMPLETED' })).toBeInTheDocument();
    expect(rest.callsTo(`POST /api/dispatch/jobs/${IDS.request}/arrived`)).toHaveLength(1);
    expect(socket.emits('arrived')).toHaveLength(0);
  });

  it('streams the device position as driver_location_update at most once a second (high accuracy, no cache)', async () => {
    const geo = new FakeGeolocation();
    const { socket } = setup(geo);
    await ready(socket);
    await waitFor(() => expect(geo.watching).toBe(1));
    expect(geo.options[0]).toMatchObject({ enableHighAccuracy: true, maximumAge: 0 });

    jest.useFakeTimers({ now: new Date('2030-01-01T10:00:00Z') });
    // 10 fixes in 900 ms: the first goes at once, the newest of the rest when the second ends
    for (let i = 0; i < 10; i += 1) {
      act(() => geo.move(37.79 - i * 0.001, -122.4));
      if (i < 9) act(() => jest.advanceTimersByTime(100));
    }
    expect(socket.emits('driver_location_update')).toEqual([{ lat: 37.79, lng: -122.4, customerId: IDS.customer, requestId: IDS.request }]);
    act(() => jest.advanceTimersByTime(100));
    const sent = socket.emits('driver_location_update') as Array<{ lat: number }>;
    expect(sent).toHaveLength(2);
    expect(sent[1].lat).toBeCloseTo(37.781, 6);
    // the provider's own marker follows every fix
    expect(screen.getByText('37.78100, -122.40000')).toBeInTheDocument();
    // 5 Hz for 5 s: about one point a second
    for (let i = 0; i < 25; i += 1) {
      act(() => geo.move(37.7 + i * 0.0001, -122.4));
      act(() => jest.advanceTimersByTime(200));
    }
    const total = socket.emits('driver_location_update').length;
    expect(total).toBeGreaterThanOrEqual(6);
    expect(total).toBeLessThanOrEqual(8);
  });

  it("shows the customer card (4.8/5, Call Customer tel link, Send Message), the job details and the ETA replacing '12 minutes'", async () => {
    const geo = new FakeGeolocation();
    const { socket } = setup(geo, { route: false });
    await ready(socket);
    const card = screen.getByRole('heading', { name: 'Customer' }).closest('section') as HTMLElement;
    expect(within(card).getByText('Casey Customer')).toBeInTheDocument();
    expect(within(card).getByText(/4\.8\/5/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Call Customer' })).toHaveAttribute('href', 'tel:+14155550199');
    expect(within(card).getByRole('button', { name: 'Send Message' })).toBeInTheDocument();
    const details = screen.getByRole('heading', { name: 'Job Details' }).closest('section') as HTMLElement;
    expect(details).toHaveTextContent('Flat Tire Repair');
    expect(details).toHaveTextContent('500 Howard St, San Francisco');
    expect(details).toHaveTextContent('$85.00');
    // no directions answer and no ETA from dispatch: the default estimate
    expect(screen.getByText('12 minutes')).toBeInTheDocument();
  });

  it('replaces the default estimate with the route ETA and confirms with a Job Confirmed toast', async () => {
    const geo = new FakeGeolocation();
    const { socket } = setup(geo);
    await ready(socket);
    expect(await screen.findByText('7 minutes')).toBeInTheDocument();
    expect(screen.queryByText('12 minutes')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'I AM HERE' }));
    await userEvent.click(await screen.findByRole('button', { name: 'JOB COMPLETED' }));
    await screen.findByText('Waiting for the customer to confirm the job.');
    act(() => socket.deliver('job_confirmed', { requestId: IDS.request, customerId: IDS.customer, confirmedAt: new Date().toISOString(), paymentMethod: 'cash' }));
    expect(await screen.findByText('Job Confirmed')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Status: Completed' })).toBeInTheDocument();
    expect(await screen.findByTestId('where', {}, { timeout: 4000 })).toHaveTextContent('/provider/dashboard');
    expect(geo.watching).toBe(0);
  });
});

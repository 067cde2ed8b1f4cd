import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { ProviderJobView } from '../components/provider-job-view';
import { aRequest, FakeGeolocation, IDS, jobOf, renderTracking } from '../tracking.test-kit';

const REQ = `/api/service-requests/${IDS.request}`;
const JOB = `/api/dispatch/jobs/${IDS.request}`;
const ARRIVED = `POST /api/dispatch/jobs/${IDS.request}/arrived`;
const COMPLETED = `POST /api/dispatch/jobs/${IDS.request}/completed`;

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('provider live job without a network', () => {
  let rest: FetchStub | null = null;
  afterEach(() => {
    rest?.restore();
    rest = null;
    setOnline(true);
  });

  it('queues I AM HERE and JOB COMPLETED offline, says what waits, and sends each once, in order, when back online', async () => {
    const request = aRequest();
    const harness = renderTracking({
      role: 'provider',
      path: `/provider/tracking/${IDS.request}`,
      routePath: '/provider/tracking/:id',
      element: <ProviderJobView requestId={IDS.request} positionSource={new FakeGeolocation()} />,
      api: {
        [`GET ${REQ}`]: { json: { data: request } },
        [`GET ${JOB}`]: { json: { data: jobOf(request) } },
        'GET /api/settings': { json: { data: { mapboxKey: null } } },
        'GET /api/geo/route': { status: 503, json: { error: { status: 503, message: 'down' } } },
      },
    });
    const { socket } = harness;
    await screen.findByRole('button', { name: 'I AM HERE' });
    await waitFor(() => expect(socket.connected).toBe(true));
    harness.fetchStub.restore();
    const sent: string[] = [];
    rest = stubFetch({
      [ARRIVED]: () => {
        sent.push('arrived');
        return { json: { data: aRequest({ tireStatus: 'In Progress' }) } };
      },
      [COMPLETED]: () => {
        sent.push('completed');
        return { json: { data: aRequest({ tireStatus: 'In Progress' }) } };
      },
    });

    setOnline(false);
    await userEvent.click(screen.getByRole('button', { name: 'I AM HERE' }));
    expect(await screen.findByText(/^1 update waiting to be sent\. They will be sent when you are back online\./)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'JOB COMPLETED' }));
    expect(await screen.findByText(/^2 updates waiting to be sent/)).toBeInTheDocument();
    expect(screen.getByText('Waiting for the customer to confirm the job.')).toBeInTheDocument();
    // Nothing left the page: not on the socket, not over REST.
    expect(socket.emits('arrived')).toHaveLength(0);
    expect(socket.emits('job_completed')).toHaveLength(0);
    expect(sent).toEqual([]);

    setOnline(true);
    await waitFor(() => expect(screen.queryByText(/waiting to be sent/)).not.toBeInTheDocument());
    expect(sent).toEqual(['arrived', 'completed']);
    expect(rest.callsTo(ARRIVED)).toHaveLength(1);
    expect(rest.callsTo(COMPLETED)).toHaveLength(1);
  });
});

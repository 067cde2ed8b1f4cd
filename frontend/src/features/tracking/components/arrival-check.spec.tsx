import type { ServiceRequestView } from '@tiredash/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLanguage } from '../../../shared/i18n/i18n';
import type { FetchStub, StubHandler } from '../../../test/fetch-stub';
import { aRequest, aRoute, FakeGeolocation, IDS, jobOf, renderTracking } from '../tracking.test-kit';
import { ProviderJobView } from './provider-job-view';

// 'I AM HERE' against the arrival check (issue 13 item 2): the server refuses an arrival too far from the job
// (ARRIVAL_TOO_FAR) or with no streamed position (ARRIVAL_POSITION_UNKNOWN); the screen says which, lets the
// provider give a reason to arrive anyway, and says that no no-show fee rests on an arrival so passed.

const REQ = `/api/service-requests/${IDS.request}`;
const JOB = `/api/dispatch/jobs/${IDS.request}`;
const ARRIVED = `POST ${JOB}/arrived`;
let stub: FetchStub | null = null;

const UNKNOWN_MESSAGE =
  "We cannot see where you are: 'I AM HERE' needs your live location within 300 m of the job's address. Turn on location sharing for TireDash and try again, or give a reason to arrive anyway.";

function refusal(reason: 'ARRIVAL_TOO_FAR' | 'ARRIVAL_POSITION_UNKNOWN', details: Record<string, unknown> = {}) {
  const message =
    reason === 'ARRIVAL_TOO_FAR'
      ? "You are 1.4 km from the job's address; 'I AM HERE' needs you within 300 m. Move closer, or give a reason to arrive anyway."
      : UNKNOWN_MESSAGE;
  return { status: 409, json: { error: { status: 409, code: 'CONFLICT', message, details: { reason, maxDistanceMeters: 300, ...details } } } };
}

function setup(geo: FakeGeolocation, arrived: StubHandler, over: Partial<ServiceRequestView> = {}) {
  const request = aRequest({ paymentMethod: 'card', noShowWaitMinutes: 10, ...over });
  const harness = renderTracking({
    role: 'provider',
    path: `/provider/tracking/${IDS.request}`,
    routePath: '/provider/tracking/:id',
    element: <ProviderJobView requestId={IDS.request} positionSource={geo} />,
    api: {
      [`GET ${REQ}`]: { json: { data: request } },
      [`GET ${JOB}`]: { json: { data: jobOf(request) } },
      'GET /api/settings': { json: { data: { mapboxKey: null, noShowFee: 25 } } },
      'GET /api/geo/route': { json: { data: aRoute(7) } },
      [ARRIVED]: arrived,
    },
  });
  stub = harness.fetchStub;
  // The socket's ack carries a code only: the screen asks again over REST for the reason.
  harness.socket.refuse = 'refused';
  harness.socket.refuseCode = 'CONFLICT';
  return harness;
}

async function ready(socket: { connected: boolean }, name = 'I AM HERE') {
  await screen.findByRole('button', { name });
  await waitFor(() => expect(socket.connected).toBe(true));
}

describe("'I AM HERE' and the arrival check", () => {
  afterEach(() => {
    stub?.restore();
    stub = null;
    setLanguage('en');
  });

  it("no position streamed: says it cannot see the provider; a reason arrives anyway, and 'Customer not here' then says no fee is charged", async () => {
    const geo = new FakeGeolocation();
    const bodies: unknown[] = [];
    const { socket } = setup(geo, (call) => {
      bodies.push(call.body);
      const reason = (call.body as { data?: { overrideReason?: string } } | undefined)?.data?.overrideReason;
      return reason ? { json: { data: aRequest({ tireStatus: 'In Progress', paymentMethod: 'card', arrivalOverrideReason: reason }) } } : refusal('ARRIVAL_POSITION_UNKNOWN');
    });
    await ready(socket);

    await userEvent.click(screen.getByRole('button', { name: 'I AM HERE' }));
    const dialog = await screen.findByRole('dialog', { name: 'We cannot see where you are' });
    expect(within(dialog).getByText(UNKNOWN_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByText(/No no-show fee can be charged on an arrival that was not checked/)).toBeInTheDocument();
    // Nothing was streamed: asked once over REST, not again and again.
    expect(bodies).toHaveLength(1);

    // A reason is required.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Arrive anyway' }));
    expect(await within(dialog).findByText('Say why you are arriving from here')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Reason to arrive from here/), 'No GPS in the car park');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Arrive anyway' }));
    expect(await screen.findByRole('button', { name: 'JOB COMPLETED' })).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ data: { overrideReason: 'No GPS in the car park' } });

    await userEvent.click(screen.getByRole('button', { name: 'Customer not here' }));
    const absent = await screen.findByRole('dialog', { name: 'Mark the customer absent?' });
    expect(
      within(absent).getByText(
        "The job ends as a customer no-show. Your arrival was not checked against your location, so no no-show fee is charged and the customer's card hold is released.",
      ),
    ).toBeInTheDocument();
    expect(within(absent).queryByText(/pays the no-show fee/)).not.toBeInTheDocument();
  });

  it('a point already sent may still be on its way: the refusal is asked again and the arrival goes through with no dialog', async () => {
    const geo = new FakeGeolocation();
    let calls = 0;
    const { socket } = setup(geo, () => {
      calls += 1;
      return calls < 3 ? refusal('ARRIVAL_POSITION_UNKNOWN') : { json: { data: aRequest({ tireStatus: 'In Progress', arrivalDistanceMeters: 20 }) } };
    });
    await ready(socket);
    geo.move(37.7749, -122.4194);
    await waitFor(() => expect(socket.emitted.some((e) => e.event === 'driver_location_update')).toBe(true));

    await userEvent.click(screen.getByRole('button', { name: 'I AM HERE' }));
    expect(await screen.findByRole('button', { name: 'JOB COMPLETED' }, { timeout: 5000 })).toBeInTheDocument();
    expect(calls).toBe(3);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("a card no-show that charged nothing says so (not 'a cash job')", async () => {
    const geo = new FakeGeolocation();
    setup(geo, () => refusal('ARRIVAL_POSITION_UNKNOWN'), {
      tireStatus: 'Customer No-Show',
      arrivedAt: '2030-01-01T10:10:00.000Z',
      noShowAt: '2030-01-01T10:25:00.000Z',
      noShowFee: 0,
      arrivalOverrideReason: 'No GPS in the car park',
    });
    const outcome = await screen.findByRole('status', { name: 'Customer No-Show' });
    expect(
      within(outcome).getByText("The customer was not there: the job ended as a no-show. No no-show fee was charged and the customer's card hold was released."),
    ).toBeInTheDocument();
    expect(within(outcome).queryByText(/cash job/)).not.toBeInTheDocument();
  });

  it('too far, in Spanish (es-US): the title and the distance in the language shown, not the server English', async () => {
    setLanguage('es');
    const geo = new FakeGeolocation();
    const { socket } = setup(geo, () => refusal('ARRIVAL_TOO_FAR', { distanceMeters: 1440 }));
    await ready(socket, 'YA LLEGUÉ');

    await userEvent.click(screen.getByRole('button', { name: 'YA LLEGUÉ' }));
    const dialog = await screen.findByRole('dialog', { name: 'Todavía no estás en el trabajo' });
    expect(
      within(dialog).getByText("Estás a 1.4 km de la dirección del trabajo; 'YA LLEGUÉ' requiere que estés a menos de 300 m. Acércate o indica un motivo para llegar de todos modos."),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/You are/)).not.toBeInTheDocument();
  });
});

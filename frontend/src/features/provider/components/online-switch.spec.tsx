import type { ProviderView } from '@tiredash/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { makeStore } from '../../../app/store';
import { stubFetch, type FetchStub, type StubCall } from '../../../test/fetch-stub';
import { tokenReceived } from '../../auth/auth.slice';
import { useGetProviderQuery } from '../api';
import type { GeoSource } from '../presence/use-provider-presence';
import { OnlineSwitch } from './online-switch';

const ID = '00000000-0000-4000-8000-0000000000b7';
const PROVIDER = {
  id: ID,
  documentId: ID,
  businessName: 'Night Owl Tires',
  online: false,
  location: null,
  serviceArea: { radius: 15, address: '350 5th Ave, New York', lat: 40.7484, lng: -73.9857 },
  isApproved: true,
} as unknown as ProviderView;

const DENIED = { code: 1, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: 'denied' } as GeolocationPositionError;

/** A Geolocation the test drives: one answer for getCurrentPosition, and a watch it can feed. */
class FakeGeo implements GeoSource {
  options: PositionOptions[] = [];
  watchers = new Map<number, PositionCallback>();
  cleared: number[] = [];
  private next = 1;
  constructor(private readonly answer: { lat: number; lng: number } | GeolocationPositionError) {}

  getCurrentPosition(ok: PositionCallback, fail?: PositionErrorCallback | null, options?: PositionOptions): void {
    this.options.push(options ?? {});
    const a = this.answer;
    setTimeout(() => ('lat' in a ? ok(position(a.lat, a.lng)) : fail?.(a)), 0);
  }

  watchPosition(ok: PositionCallback, _fail?: PositionErrorCallback | null, options?: PositionOptions): number {
    this.options.push(options ?? {});
    const id = this.next++;
    this.watchers.set(id, ok);
    return id;
  }

  clearWatch(id: number): void {
    this.cleared.push(id);
    this.watchers.delete(id);
  }

  fix(lat: number, lng: number): void {
    for (const w of this.watchers.values()) w(position(lat, lng));
  }
}

function position(lat: number, lng: number): GeolocationPosition {
  return { coords: { latitude: lat, longitude: lng, accuracy: 12.4 }, timestamp: Date.now() } as GeolocationPosition;
}

/** The server: answers the presence PUT with the provider as it would now be. */
function serverReplies(call: StubCall) {
  const body = call.body as { online: boolean; position?: { lat: number; lng: number } | null };
  const location = body.online && body.position ? { address: null, lat: body.position.lat, lng: body.position.lng } : null;
  return { json: { data: { ...PROVIDER, online: body.online, location } } };
}

function Dashboard({ geo, heartbeatMs }: { geo: GeoSource | null; heartbeatMs?: number }) {
  const { data } = useGetProviderQuery(ID);
  return data ? <OnlineSwitch provider={data} geolocation={geo} heartbeatMs={heartbeatMs} /> : <p>loading</p>;
}

function renderSwitch(geo: GeoSource | null, heartbeatMs?: number) {
  const store = makeStore();
  store.dispatch(tokenReceived('provider-token'));
  render(
    <Provider store={store}>
      <Dashboard geo={geo} heartbeatMs={heartbeatMs} />
    </Provider>,
  );
}

describe('the Online/Offline switch', () => {
  let api: FetchStub;
  afterEach(() => api.restore());

  it('goes online at the device position (high accuracy), watches it, and goes offline again', async () => {
    api = stubFetch({ [`GET /api/providers/${ID}`]: { json: { data: PROVIDER } }, [`PUT /api/providers/${ID}/presence`]: serverReplies });
    const geo = new FakeGeo({ lat: 40.758, lng: -73.9855 });
    const user = userEvent.setup();
    renderSwitch(geo);
    const toggle = await screen.findByRole('switch', { name: 'Available for new requests' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('You are offline');

    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(geo.options[0]).toMatchObject({ enableHighAccuracy: true, maximumAge: 0 });
    expect(api.callsTo(`PUT /api/providers/${ID}/presence`).map((c) => c.body)).toEqual([{ online: true, position: { lat: 40.758, lng: -73.9855, accuracy: 12 } }]);
    expect(screen.getByRole('status')).toHaveTextContent('requests near your current location');
    await waitFor(() => expect(geo.watchers.size).toBe(1));

    // A fix a few metres away right after is not worth a request (throttled by time and distance).
    geo.fix(40.7581, -73.9855);
    await new Promise((r) => setTimeout(r, 20));
    expect(api.callsTo(`PUT /api/providers/${ID}/presence`)).toHaveLength(1);

    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(api.callsTo(`PUT /api/providers/${ID}/presence`).at(-1)?.body).toEqual({ online: false });
    expect(geo.watchers.size).toBe(0);
    expect(screen.getByRole('status')).toHaveTextContent('You are offline');
  });

  it('still goes online when location is refused, says so plainly, and is matched from the service address', async () => {
    api = stubFetch({ [`GET /api/providers/${ID}`]: { json: { data: PROVIDER } }, [`PUT /api/providers/${ID}/presence`]: serverReplies });
    const user = userEvent.setup();
    renderSwitch(new FakeGeo(DENIED));
    await user.click(await screen.findByRole('switch', { name: 'Available for new requests' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Location permission was denied');
    await waitFor(() => expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'true'));
    expect(api.callsTo(`PUT /api/providers/${ID}/presence`).map((c) => c.body)).toEqual([{ online: true, position: null }]);
    expect(screen.getByRole('status')).toHaveTextContent('matched from your service address (350 5th Ave, New York)');
  });

  it('sends a heartbeat while online, and none once offline', async () => {
    api = stubFetch({ [`GET /api/providers/${ID}`]: { json: { data: { ...PROVIDER, online: true, location: { address: null, lat: 40.75, lng: -73.99 } } } }, [`PUT /api/providers/${ID}/presence`]: serverReplies });
    const user = userEvent.setup();
    renderSwitch(null, 40);
    const toggle = await screen.findByRole('switch', { name: 'Available for new requests' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await waitFor(() => expect(api.callsTo(`PUT /api/providers/${ID}/presence`).length).toBeGreaterThanOrEqual(2));
    expect(api.callsTo(`PUT /api/providers/${ID}/presence`)[0]?.body).toEqual({ online: true });
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    const count = api.callsTo(`PUT /api/providers/${ID}/presence`).length;
    await new Promise((r) => setTimeout(r, 150));
    expect(api.callsTo(`PUT /api/providers/${ID}/presence`)).toHaveLength(count);
  });

  it("shows the server's refusal and stays offline", async () => {
    api = stubFetch({
      [`GET /api/providers/${ID}`]: { json: { data: PROVIDER } },
      [`PUT /api/providers/${ID}/presence`]: {
        status: 403,
        json: { error: { status: 403, code: 'FORBIDDEN', message: 'Your provider account is under review: you can go online once it is approved' } },
      },
    });
    const user = userEvent.setup();
    renderSwitch(new FakeGeo({ lat: 40.758, lng: -73.9855 }));
    const toggle = await screen.findByRole('switch', { name: 'Available for new requests' });
    await user.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent('you can go online once it is approved');
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toBeEnabled();
  });
});

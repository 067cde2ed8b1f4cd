import type { JobView, RouteView, ServiceRequestView, SocketAck, SocketErrorCode, UserView } from '@tiredash/contracts';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { makeStore } from '../../app/store';
import { FakeRealtimeSocket } from '../../shared/realtime/fake-realtime-socket';
import { RealtimeSocketFactoryContext } from '../../shared/realtime/realtime-context';
import type { EmitEventName } from '../../shared/realtime/realtime-socket';
import { ToastProvider } from '../../shared/toast/toast-provider';
import { stubFetch, type StubHandler } from '../../test/fetch-stub';
import { tokenReceived, userLoaded } from '../auth/auth.slice';
import type { PositionSource } from './hooks/use-location-stream';

/** Fixtures and a harness for the tracking screens' component tests (not shipped: imported by specs only). */
export const IDS = {
  request: '00000000-0000-4000-8000-00000000a001',
  customer: '00000000-0000-4000-8000-00000000c001',
  customerUser: '00000000-0000-4000-8000-00000000c0e1',
  provider: '00000000-0000-4000-8000-00000000b001',
  providerUser: '00000000-0000-4000-8000-00000000b0e1',
  bid: '00000000-0000-4000-8000-00000000d001',
};

const PROVIDER = {
  id: IDS.provider,
  documentId: IDS.provider,
  businessName: 'Rapid Roadside Tires',
  fullName: 'Pat Provider',
  phone: '+14155550100',
  rating: 4.6,
  totalJobs: 12,
  responseTime: '2 min',
};

export function aRequest(over: Partial<ServiceRequestView> = {}): ServiceRequestView {
  const now = '2030-01-01T10:00:00.000Z';
  return {
    id: IDS.request,
    documentId: IDS.request,
    serviceType: 'Flat Tire Repair',
    tireSize: '225/65/R17',
    tireBrand: null,
    tireStatus: 'Accepted',
    status: 'Accepted',
    address: '500 Howard St, San Francisco',
    lat: 37.7749,
    lng: -122.4194,
    location: { address: '500 Howard St, San Francisco', lat: 37.7749, lng: -122.4194 },
    description: 'Flat rear tire',
    notes: 'Flat rear tire',
    budget: 90,
    priority: 'normal',
    urgency: 'normal',
    scheduledTime: null,
    photos: [],
    paymentMethod: 'cash',
    providersAsked: null,
    extras: [],
    expiresAt: null,
    cancelledByRole: null,
    cancelReason: null,
    customer: { id: IDS.customer, documentId: IDS.customer, fullName: 'Casey Customer', phone: '+14155550199' },
    amount: 85,
    provider: PROVIDER,
    bids: [],
    accepted_bid: {
      id: IDS.bid,
      documentId: IDS.bid,
      bidId: IDS.bid,
      requestId: IDS.request,
      provider: PROVIDER,
      amount: 85,
      estimatedArrival: '15',
      notes: null,
      message: null,
      bidStatus: 'accepted',
      status: 'accepted',
      location: { lat: 37.7936, lng: -122.3958 },
      distance: 2,
      submittedAt: now,
      expiresAt: now,
      countdown: 10,
      createdAt: now,
      updatedAt: now,
    },
    rating: null,
    biddingWindowSeconds: 240,
    acceptedAt: now,
    cancelledAt: null,
    arrivedAt: null,
    completedAt: null,
    confirmedAt: null,
    createdAt: now,
    updatedAt: now,
    ...over,
  };
}

export function aRoute(etaMinutes: number): RouteView {
  return {
    from: { lat: 37.7936, lng: -122.3958 },
    to: { lat: 37.7749, lng: -122.4194 },
    distanceMiles: 2.1,
    durationSeconds: etaMinutes * 60,
    etaMinutes,
    geometry: { type: 'LineString', coordinates: [[-122.3958, 37.7936], [-122.41, 37.78], [-122.4194, 37.7749]] },
    source: 'osrm',
    cached: false,
    fallback: false,
  };
}

/** A fake socket that also acknowledges the job events (arrived, job_completed) the way the server does. */
export class AckingSocket extends FakeRealtimeSocket {
  refuse: string | null = null;
  /** The code of the refusal (the socket's ack carries a code and a message, never a reason). */
  refuseCode: SocketErrorCode = 'FORBIDDEN';
  override emit(event: EmitEventName, ...args: unknown[]): void {
    super.emit(event, ...args);
    const ack = args[1];
    if ((event === 'arrived' || event === 'job_completed') && typeof ack === 'function') {
      const answer: SocketAck = this.refuse ? { ok: false, error: { code: this.refuseCode, message: this.refuse } } : { ok: true };
      (ack as (a: SocketAck) => void)(answer);
    }
  }
  emits(event: EmitEventName): unknown[] {
    return this.emitted.filter((e) => e.event === event).map((e) => e.args[0]);
  }
}

/** The browser's Geolocation API, driven by the test. */
export class FakeGeolocation implements PositionSource {
  readonly options: PositionOptions[] = [];
  private readonly watchers = new Map<number, PositionCallback>();
  private next = 1;
  watchPosition(success: PositionCallback, _error?: PositionErrorCallback | null, options?: PositionOptions): number {
    const id = this.next++;
    this.watchers.set(id, success);
    if (options) this.options.push(options);
    return id;
  }
  clearWatch(id: number): void {
    this.watchers.delete(id);
  }
  get watching(): number {
    return this.watchers.size;
  }
  move(lat: number, lng: number): void {
    const position = { coords: { latitude: lat, longitude: lng, accuracy: 5 }, timestamp: Date.now() } as GeolocationPosition;
    for (const fn of [...this.watchers.values()]) fn(position);
  }
}

export function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

interface HarnessOptions {
  role: 'customer' | 'provider';
  path: string;
  element: ReactNode;
  routePath: string;
  api: Record<string, StubHandler | { status?: number; json?: unknown }>;
}

export function renderTracking({ role, path, element, routePath, api }: HarnessOptions) {
  const fetchStub = stubFetch(api);
  const store = makeStore();
  store.dispatch(tokenReceived(`${role}-token`));
  const user =
    role === 'customer'
      ? { id: IDS.customerUser, role: { name: 'customer', type: 'customer' }, customer: { documentId: IDS.customer, fullName: 'Casey Customer' }, business: null }
      : { id: IDS.providerUser, role: { name: 'provider', type: 'provider' }, customer: null, business: { documentId: IDS.provider, businessName: 'Rapid Roadside Tires' } };
  store.dispatch(userLoaded(user as unknown as UserView));
  const socket = new AckingSocket();
  const router = createMemoryRouter(
    [
      { path: routePath, element },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  const utils = render(
    <Provider store={store}>
      <ToastProvider>
        <RealtimeSocketFactoryContext.Provider value={() => socket}>
          <RouterProvider router={router} />
        </RealtimeSocketFactoryContext.Provider>
      </ToastProvider>
    </Provider>,
  );
  return { ...utils, socket, router, fetchStub, store };
}

export function jobOf(request: ServiceRequestView, over: Partial<JobView> = {}): JobView {
  return {
    id: request.documentId,
    documentId: request.documentId,
    requestId: request.documentId,
    status: 'En Route',
    providerId: IDS.provider,
    customerId: IDS.customer,
    paymentMethod: request.paymentMethod,
    amount: request.amount ?? request.budget,
    origin: request.accepted_bid?.location ?? null,
    destination: { lat: request.lat, lng: request.lng, address: request.address },
    latest: null,
    eta: null,
    acceptedAt: request.acceptedAt ?? request.createdAt,
    arrivedAt: null,
    completedAt: null,
    confirmedAt: null,
    cancelledAt: null,
    updatedAt: request.updatedAt,
    ...over,
  };
}

import type { NewRequestPayload } from '@tiredash/contracts';
import { bidStateOf, initialProviderRequestsState, providerRequestsReducer, type RequestOffer } from './provider-requests.reducer';

function offer(id: string, over: Partial<RequestOffer> = {}): RequestOffer {
  return {
    documentId: id,
    serviceType: 'Flat Tire Repair',
    tireSize: '225/65/R17',
    tireBrand: null,
    tireStatus: 'Bids Open',
    address: '1 Main St',
    lat: 1,
    lng: 2,
    budget: 80,
    priority: 'normal',
    scheduledTime: null,
    description: null,
    paymentMethod: 'cash',
    createdAt: `2030-01-01T10:0${id.length}:00.000Z`,
    customer: { fullName: 'Casey' },
    ...over,
  };
}

function socketOffer(id: string): NewRequestPayload {
  const o = offer(id);
  return {
    ...o,
    id,
    requestId: id,
    lat: 1,
    lng: 2,
    customer: { documentId: '00000000-0000-4000-8000-000000000009', fullName: 'Casey' },
    status: 'Bids Open',
    location: { address: o.address, lat: 1, lng: 2 },
    urgency: 'normal',
    notes: null,
    createdAt: '2030-01-01T11:00:00.000Z',
  };
}

const ids = (s: typeof initialProviderRequestsState) => s.items.map((i) => i.request.documentId);

describe('provider requests list', () => {
  it('adds a live request at the front, once', () => {
    let s = providerRequestsReducer(initialProviderRequestsState, { type: 'synced', requests: [offer('a')], requestedAt: 0, now: 0 });
    s = providerRequestsReducer(s, { type: 'offered', request: socketOffer('b'), now: 10 });
    s = providerRequestsReducer(s, { type: 'offered', request: socketOffer('b'), now: 11 });
    expect(ids(s)).toEqual(['b', 'a']);
  });

  it('drops a request from the list when the poll no longer shows it as Bids Open', () => {
    let s = providerRequestsReducer(initialProviderRequestsState, { type: 'synced', requests: [offer('a'), offer('bb')], requestedAt: 0, now: 0 });
    s = providerRequestsReducer(s, { type: 'synced', requests: [offer('a', { tireStatus: 'Accepted' }), offer('bb')], requestedAt: 100, now: 100 });
    expect(ids(s)).toEqual(['bb']);
    s = providerRequestsReducer(s, { type: 'synced', requests: [], requestedAt: 200, now: 200 });
    expect(ids(s)).toEqual([]);
  });

  it('removes a request on the socket event and forgets its bid state', () => {
    let s = providerRequestsReducer(initialProviderRequestsState, { type: 'synced', requests: [offer('a')], requestedAt: 0, now: 0 });
    s = providerRequestsReducer(s, { type: 'bidPlaced', requestId: 'a' });
    expect(bidStateOf(s, 'a')).toBe('pending');
    s = providerRequestsReducer(s, { type: 'removed', requestId: 'a' });
    expect(s.items).toEqual([]);
    expect(bidStateOf(s, 'a')).toBe('idle');
  });

  it('keeps a request that arrived after the poll was sent', () => {
    let s = providerRequestsReducer(initialProviderRequestsState, { type: 'offered', request: socketOffer('late'), now: 500 });
    s = providerRequestsReducer(s, { type: 'synced', requests: [], requestedAt: 400, now: 600 });
    expect(ids(s)).toEqual(['late']);
    s = providerRequestsReducer(s, { type: 'synced', requests: [], requestedAt: 700, now: 800 });
    expect(ids(s)).toEqual([]);
  });

  it('moves the bid state idle -> pending -> expired', () => {
    let s = providerRequestsReducer(initialProviderRequestsState, { type: 'synced', requests: [offer('a')], requestedAt: 0, now: 0 });
    expect(bidStateOf(s, 'a')).toBe('idle');
    s = providerRequestsReducer(s, { type: 'bidPlaced', requestId: 'a' });
    expect(bidStateOf(s, 'a')).toBe('pending');
    s = providerRequestsReducer(s, { type: 'bidExpired', requestId: 'a' });
    expect(bidStateOf(s, 'a')).toBe('expired');
  });

  it('ignores a live request that is no longer open', () => {
    const s = providerRequestsReducer(initialProviderRequestsState, {
      type: 'offered',
      request: { ...socketOffer('a'), tireStatus: 'Cancelled' },
      now: 0,
    });
    expect(s.items).toEqual([]);
  });
});

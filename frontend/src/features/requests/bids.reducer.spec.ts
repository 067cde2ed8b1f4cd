import type { BidView, NewBidPayload } from '@tiredash/contracts';
import { bidsReducer, initialBidsState, secondsLeft, visibleBids, type BidsState } from './bids.reducer';

const REQ = '00000000-0000-4000-8000-000000000001';

function bid(id: string, over: Partial<BidView> = {}): BidView {
  return {
    id,
    documentId: id,
    bidId: id,
    requestId: REQ,
    provider: { id: `p-${id}`, documentId: `p-${id}`, businessName: `Shop ${id}`, fullName: null, phone: null, rating: 4.5, totalJobs: 3, responseTime: '2 min' },
    amount: 90,
    estimatedArrival: '15',
    notes: null,
    message: null,
    bidStatus: 'pending',
    status: 'pending',
    location: null,
    distance: 3.2,
    submittedAt: '2030-01-01T10:00:00.000Z',
    expiresAt: '2030-01-01T10:04:00.000Z',
    countdown: 10,
    createdAt: '2030-01-01T10:00:00.000Z',
    updatedAt: '2030-01-01T10:00:00.000Z',
    ...over,
  };
}

function live(id: string, replacedBidId: string | null = null): NewBidPayload {
  const b = bid(id);
  return {
    bidId: id,
    documentId: id,
    id,
    requestId: REQ,
    providerId: b.provider.documentId,
    provider: { id: b.provider.documentId, documentId: b.provider.documentId, businessName: b.provider.businessName, fullName: null, rating: 4.5, totalJobs: 3, responseTime: '2 min' },
    amount: 70,
    estimatedArrival: '10',
    notes: null,
    message: null,
    bidStatus: 'pending',
    status: 'pending',
    location: null,
    distance: 1,
    submittedAt: '2030-01-01T10:01:00.000Z',
    expiresAt: '2030-01-01T10:05:00.000Z',
    countdown: 10,
    replacedBidId,
  };
}

const ids = (s: BidsState) => s.bids.map((b) => b.documentId);

describe('bids list', () => {
  it('puts bids arriving live at the front', () => {
    let s = bidsReducer(initialBidsState, { type: 'received', bid: live('a'), now: 1000 });
    s = bidsReducer(s, { type: 'received', bid: live('b'), now: 2000 });
    s = bidsReducer(s, { type: 'received', bid: live('c'), now: 3000 });
    expect(ids(s)).toEqual(['c', 'b', 'a']);
  });

  it('drops the bid a provider replaced and never shows a bid twice', () => {
    let s = bidsReducer(initialBidsState, { type: 'received', bid: live('a'), now: 0 });
    s = bidsReducer(s, { type: 'received', bid: live('b'), now: 0 });
    s = bidsReducer(s, { type: 'received', bid: live('a2', 'a'), now: 0 });
    s = bidsReducer(s, { type: 'received', bid: live('b'), now: 5 });
    expect(ids(s)).toEqual(['b', 'a2']);
  });

  it('adds the loaded pending bids after the live ones, newest first, without duplicates', () => {
    let s = bidsReducer(initialBidsState, { type: 'received', bid: live('x'), now: 0 });
    s = bidsReducer(s, {
      type: 'loaded',
      now: 0,
      bids: [
        bid('old', { submittedAt: '2030-01-01T09:00:00.000Z' }),
        bid('x'),
        bid('new', { submittedAt: '2030-01-01T09:30:00.000Z' }),
        bid('gone', { bidStatus: 'expired', status: 'expired' }),
      ],
    });
    expect(ids(s)).toEqual(['x', 'new', 'old']);
  });

  it('removes an expired bid', () => {
    let s = bidsReducer(initialBidsState, { type: 'received', bid: live('a'), now: 0 });
    s = bidsReducer(s, { type: 'removed', bidId: 'a' });
    expect(s.bids).toEqual([]);
  });

  it('counts 10 seconds down from when the bid was shown, then hides it', () => {
    const s = bidsReducer(initialBidsState, { type: 'received', bid: { ...live('a'), countdown: 0 }, now: 10_000 });
    expect(secondsLeft(s.bids[0], 10_000)).toBe(10);
    expect(secondsLeft(s.bids[0], 13_500)).toBe(7);
    expect(visibleBids(s, 19_999)).toHaveLength(1);
    expect(visibleBids(s, 20_000)).toHaveLength(0);
    // display only: the bid itself is still held
    expect(s.bids).toHaveLength(1);
  });
});

import type { BidView, NewBidPayload } from '@tiredash/contracts';
import { act, renderHook } from '@testing-library/react';
import { FakeRealtimeSocket } from '../../../shared/realtime/fake-realtime-socket';
import { useLiveBids } from './use-live-bids';

const REQ = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';

function newBid(id: string, requestId = REQ, replacedBidId: string | null = null): NewBidPayload {
  return {
    bidId: id,
    documentId: id,
    id,
    requestId,
    providerId: `p-${id}`,
    provider: { id: `p-${id}`, documentId: `p-${id}`, businessName: `Shop ${id}`, fullName: null, rating: null, totalJobs: 0, responseTime: null },
    amount: 50,
    estimatedArrival: '5',
    notes: null,
    message: null,
    bidStatus: 'pending',
    status: 'pending',
    location: null,
    distance: null,
    submittedAt: new Date().toISOString(),
    expiresAt: new Date(Date.now() + 240_000).toISOString(),
    countdown: 10,
    replacedBidId,
  };
}

describe('useLiveBids', () => {
  it('adds new_bid events of this request at the front, after loading the existing bids', () => {
    const socket = new FakeRealtimeSocket();
    const existing = [{ ...newBid('old'), bidStatus: 'pending' } as unknown as BidView];
    const { result } = renderHook(() => useLiveBids(socket, REQ, existing));
    expect(result.current.bids.map((b) => b.documentId)).toEqual(['old']);
    act(() => socket.deliver('new_bid', newBid('n1')));
    act(() => socket.deliver('new_bid', newBid('elsewhere', OTHER)));
    act(() => socket.deliver('new_bid', newBid('n2')));
    expect(result.current.bids.map((b) => b.documentId)).toEqual(['n2', 'n1', 'old']);
  });

  it('replaces a re-bid and drops an expired bid', () => {
    const socket = new FakeRealtimeSocket();
    const { result } = renderHook(() => useLiveBids(socket, REQ, undefined));
    act(() => socket.deliver('new_bid', newBid('a')));
    act(() => socket.deliver('new_bid', newBid('b')));
    act(() => socket.deliver('new_bid', newBid('a2', REQ, 'a')));
    expect(result.current.bids.map((b) => b.documentId)).toEqual(['a2', 'b']);
    act(() =>
      socket.deliver('bid_expired', { requestId: REQ, bidId: 'b', documentId: 'b', providerId: 'p-b', reason: 'expired', expiredAt: new Date().toISOString() }),
    );
    expect(result.current.bids.map((b) => b.documentId)).toEqual(['a2']);
  });
});

import { act, render, screen } from '@testing-library/react';
import type { DisplayBid } from '../bids.reducer';
import { BidsList } from './bids-list';

function displayBid(id: string, shownAt: number, over: Partial<DisplayBid> = {}): DisplayBid {
  return {
    documentId: id,
    requestId: 'r1',
    amount: 85,
    estimatedArrival: '12',
    countdown: 10,
    submittedAt: new Date(shownAt).toISOString(),
    distance: 2,
    provider: { documentId: `p-${id}`, businessName: `Shop ${id}`, fullName: null, rating: 4.6, totalJobs: 12, responseTime: '3 min' },
    shownAt,
    ...over,
  };
}

describe('BidsList', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2030-01-01T10:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('shows provider name, rating, totalJobs, responseTime, amount and ETA, newest first', () => {
    const now = Date.now();
    render(<BidsList bids={[displayBid('b', now), displayBid('a', now, { amount: 60 })]} accepting={null} onAccept={jest.fn()} />);
    const cards = screen.getAllByRole('listitem');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['Bid from Shop b', 'Bid from Shop a']);
    expect(cards[0]).toHaveTextContent('4.6 ★');
    expect(cards[0]).toHaveTextContent('12');
    expect(cards[0]).toHaveTextContent('3 min');
    expect(cards[0]).toHaveTextContent('$85.00');
    expect(cards[0]).toHaveTextContent('12 min');
    expect(cards[1]).toHaveTextContent('$60.00');
  });

  it('counts each bid down from 10 seconds and removes it from view at zero', () => {
    const start = Date.now();
    const { rerender } = render(<BidsList bids={[displayBid('a', start)]} accepting={null} />);
    expect(screen.getByLabelText('10 seconds left')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(4000));
    expect(screen.getByLabelText('6 seconds left')).toBeInTheDocument();
    // a second bid arrives 4 s later and keeps its own countdown
    rerender(<BidsList bids={[displayBid('b', Date.now()), displayBid('a', start)]} accepting={null} />);
    act(() => jest.advanceTimersByTime(6000));
    expect(screen.queryByRole('listitem', { name: 'Bid from Shop a' })).not.toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Bid from Shop b' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(4000));
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    expect(screen.getByText('Waiting for bids from nearby providers...')).toBeInTheDocument();
  });

  it('accepts one bid at a time', () => {
    const onAccept = jest.fn();
    const now = Date.now();
    render(<BidsList bids={[displayBid('a', now), displayBid('b', now)]} accepting="a" onAccept={onAccept} />);
    expect(screen.getByRole('button', { name: /Accept bid from Shop b/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Accept bid from Shop a/ })).toHaveAttribute('aria-busy', 'true');
  });
});

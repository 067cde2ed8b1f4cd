// Issue 14 item 3 (WCAG 4.1.3, status messages): the customer's bidding screen says each new bid in a polite live
// region that stays mounted, so screen readers hear it as it arrives.
import { act, render, screen } from '@testing-library/react';
import { setLanguage } from '../../../shared/i18n/i18n';
import type { DisplayBid } from '../bids.reducer';
import { BidAnnouncer } from './bids-list';

function displayBid(id: string, over: Partial<DisplayBid> = {}): DisplayBid {
  return {
    documentId: id,
    requestId: 'r1',
    amount: 85,
    estimatedArrival: '12',
    countdown: 10,
    submittedAt: new Date().toISOString(),
    distance: 2,
    provider: { documentId: `p-${id}`, businessName: `Shop ${id}`, fullName: null, rating: 4.6, totalJobs: 12, responseTime: '3 min' },
    shownAt: Date.now(),
    ...over,
  };
}

describe('BidAnnouncer', () => {
  it('is an empty polite status region until a bid arrives, then says who bid, how much and when they arrive', () => {
    const { rerender } = render(<BidAnnouncer bids={[]} />);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveTextContent(/^$/);

    rerender(<BidAnnouncer bids={[displayBid('a')]} />);
    expect(screen.getByRole('status')).toBe(region);
    expect(region).toHaveTextContent('New bid from Shop a: $85.00, arrives in 12 min');

    // The next one replaces the text (a change is what is announced); a bid already said is not said again.
    rerender(<BidAnnouncer bids={[displayBid('b', { amount: 70.5, estimatedArrival: '20' }), displayBid('a')]} />);
    expect(region).toHaveTextContent('New bid from Shop b: $70.50, arrives in 20 min');
    rerender(<BidAnnouncer bids={[displayBid('a')]} />);
    expect(region).toHaveTextContent('New bid from Shop b: $70.50, arrives in 20 min');
  });

  it('counts the bids that arrive together', () => {
    const { rerender } = render(<BidAnnouncer bids={[]} />);
    rerender(<BidAnnouncer bids={[displayBid('c'), displayBid('d'), displayBid('e')]} />);
    expect(screen.getByRole('status')).toHaveTextContent('3 new bids');
  });

  it('speaks the language shown', () => {
    act(() => setLanguage('es'));
    const { rerender } = render(<BidAnnouncer bids={[]} />);
    rerender(<BidAnnouncer bids={[displayBid('a', { provider: { documentId: 'p', businessName: '', fullName: 'Ana Ruiz', rating: null, totalJobs: 0, responseTime: null } })]} />);
    expect(screen.getByRole('status')).toHaveTextContent(/^Nueva oferta de Ana Ruiz: \S*85\S*, llega en 12 min$/);
  });
});

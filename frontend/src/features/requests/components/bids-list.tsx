import { formatMoney } from '../../../shared/format';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/status';
import { secondsLeft, type DisplayBid } from '../bids.reducer';
import { useNow } from '../hooks/use-now';

interface BidsListProps {
  bids: readonly DisplayBid[];
  /** The bid being accepted, if any (its button shows busy, the others are disabled). */
  accepting: string | null;
  onAccept?: (bid: DisplayBid) => void;
}

function rating(value: number | null): string {
  return value === null ? 'New provider' : `${value.toFixed(1)} ★`;
}

/**
 * Incoming bids, newest first, each with the 10-second display countdown; at zero it leaves the view
 * (display only: the server keeps the bid open for its bidding window).
 */
export function BidsList({ bids, accepting, onAccept }: BidsListProps) {
  const now = useNow(250, bids.length > 0);
  const shown = bids.filter((b) => secondsLeft(b, now) > 0);
  if (shown.length === 0) return <EmptyState>Waiting for bids from nearby providers...</EmptyState>;
  return (
    <ul className="bid-list" aria-label="Bids">
      {shown.map((bid) => {
        const left = secondsLeft(bid, now);
        const name = bid.provider.businessName || bid.provider.fullName || 'Provider';
        return (
          <li key={bid.documentId} className="bid-card" aria-label={`Bid from ${name}`}>
            <div className="bid-card__head">
              <p className="bid-card__provider">{name}</p>
              <span className="bid-card__countdown" aria-label={`${left} seconds left`}>
                {left}s
              </span>
            </div>
            <dl className="bid-card__facts">
              <div>
                <dt>Rating</dt>
                <dd>{rating(bid.provider.rating)}</dd>
              </div>
              <div>
                <dt>Jobs</dt>
                <dd>{bid.provider.totalJobs}</dd>
              </div>
              <div>
                <dt>Responds in</dt>
                <dd>{bid.provider.responseTime ?? '—'}</dd>
              </div>
              <div>
                <dt>Arrives in</dt>
                <dd>{bid.estimatedArrival} min</dd>
              </div>
            </dl>
            <div className="bid-card__foot">
              <p className="bid-card__amount">{formatMoney(bid.amount)}</p>
              {onAccept && (
                <Button
                  onClick={() => onAccept(bid)}
                  busy={accepting === bid.documentId}
                  disabled={accepting !== null && accepting !== bid.documentId}
                  aria-label={`Accept bid from ${name} for ${formatMoney(bid.amount)}`}
                >
                  {accepting === bid.documentId ? 'Accepting...' : 'Accept'}
                </Button>
              )}
            </div>
            <div className="bid-card__bar" aria-hidden="true">
              <span style={{ width: `${(left / bid.countdown) * 100}%` }} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

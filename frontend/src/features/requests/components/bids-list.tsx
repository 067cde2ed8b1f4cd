import { useEffect, useRef, useState } from 'react';
import { formatMoney } from '../../../shared/format';
import { useMessages } from '../../../shared/i18n/i18n';
import { bidsListMessages } from '../../../shared/i18n/locales/en/requests';
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

function rating(value: number | null, newProvider: string): string {
  return value === null ? newProvider : `${value.toFixed(1)} ★`;
}

/**
 * Incoming bids, newest first, each with the 10-second display countdown; at zero it leaves the view
 * (display only: the server keeps the bid open for its bidding window).
 */
export function BidsList({ bids, accepting, onAccept }: BidsListProps) {
  const t = useMessages(bidsListMessages);
  const now = useNow(250, bids.length > 0);
  const shown = bids.filter((b) => secondsLeft(b, now) > 0);
  if (shown.length === 0) return <EmptyState>{t.waiting}</EmptyState>;
  return (
    <ul className="bid-list" aria-label={t.listLabel}>
      {shown.map((bid) => {
        const left = secondsLeft(bid, now);
        const name = bid.provider.businessName || bid.provider.fullName || t.provider;
        return (
          <li key={bid.documentId} className="bid-card" aria-label={t.bidFrom({ name })}>
            <div className="bid-card__head">
              <p className="bid-card__provider">{name}</p>
              <span className="bid-card__countdown" aria-label={t.secondsLeft({ seconds: left })}>
                {left}s
              </span>
            </div>
            <dl className="bid-card__facts">
              <div>
                <dt>{t.rating}</dt>
                <dd>{rating(bid.provider.rating, t.newProvider)}</dd>
              </div>
              <div>
                <dt>{t.jobs}</dt>
                <dd>{bid.provider.totalJobs}</dd>
              </div>
              <div>
                <dt>{t.respondsIn}</dt>
                <dd>{bid.provider.responseTime ?? '—'}</dd>
              </div>
              <div>
                <dt>{t.arrivesIn}</dt>
                <dd>{t.minutes({ minutes: bid.estimatedArrival })}</dd>
              </div>
            </dl>
            <div className="bid-card__foot">
              <p className="bid-card__amount">{formatMoney(bid.amount)}</p>
              {onAccept && (
                <Button
                  onClick={() => onAccept(bid)}
                  busy={accepting === bid.documentId}
                  disabled={accepting !== null && accepting !== bid.documentId}
                  aria-label={t.acceptLabel({ name, amount: formatMoney(bid.amount) })}
                >
                  {accepting === bid.documentId ? t.accepting : t.accept}
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

/**
 * A polite live region saying each bid as it arrives (name, amount, ETA), or how many when several come at once,
 * so that screen-reader users hear new bids without leaving what they are doing. Mounted for as long as the
 * request takes bids (a region must exist before its text changes to be heard).
 */
export function BidAnnouncer({ bids }: { bids: readonly DisplayBid[] }) {
  const t = useMessages(bidsListMessages);
  const announced = useRef(new Set<string>());
  const [text, setText] = useState('');
  useEffect(() => {
    const fresh = bids.filter((b) => !announced.current.has(b.documentId));
    if (fresh.length === 0) return;
    for (const b of fresh) announced.current.add(b.documentId);
    if (fresh.length > 1) {
      setText(t.announceBids(fresh.length));
      return;
    }
    const bid = fresh[0];
    const name = bid.provider.businessName || bid.provider.fullName || t.provider;
    setText(t.announceBid({ name, amount: formatMoney(bid.amount), minutes: bid.estimatedArrival }));
  }, [bids, t]);
  return (
    <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {text}
    </p>
  );
}

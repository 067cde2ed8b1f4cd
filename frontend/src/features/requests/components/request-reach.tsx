import { formatDuration } from './request-reach.model';

interface RequestReachProps {
  /** How many providers the request was offered to (live). */
  providersAsked: number | null;
  /** When it expires unless a bid is accepted (ISO), and the current time. */
  expiresAt: string | null;
  now: number;
}

/** While bids are awaited: how many nearby providers were asked, or why nobody was, and how long it stays open. */
export function RequestReach({ providersAsked, expiresAt, now }: RequestReachProps) {
  const left = expiresAt ? Date.parse(expiresAt) - now : null;
  const open = left === null ? null : left > 0 ? `Open for another ${formatDuration(left)}.` : 'Closing now…';
  const asked = providersAsked ?? 0;
  return (
    <div className="request-reach" role="status" aria-live="polite">
      {asked > 0 ? (
        <p>
          <strong>
            Sent to {asked} nearby provider{asked === 1 ? '' : 's'}.
          </strong>{' '}
          Bids appear here as they come in.
        </p>
      ) : (
        <p>
          <strong>No provider nearby is online right now.</strong> Your request stays open: providers who come online near you will see it, and
          their bids will appear here.
        </p>
      )}
      {open && <p className="muted">{open}</p>}
    </div>
  );
}

import { useMessages } from '../../../shared/i18n/i18n';
import { reachMessages } from '../../../shared/i18n/locales/en/requests';
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
  const t = useMessages(reachMessages);
  const left = expiresAt ? Date.parse(expiresAt) - now : null;
  const open = left === null ? null : left > 0 ? t.openFor({ duration: formatDuration(left) }) : t.closing;
  const asked = providersAsked ?? 0;
  return (
    <div className="request-reach" role="status" aria-live="polite">
      {asked > 0 ? (
        <p>
          <strong>{t.sentTo(asked)}</strong> {t.bidsAppear}
        </p>
      ) : (
        <p>
          <strong>{t.nobodyOnline}</strong> {t.staysOpen}
        </p>
      )}
      {open && <p className="muted">{open}</p>}
    </div>
  );
}

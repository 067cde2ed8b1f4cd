import { useOnline } from './network-status';

export interface OutboxStatusProps {
  /** How many updates wait to be sent. */
  waiting: number;
  sending: boolean;
}

/** What the updates taken offline are doing: '2 updates waiting to be sent', then 'Sending...'; nothing when none wait. */
export function outboxStatusText(waiting: number, sending: boolean, online: boolean): string | null {
  if (waiting === 0) return null;
  const what = waiting === 1 ? '1 update waiting to be sent' : `${waiting} updates waiting to be sent`;
  if (!online) return `${what}. They will be sent when you are back online.`;
  return sending ? `${what}. Sending...` : `${what}. Retrying shortly...`;
}

/** A polite live region, so a screen reader hears when updates are queued and when they have gone. */
export function OutboxStatus({ waiting, sending }: OutboxStatusProps) {
  const online = useOnline();
  const text = outboxStatusText(waiting, sending, online);
  return (
    <p className="outbox-status" role="status" aria-live="polite">
      {text}
    </p>
  );
}

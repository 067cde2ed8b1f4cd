import { useMessages } from '../i18n/i18n';
import { offlineMessages } from '../i18n/locales/en/common';
import { useOnline } from './network-status';

export interface OutboxStatusProps {
  /** How many updates wait to be sent. */
  waiting: number;
  sending: boolean;
}

/**
 * What the updates taken offline are doing: '2 updates waiting to be sent. They will be sent when you are back
 * online.', then 'Sending...'; empty when none wait. A polite live region, so a screen reader hears when updates
 * are queued and when they have gone.
 */
export function OutboxStatus({ waiting, sending }: OutboxStatusProps) {
  const t = useMessages(offlineMessages);
  const online = useOnline();
  const text = waiting === 0 ? null : `${t.waiting(waiting)}. ${!online ? t.whenOnline : sending ? t.sending : t.retrying}`;
  return (
    <p className="outbox-status" role="status" aria-live="polite">
      {text}
    </p>
  );
}

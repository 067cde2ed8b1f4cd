import { useMessages } from '../i18n/i18n';
import { offlineMessages } from '../i18n/locales/en/common';
import { useOnline } from './network-status';
import './offline.css';

/** Shown while the browser is offline: what still works and what happens to what the user does. */
export function OfflineBanner() {
  const t = useMessages(offlineMessages);
  const online = useOnline();
  return (
    <div className="offline-banner" role="status" aria-live="polite" hidden={online}>
      {online ? null : t.banner}
    </div>
  );
}

import type { ProviderView } from '@tiredash/contracts';
import { useMessages } from '../../../shared/i18n/i18n';
import { providerPresenceMessages } from '../../../shared/i18n/locales/en/provider';
import { matchingNotice } from '../presence/presence.model';
import { useProviderPresence, type GeoSource } from '../presence/use-provider-presence';

export interface OnlineSwitchProps {
  provider: Pick<ProviderView, 'documentId' | 'online' | 'location' | 'serviceArea'>;
  /** Tests pass a fake Geolocation. */
  geolocation?: GeoSource | null;
  heartbeatMs?: number;
}

/** The provider dashboard's Online/Offline switch, with how the provider is matched and any location problem. */
export function OnlineSwitch({ provider, geolocation, heartbeatMs }: OnlineSwitchProps) {
  const t = useMessages(providerPresenceMessages);
  const presence = useProviderPresence(provider, geolocation, heartbeatMs);
  const { online, busy, locating } = presence;
  const hasBase = provider.serviceArea?.lat != null && provider.serviceArea?.lng != null;
  const notice = matchingNotice(online, provider.location != null, provider.serviceArea?.address ?? null, hasBase, t);
  const toggle = () => void (online ? presence.goOffline() : presence.goOnline());
  return (
    <section className={`card presence-panel${online ? ' presence-panel--online' : ''}`} aria-label={t.label}>
      <div className="presence-panel__row">
        <span id="presence-label" className="presence-panel__label">
          {t.available}
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={online}
          aria-labelledby="presence-label"
          aria-describedby="presence-status"
          className="presence-switch"
          disabled={busy}
          onClick={toggle}
        >
          <span className="presence-switch__track" aria-hidden="true">
            <span className="presence-switch__thumb" />
          </span>
          <span className="presence-switch__text">{locating ? t.locating : busy ? t.saving : online ? t.online : t.offline}</span>
        </button>
      </div>
      <p id="presence-status" className="muted" role="status" aria-live="polite">
        {notice}
      </p>
      {presence.error && (
        <p className="field__error presence-panel__error" role="alert">
          {presence.error}
        </p>
      )}
    </section>
  );
}

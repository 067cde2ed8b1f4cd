import type { ProviderView } from '@tiredash/contracts';
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
  const presence = useProviderPresence(provider, geolocation, heartbeatMs);
  const { online, busy, locating } = presence;
  const hasBase = provider.serviceArea?.lat != null && provider.serviceArea?.lng != null;
  const notice = matchingNotice(online, provider.location != null, provider.serviceArea?.address ?? null, hasBase);
  const toggle = () => void (online ? presence.goOffline() : presence.goOnline());
  return (
    <section className={`card presence-panel${online ? ' presence-panel--online' : ''}`} aria-label="Availability">
      <div className="presence-panel__row">
        <span id="presence-label" className="presence-panel__label">
          Available for new requests
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
          <span className="presence-switch__text">{locating ? 'Locating…' : busy ? 'Saving…' : online ? 'Online' : 'Offline'}</span>
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

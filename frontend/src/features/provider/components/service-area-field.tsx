import { useCallback, useState } from 'react';
import { useMessages } from '../../../shared/i18n/i18n';
import { providerAreaMessages } from '../../../shared/i18n/locales/en/provider';
import { Button } from '../../../shared/ui/button';
import { useLazyReverseGeocodeQuery, useLazySearchAddressQuery } from '../../requests/api';
import { AddressField } from '../../requests/components/address-field';
import { useDeviceLocation } from '../../requests/hooks/use-device-location';

/** The provider's service address and its coordinates (the base location matching uses without a live position). */
export interface ServiceAreaValue {
  address: string;
  lat: number | null;
  lng: number | null;
}

export const EMPTY_SERVICE_AREA: ServiceAreaValue = { address: '', lat: null, lng: null };

interface ServiceAreaFieldProps {
  value: ServiceAreaValue;
  onChange: (value: ServiceAreaValue) => void;
  error?: string;
  disabled?: boolean;
  label?: string;
}

/** The service address: suggestions as you type, or the device's position (reverse-geocoded when possible). */
export function ServiceAreaField({ value, onChange, error, disabled, label }: ServiceAreaFieldProps) {
  const t = useMessages(providerAreaMessages);
  const { locate, locating } = useDeviceLocation();
  const [reverse] = useLazyReverseGeocodeQuery();
  const [note, setNote] = useState<string | null>(null);

  const fillFromDeviceLocation = async () => {
    setNote(null);
    try {
      const pos = await locate();
      const coords = `${pos.lat.toFixed(5)}, ${pos.lng.toFixed(5)}`;
      onChange({ address: t.currentLocation({ coords }), lat: pos.lat, lng: pos.lng });
      setNote(t.usingCurrent({ coords }));
      const found = await reverse(pos, true)
        .unwrap()
        .catch(() => null);
      if (found) onChange({ address: found.display_name, lat: pos.lat, lng: pos.lng });
    } catch (err) {
      setNote(err instanceof Error ? err.message : t.locationFailed);
    }
  };

  return (
    <div className="service-area-field">
      <AddressField
        label={label ?? t.label}
        hint={t.hint}
        error={error}
        value={value.address}
        disabled={disabled}
        onType={(text) => {
          setNote(null);
          onChange({ address: text, lat: null, lng: null });
        }}
        onPick={(s) => {
          setNote(null);
          onChange({ address: s.display_name, lat: s.lat, lng: s.lon });
        }}
      />
      <Button variant="outline" onClick={() => void fillFromDeviceLocation()} busy={locating} disabled={disabled}>
        {locating ? t.locating : t.useCurrent}
      </Button>
      {note && (
        <p className="field__hint" role="status">
          {note}
        </p>
      )}
    </div>
  );
}

/** The outcome of geocoding a service address before it is saved. */
export type ResolvedServiceArea = { ok: true; area: { address: string; lat: number; lng: number } | null } | { ok: false; error: string };

/**
 * Before saving: an empty address is no address; an address with coordinates is kept; a typed address without
 * them is geocoded (the first match), or refused with a message when nothing matches.
 */
export function useResolveServiceArea(): (value: ServiceAreaValue) => Promise<ResolvedServiceArea> {
  const [search] = useLazySearchAddressQuery();
  return useCallback(
    async (value) => {
      const address = value.address.trim();
      if (address.length === 0) return { ok: true, area: null };
      if (value.lat !== null && value.lng !== null) return { ok: true, area: { address, lat: value.lat, lng: value.lng } };
      const found = await search(address, true)
        .unwrap()
        .catch(() => []);
      const first = found[0];
      return first ? { ok: true, area: { address, lat: first.lat, lng: first.lon } } : { ok: false, error: providerAreaMessages.get().notFound };
    },
    [search],
  );
}

import { useCallback, useState } from 'react';
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

export const SERVICE_AREA_MESSAGES = {
  notFound: 'We could not find this address. Pick one of the suggestions or use your current location.',
  hint: 'Requests near this address reach you while your live location is off.',
} as const;

interface ServiceAreaFieldProps {
  value: ServiceAreaValue;
  onChange: (value: ServiceAreaValue) => void;
  error?: string;
  disabled?: boolean;
  label?: string;
}

/** The service address: suggestions as you type, or the device's position (reverse-geocoded when possible). */
export function ServiceAreaField({ value, onChange, error, disabled, label = 'Service Address' }: ServiceAreaFieldProps) {
  const { locate, locating } = useDeviceLocation();
  const [reverse] = useLazyReverseGeocodeQuery();
  const [note, setNote] = useState<string | null>(null);

  const fillFromDeviceLocation = async () => {
    setNote(null);
    try {
      const pos = await locate();
      const fallback = `Current location (${pos.lat.toFixed(5)}, ${pos.lng.toFixed(5)})`;
      onChange({ address: fallback, lat: pos.lat, lng: pos.lng });
      setNote(`Using your current location (${pos.lat.toFixed(5)}, ${pos.lng.toFixed(5)}).`);
      const found = await reverse(pos, true)
        .unwrap()
        .catch(() => null);
      if (found) onChange({ address: found.display_name, lat: pos.lat, lng: pos.lng });
    } catch (err) {
      setNote(err instanceof Error ? err.message : 'Could not get your location.');
    }
  };

  return (
    <div className="service-area-field">
      <AddressField
        label={label}
        hint={SERVICE_AREA_MESSAGES.hint}
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
        {locating ? 'Locating...' : 'Use my current location'}
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
      return first ? { ok: true, area: { address, lat: first.lat, lng: first.lon } } : { ok: false, error: SERVICE_AREA_MESSAGES.notFound };
    },
    [search],
  );
}

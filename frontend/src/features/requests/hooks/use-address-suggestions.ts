import { LIMITS } from '@tiredash/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useLazySearchAddressQuery, type AddressSuggestion } from '../api';

/** Shortest text worth asking the geocoder about. */
export const MIN_ADDRESS_QUERY = 3;

/**
 * Address suggestions after a 500 ms pause in typing (spec section 9), from the geocoding proxy. When the
 * proxy does not answer (or answers nothing) the list stays empty: the typed address is kept as it is.
 */
export function useAddressSuggestions(query: string, active: boolean) {
  const [trigger] = useLazySearchAddressQuery();
  const [suggestions, setSuggestions] = useState<AddressSuggestion[]>([]);

  useEffect(() => {
    const q = query.trim();
    if (!active || q.length < MIN_ADDRESS_QUERY) {
      setSuggestions([]);
      return undefined;
    }
    let current = true;
    const timer = setTimeout(() => {
      trigger(q, true)
        .unwrap()
        .then((list) => current && setSuggestions(list))
        .catch(() => current && setSuggestions([]));
    }, LIMITS.addressSuggestDelayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query, active, trigger]);

  const clear = useCallback(() => setSuggestions([]), []);
  return { suggestions, clear };
}

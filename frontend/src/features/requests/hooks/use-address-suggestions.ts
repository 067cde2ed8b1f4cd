import { LIMITS } from '@tiredash/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useLazySearchAddressQuery, useLazySuggestAddressQuery, type AddressSuggestion } from '../api';

/** Shortest text worth asking the geocoder about. */
export const MIN_ADDRESS_QUERY = 3;

/**
 * Address suggestions after a 500 ms pause in typing (spec section 9), from the geocoding proxy. When the
 * proxy does not answer (or answers nothing) the list stays empty: the typed address is kept as it is.
 *
 * A geocoder whose policy forbids autocomplete (the public Nominatim) answers typing from its cache only and says
 * so (`autocomplete` false): `search()` then looks the typed text up explicitly, and its results stay listed
 * until the text changes.
 */
export function useAddressSuggestions(query: string, active: boolean) {
  const [suggest] = useLazySuggestAddressQuery();
  const [lookUp] = useLazySearchAddressQuery();
  const [typed, setTyped] = useState<AddressSuggestion[]>([]);
  const [autocomplete, setAutocomplete] = useState(true);
  const [found, setFound] = useState<{ q: string; list: AddressSuggestion[] } | null>(null);
  const [searching, setSearching] = useState(false);

  useEffect(() => {
    const q = query.trim();
    if (!active || q.length < MIN_ADDRESS_QUERY) {
      setTyped([]);
      return undefined;
    }
    let current = true;
    const timer = setTimeout(() => {
      suggest(q, true)
        .unwrap()
        .then((answer) => {
          if (!current) return;
          setTyped(answer.list);
          setAutocomplete(answer.autocomplete);
        })
        .catch(() => current && setTyped([]));
    }, LIMITS.addressSuggestDelayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query, active, suggest]);

  const search = useCallback(async () => {
    const q = query.trim();
    if (q.length < MIN_ADDRESS_QUERY) return;
    setSearching(true);
    try {
      setFound({ q, list: await lookUp(q, true).unwrap() });
    } catch {
      setFound({ q, list: [] });
    } finally {
      setSearching(false);
    }
  }, [query, lookUp]);

  const explicit = found && found.q === query.trim() ? found.list : null;
  const clear = useCallback(() => {
    setTyped([]);
    setFound(null);
  }, []);
  return {
    /** The explicit search's results for the current text, else the typing suggestions. */
    suggestions: explicit ?? typed,
    /** True when the current text was looked up explicitly (its results are shown even when not typing). */
    searched: explicit !== null,
    autocomplete,
    search,
    searching,
    clear,
  };
}

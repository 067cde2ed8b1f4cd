import { useId, useState, type KeyboardEvent } from 'react';
import { useMessages } from '../../../shared/i18n/i18n';
import { addressMessages } from '../../../shared/i18n/locales/en/requests';
import type { AddressSuggestion } from '../api';
import { MIN_ADDRESS_QUERY, useAddressSuggestions } from '../hooks/use-address-suggestions';

/** The field's notes, in the language shown when read. */
export const ADDRESS_FIELD_MESSAGES = {
  get searchHint(): string {
    return addressMessages.get().searchHint;
  },
  get noMatch(): string {
    return addressMessages.get().noMatch;
  },
};

interface AddressFieldProps {
  value: string;
  /** Typing: the text changed and any picked location is cleared. */
  onType: (text: string) => void;
  /** A suggestion was picked: address and coordinates. */
  onPick: (suggestion: AddressSuggestion) => void;
  disabled?: boolean;
  /** Label of the field (default 'Service Address'). */
  label?: string;
  hint?: string;
  error?: string;
}

/**
 * An address combobox: suggestions appear after a pause in typing; picking one sets address and coordinates.
 * When the geocoder serves no typing suggestions (the public Nominatim forbids autocomplete), a Search button
 * and Enter look the typed text up explicitly.
 */
export function AddressField({ value, onType, onPick, disabled, label, hint, error }: AddressFieldProps) {
  const t = useMessages(addressMessages);
  const id = useId();
  const listId = `${id}-list`;
  const [typing, setTyping] = useState(false);
  const [active, setActive] = useState(-1);
  const { suggestions, searched, autocomplete, search, searching, clear } = useAddressSuggestions(value, typing);
  const open = (typing || searched) && suggestions.length > 0;
  const canSearch = !disabled && !searching && value.trim().length >= MIN_ADDRESS_QUERY;

  const pick = (s: AddressSuggestion) => {
    setTyping(false);
    setActive(-1);
    clear();
    onPick(s);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!autocomplete && event.key === 'Enter' && !(open && active >= 0)) {
      // Enter looks the address up instead of submitting the form.
      event.preventDefault();
      if (canSearch) void search();
      return;
    }
    if (!open) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => (i + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      pick(suggestions[active]);
    } else if (event.key === 'Escape') {
      setTyping(false);
      clear();
    }
  };

  return (
    <div className="field address-field">
      <label htmlFor={id} className="field__label">
        {label ?? t.label}
      </label>
      <input
        id={id}
        className="field__input"
        type="text"
        autoComplete="street-address"
        placeholder={t.placeholder}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined}
        onChange={(e) => {
          setTyping(true);
          setActive(-1);
          onType(e.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setTyping(false), 150)}
      />
      {!autocomplete && (
        <button type="button" className="address-field__search" onClick={() => void search()} disabled={!canSearch}>
          {searching ? t.searching : t.search}
        </button>
      )}
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {!autocomplete && !searched && <p className="field__hint">{t.searchHint}</p>}
      {searched && suggestions.length === 0 && (
        <p className="field__hint" role="status">
          {t.noMatch}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
      {open && (
        <ul id={listId} role="listbox" className="address-field__list" aria-label={t.suggestions}>
          {suggestions.map((s, index) => (
            <li
              key={`${s.display_name}-${index}`}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={`address-field__option${index === active ? ' address-field__option--active' : ''}`}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(s);
              }}
            >
              {s.display_name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

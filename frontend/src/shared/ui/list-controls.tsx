import { useEffect, useId, useRef, useState } from 'react';
import { Button } from './button';
import { useMessages } from '../i18n/i18n';
import { pagerMessages } from '../i18n/locales/en/common';

/** Typing waits this long before the list is asked again. */
export const SEARCH_DEBOUNCE_MS = 300;

/** A labelled search box whose value is handed on once typing pauses (only when it changed). */
export function SearchBox({ label, onSearch, placeholder }: { label: string; onSearch: (text: string) => void; placeholder?: string }) {
  const id = useId();
  const [text, setText] = useState('');
  const sent = useRef('');
  useEffect(() => {
    const timer = setTimeout(() => {
      const next = text.trim();
      if (next === sent.current) return;
      sent.current = next;
      onSearch(next);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);
  return (
    <div className="field list-search">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input id={id} className="field__input" type="search" value={text} placeholder={placeholder} onChange={(e) => setText(e.target.value)} />
    </div>
  );
}

/** Previous / Next with 'Page X of Y'; nothing when everything fits on one page. */
export function Pager({ page, pageCount, total, busy, onPage, label }: { page: number; pageCount: number; total: number; busy?: boolean; onPage: (page: number) => void; label: string }) {
  const t = useMessages(pagerMessages);
  if (pageCount <= 1) return null;
  return (
    <nav className="pager row row--between" aria-label={label}>
      <Button variant="outline" size="sm" disabled={page <= 1 || busy} onClick={() => onPage(page - 1)}>
        {t.previous}
      </Button>
      <p className="muted" aria-live="polite">
        {t.pageOf({ page, pageCount, total })}
      </p>
      <Button variant="outline" size="sm" disabled={page >= pageCount || busy} onClick={() => onPage(page + 1)}>
        {t.next}
      </Button>
    </nav>
  );
}

import { useId, type ChangeEvent } from 'react';
import { isLanguage, setLanguage, useLanguage, useMessages, type Language } from './i18n';
import { languageMessages } from './locales/en/common';

/** Each language named in itself, so a reader finds theirs whatever the page is in. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

/** The header's language switch: a labelled native select (keyboard and screen reader ready); the choice persists. */
export function LanguageSwitch() {
  const t = useMessages(languageMessages);
  const current = useLanguage();
  const id = useId();
  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    if (isLanguage(event.target.value)) setLanguage(event.target.value);
  };
  return (
    <div className="language-switch">
      <label htmlFor={id} className="visually-hidden">
        {t.label}
      </label>
      <select id={id} className="language-switch__select" value={current} onChange={onChange}>
        {(Object.keys(LANGUAGE_NAMES) as Language[]).map((lang) => (
          <option key={lang} value={lang} lang={lang}>
            {LANGUAGE_NAMES[lang]}
          </option>
        ))}
      </select>
    </div>
  );
}

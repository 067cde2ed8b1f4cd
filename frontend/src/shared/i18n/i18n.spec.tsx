import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { formatDate, formatMoney, formatMonth } from '../format';
import {
  browserLanguage,
  formatLocale,
  language,
  LANGUAGE_STORAGE_KEY,
  setLanguage,
  syncDocumentLanguage,
  useMessages,
} from './i18n';
import { LanguageSwitch } from './language-switch';
import { languageMessages } from './locales/en/common';
import { Trans } from './trans';

describe('language', () => {
  it("defaults to the browser's language: Spanish for any es tag, English otherwise", () => {
    expect(browserLanguage(['es-ES', 'en'])).toBe('es');
    expect(browserLanguage(['es'])).toBe('es');
    expect(browserLanguage(['en-US', 'es'])).toBe('en');
    expect(browserLanguage(['fr-FR'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
    expect(language.get()).toBe('en'); // jsdom: en-US
  });

  it('persists the chosen language', () => {
    setLanguage('es');
    expect(language.get()).toBe('es');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');
  });

  it("formats money and dates with Intl: the browser's regional tag in the UI language, else the US one", () => {
    expect(formatLocale('es', ['es-MX', 'en'])).toBe('es-MX');
    expect(formatLocale('es', ['en-US'])).toBe('es-US');
    expect(formatLocale('en', ['en-GB'])).toBe('en-GB');
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatDate('2024-11-22T12:00:00Z')).toBe('Nov 22, 2024');
    expect(formatMonth('2024-03')).toBe('March 2024');
    expect(formatMonth('soon')).toBe('soon');
    setLanguage('es');
    expect(formatDate('2024-11-22T12:00:00Z')).toBe('22 nov 2024');
    expect(formatMonth('2024-01')).toBe('enero de 2024');
    expect(formatMoney(1234.5, 'es-ES')).toMatch(/^1234,50\sUS\$$/);
  });

  it('keeps <html lang> on the UI language', () => {
    const stop = syncDocumentLanguage();
    expect(document.documentElement.lang).toBe('en');
    act(() => setLanguage('es'));
    expect(document.documentElement.lang).toBe('es');
    stop();
  });
});

function Label() {
  const t = useMessages(languageMessages);
  return <p>{t.label}</p>;
}

describe('useMessages and the switch', () => {
  it('shows English, Spanish after the switch (remembered), and English again', async () => {
    render(
      <Suspense fallback={<p>loading</p>}>
        <Label />
        <LanguageSwitch />
      </Suspense>,
    );
    expect(screen.getByText('Language', { selector: 'p' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'es');
    expect(await screen.findByText('Idioma', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');
    expect(languageMessages.get().label).toBe('Idioma'); // outside components too
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Idioma' }), 'en');
    expect(await screen.findByText('Language', { selector: 'p' })).toBeInTheDocument();
  });
});

describe('Trans', () => {
  it('renders the tagged words inside the given elements', () => {
    render(
      <p data-testid="p">
        <Trans text="Call <1>911</1> or <mail>write</mail>." components={{ 1: <a href="tel:911" />, mail: <a href="mailto:x@y" /> }} />
      </p>,
    );
    expect(screen.getByTestId('p')).toHaveTextContent('Call 911 or write.');
    expect(screen.getByRole('link', { name: '911' })).toHaveAttribute('href', 'tel:911');
    expect(screen.getByRole('link', { name: 'write' })).toHaveAttribute('href', 'mailto:x@y');
  });
});

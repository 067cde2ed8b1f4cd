import { formatLocale } from './i18n/i18n';

// The one place money and dates are formatted (issue 14 item 4): Intl for the UI language's locale
// (i18n/i18n.ts formatLocale: en-US, es-US, or the browser's own regional tag). Amounts stay in US dollars.

const CURRENCY = 'USD';
const moneyFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const monthFormats = new Map<string, Intl.DateTimeFormat>();

function moneyFormat(locale: string): Intl.NumberFormat {
  let f = moneyFormats.get(locale);
  if (!f) moneyFormats.set(locale, (f = new Intl.NumberFormat(locale, { style: 'currency', currency: CURRENCY })));
  return f;
}

function dateFormat(locale: string): Intl.DateTimeFormat {
  let f = dateFormats.get(locale);
  if (!f) dateFormats.set(locale, (f = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' })));
  return f;
}

/** Dollars in the UI's locale: '$1,234.50' in English (en-US), '$1,234.50' / '1234,50 US$' in Spanish (es-US / es-ES). */
export function formatMoney(dollars: number, locale: string = formatLocale()): string {
  return moneyFormat(locale).format(dollars);
}

/** An ISO timestamp as a medium date in the UI's locale ('Nov 22, 2024', '22 nov 2024'); unparsable: returned unchanged. */
export function formatDate(iso: string, locale: string = formatLocale()): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateFormat(locale).format(d);
}

/** A month of a year, 'YYYY-MM', as its name and year in the UI's locale ('March 2024', 'marzo de 2024'); unparsable: returned unchanged. */
export function formatMonth(yearMonth: string, locale: string = formatLocale()): string {
  const match = /^(\d{4})-(\d{2})$/.exec(yearMonth);
  if (!match) return yearMonth;
  let f = monthFormats.get(locale);
  if (!f) monthFormats.set(locale, (f = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' })));
  return f.format(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
}

/** A number in the UI's locale (1,234.5 / 1234,5). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions, locale: string = formatLocale()): string {
  return new Intl.NumberFormat(locale, options).format(value);
}

/** An ISO timestamp as a medium date and short time ('Nov 22, 2024, 3:05 PM'); unparsable: returned unchanged. */
export function formatDateTime(iso: string, locale: string = formatLocale()): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

/** An ISO timestamp as a time of day ('3:05:12 PM', '15:05:12'); unparsable: returned unchanged. */
export function formatTime(iso: string, locale: string = formatLocale()): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleTimeString(locale);
}

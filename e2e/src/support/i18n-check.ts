// The check of the Spanish browser tests (issue 14 item 4): which English UI texts of the SPA's catalogue a page
// shows. Used by i18n.e2e-spec.ts and i18n-tracking.e2e-spec.ts.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { baseUrl } from './stack-env';

const LOCALES = path.join(__dirname, '..', '..', '..', 'frontend', 'src', 'shared', 'i18n', 'locales');

/** Where the SPA keeps the language chosen with the switch (frontend/src/shared/i18n/i18n.ts LANGUAGE_STORAGE_KEY). */
export const LANGUAGE_STORAGE_KEY = 'tiredash.language';

export function stringsOfJson(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOfJson);
  return [];
}

/** The string literals of the English catalogue modules (locales/en/*.ts): the English UI texts. */
function englishTexts(): string[] {
  const out = new Set<string>();
  for (const file of fs.readdirSync(path.join(LOCALES, 'en')).filter((f) => f.endsWith('.ts'))) {
    const source = fs
      .readFileSync(path.join(LOCALES, 'en', file), 'utf8')
      .replace(/^import .*$/gm, '')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    for (const m of source.matchAll(/'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"/g)) {
      out.add((m[1] ?? m[2] ?? '').replace(/\\(.)/g, '$1'));
    }
  }
  return [...out];
}

export interface EnglishMatcher {
  /** The catalogue's English text. */
  text: string;
  /** A whole UI text that is this message (placeholders match anything; a tag's inner text stands alone too). */
  pattern: RegExp;
}

/**
 * Every English text of the catalogue that Spanish does not also use (so 'Error' or 'Normal' never count), as a
 * pattern over a whole UI text (placeholders match anything).
 */
export function englishOnlyMatchers(): EnglishMatcher[] {
  const spanish = new Set(
    fs
      .readdirSync(path.join(LOCALES, 'es'))
      .filter((f) => f.endsWith('.json'))
      .flatMap((f) => stringsOfJson(JSON.parse(fs.readFileSync(path.join(LOCALES, 'es', f), 'utf8')))),
  );
  const escape = (s: string) => s.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
  return englishTexts()
    .filter((text) => /[A-Za-z]{2}/.test(text) && !spanish.has(text) && !/^\w+\/[\w/]+$/.test(text))
    .map((text) => ({ text, pattern: new RegExp(`^${text.split(/\{\w+\}|<\/?\w+>/).map(escape).join('.*')}$`, 's') }));
}

/** What a person sees or hears: visible text nodes, labels, titles, placeholders, alt texts, the tab's title. */
export async function uiTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const visible = (el: Element | null): boolean =>
      !!el && (el as HTMLElement).checkVisibility?.({ visibilityProperty: true }) !== false;
    const out: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      // <option>s are not "visible" boxes but are read out and listed: they count.
      if (text && (visible(node.parentElement) || node.parentElement?.tagName === 'OPTION')) out.push(text);
    }
    for (const el of Array.from(document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]'))) {
      for (const attr of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = el.getAttribute(attr)?.trim();
        if (value) out.push(value);
      }
    }
    const description = document.querySelector('meta[name="description"]')?.getAttribute('content');
    if (description) out.push(description);
    return out;
  });
}

/**
 * What the admin wrote in the CMS for the landing page (hero, service cards...): data shown as stored, in the language
 * it was written in, not UI text. Other browser tests of the run edit it (admin-content adds an English card), so it
 * is read from the API at the time of the check.
 */
export async function cmsTexts(): Promise<Set<string>> {
  const res = await fetch(`${baseUrl()}/api/home?populate=*`);
  if (!res.ok) throw new Error(`GET /api/home -> ${res.status}`);
  return new Set(stringsOfJson(await res.json()).map((s) => s.replace(/\s+/g, ' ').trim()));
}

/** The English UI texts the page shows, each with the catalogue message it is; `data` (shown as stored) is left out. */
export async function englishOn(page: Page, matchers: EnglishMatcher[], data: ReadonlySet<string> = new Set()): Promise<string[]> {
  const found = new Set<string>();
  for (const text of await uiTexts(page)) {
    if (data.has(text)) continue;
    const hit = matchers.find((m) => m.pattern.test(text));
    if (hit) found.add(`"${text}" (${hit.text})`);
  }
  return [...found];
}

import {
  count,
  createI18n,
  params,
  translationsLoading,
  type ComponentsJSON,
  type I18n,
  type Messages,
  type Translations,
} from '@nanostores/i18n';
import { useStore } from '@nanostores/react';
import { atom, computed, type ReadableAtom } from 'nanostores';
import { use } from 'react';

// The SPA's message catalogue (issue 14 item 4), on @nanostores/i18n (2 kB gzipped; i18next + react-i18next would
// add 19 kB to the landing page, over its 150 kB budget). English is the base language: its messages are the typed
// definitions in locales/en/<namespace>.ts (the spec's English texts, exactly), bundled with the code that uses
// them, so a key the code uses and English lacks is a type error. Every other language is one JSON file per
// namespace, locales/<language>/<namespace>.json, fetched the first time a screen of that namespace is shown in
// that language (a chunk of its own: the landing page carries only what it needs). See README.md beside this file.

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
/** The language of the spec's texts; a message missing in another language falls back to it. */
export const BASE_LANGUAGE: Language = 'en';

/** One namespace per feature folder (app/ and shared/ share 'common'). */
export const NAMESPACES = [
  'common',
  'auth',
  'content',
  'customer',
  'requests',
  'ratings',
  'admin',
  'provider',
  'payments',
  'tracking',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Where the chosen language is kept (absent: follow the browser). */
export const LANGUAGE_STORAGE_KEY = 'tiredash.language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The browser's language as ours: Spanish for any es* tag, English otherwise. */
export function browserLanguage(tags: readonly string[] | undefined): Language {
  const first = tags?.[0]?.toLowerCase() ?? '';
  return first === 'es' || first.startsWith('es-') ? 'es' : 'en';
}

function navigatorTags(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

function readStoredLanguage(): Language | undefined {
  try {
    const stored = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : undefined;
  } catch {
    return undefined; // storage disabled: the browser's language it is
  }
}

/** The language the user chose with the switch, persisted; undefined until they choose. */
export const chosenLanguage = atom<Language | undefined>(readStoredLanguage());

/** The language the UI is shown in: the one chosen, else the browser's. */
export const language: ReadableAtom<Language> = computed(
  chosenLanguage,
  (chosen): Language => chosen ?? browserLanguage(navigatorTags()),
);

/** Switches the UI language and remembers it (localStorage) for the next visits. */
export function setLanguage(next: Language): void {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, next);
  } catch {
    // storage disabled: the choice lasts for this page
  }
  chosenLanguage.set(next);
}

/** Forgets the chosen language (tests; the browser's language applies again). */
export function resetLanguage(): void {
  try {
    globalThis.localStorage?.removeItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // nothing stored
  }
  chosenLanguage.set(undefined);
}

/**
 * The BCP 47 locale Intl formats money and dates with: the browser's own tag when it is in the UI language (es-MX,
 * en-GB...), else the language's default region (the product operates in the US: en-US, es-US).
 */
export function formatLocale(lang: Language = language.get(), tags: readonly string[] = navigatorTags()): string {
  const regional = tags.find((tag) => tag.toLowerCase().startsWith(`${lang}-`));
  return regional ?? `${lang}-US`;
}

type Catalogue = Record<string, unknown>;

/** The translation files, one chunk each (Vite turns this template into one lazy import per matching file). */
function importCatalogue(lang: Language, ns: Namespace): Promise<{ default: Catalogue }> {
  return import(`./locales/${lang}/${ns}.json`) as Promise<{ default: Catalogue }>;
}

const loads = new Map<string, Promise<void>>();

/** Loads one namespace of one language into the cache (once; a failed load is retried on the next call). */
export function loadNamespace(lang: Language, ns: Namespace): Promise<void> {
  if (lang === BASE_LANGUAGE) return Promise.resolve();
  const id = `${lang}:${ns}`;
  let pending = loads.get(id);
  if (!pending) {
    pending = importCatalogue(lang, ns).then(
      ({ default: groups }) => addTranslation(lang, ns, groups),
      (error: unknown) => {
        loads.delete(id);
        throw error;
      },
    );
    loads.set(id, pending);
  }
  return pending;
}

/** Puts a namespace's translation (its JSON: group -> key -> text) in the library's cache. */
export function addTranslation(lang: Language, ns: Namespace, groups: Catalogue): void {
  const cache = i18n.cache as unknown as Record<string, ComponentsJSON | undefined>;
  const into = (cache[lang] ??= {});
  for (const [group, messages] of Object.entries(groups)) into[`${ns}/${group}`] = messages as ComponentsJSON[string];
}

function namespaceOf(component: string): Namespace {
  return component.split('/')[0] as Namespace;
}

export const i18n: I18n<Language> = createI18n(language, {
  baseLocale: BASE_LANGUAGE,
  async get(code, components): Promise<ComponentsJSON> {
    const lang = isLanguage(code) ? code : BASE_LANGUAGE;
    await Promise.all([...new Set(components.map(namespaceOf))].map((ns) => loadNamespace(lang, ns)));
    const cached = (i18n.cache as unknown as Record<string, ComponentsJSON | undefined>)[lang] ?? {};
    return Object.fromEntries(components.map((c) => [c, cached[c] ?? {}]));
  },
});

const groupNames = new WeakMap<object, string>();

/**
 * Defines a group of messages, `<namespace>/<group>`, with its English texts (the base language): plain strings,
 * `params<{name: string}>('Hi {name}')` and `count({one: '{count} bid', other: '{count} bids'})`. Its
 * translations are the `<group>` object of locales/<language>/<namespace>.json. Call it at module level only.
 * (Pure for the bundler: a group no code uses is left out of the bundle.)
 */
/* @__NO_SIDE_EFFECTS__ */
export function defineMessages<Body extends Translations>(name: `${Namespace}/${string}`, english: Body): Messages<Body> {
  const messages = i18n(name, english);
  groupNames.set(messages, name);
  // Kept mounted for the page's life: the library then fetches the group's translation as soon as the code that
  // uses it is loaded (beside the page's chunk), and updates it in place when the language changes, so `.get()`
  // outside components is always in the language shown.
  messages.listen(() => undefined);
  return messages;
}

function isTranslated(lang: Language, name: string): boolean {
  return lang === BASE_LANGUAGE || Boolean((i18n.cache as unknown as Record<string, ComponentsJSON | undefined>)[lang]?.[name]);
}

const ready = new Map<string, Promise<void>>();

/** The namespace is in the cache and the library has applied it to the message groups (for Suspense). */
function whenTranslated(lang: Language, ns: Namespace): Promise<void> {
  const id = `${lang}:${ns}`;
  let pending = ready.get(id);
  if (!pending) {
    pending = loadNamespace(lang, ns).then(
      () => translationsLoading(i18n),
      (error: unknown) => {
        ready.delete(id);
        throw error;
      },
    );
    ready.set(id, pending);
  }
  return pending;
}

/**
 * The messages of a group in the language shown, for a component (re-renders when the language changes). Suspends
 * (the nearest Suspense shows its fallback) while the group's translation is being fetched, so a screen never
 * shows a mix of languages.
 */
export function useMessages<Body extends Translations>(messages: Messages<Body>): Body {
  const lang = useStore(language);
  const t = useStore(messages);
  const name = groupNames.get(messages);
  if (name && !isTranslated(lang, name)) use(whenTranslated(lang, namespaceOf(name)));
  return t;
}

/** The current UI language, for a component (re-renders when it changes). */
export function useLanguage(): Language {
  return useStore(language);
}

/** Loads namespaces in the current language before the first render (main.tsx: the landing page's). */
export async function preloadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  const lang = language.get();
  await Promise.all(namespaces.map((ns) => whenTranslated(lang, ns)));
}

/** Keeps <html lang> on the UI language (screen readers, hyphenation, the browser's translate offer). */
export function syncDocumentLanguage(doc: Document = document): () => void {
  return language.subscribe((lang) => {
    doc.documentElement.lang = lang;
  });
}

export { count, params };
export type { Messages, Translations };

/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { compareCatalogues, markersOf, type CatalogueGroups } from './catalogue';
import { BASE_LANGUAGE, i18n, LANGUAGES, NAMESPACES } from './i18n';

// The i18n completeness test (issue 14 item 4): every message of every namespace exists in every language, with
// the same placeholders, tags and complete plurals. A key used in code but absent from the English definitions is a
// type error (message groups are typed objects: `t.missingKey` does not compile; `npx tsc -p frontend`).

const LOCALES = join(__dirname, 'locales');
const SOURCE = join(__dirname, '..', '..');

const files = (dir: string, ext: string): string[] =>
  readdirSync(dir)
    .filter((f) => f.endsWith(ext) && !f.includes('.spec.'))
    .map((f) => f.slice(0, -ext.length))
    .sort();

const englishNamespaces = files(join(LOCALES, BASE_LANGUAGE), '.ts');
const translations = LANGUAGES.filter((l) => l !== BASE_LANGUAGE);

// Loading the English modules registers their groups in the library's base cache.
for (const ns of englishNamespaces) require(join(LOCALES, BASE_LANGUAGE, `${ns}.ts`));

function englishGroups(ns: string): CatalogueGroups {
  const base = i18n.cache[BASE_LANGUAGE] as unknown as CatalogueGroups;
  return Object.fromEntries(Object.entries(base).filter(([name]) => name.startsWith(`${ns}/`)));
}

function translatedGroups(lang: string, ns: string): CatalogueGroups {
  const json = JSON.parse(readFileSync(join(LOCALES, lang, `${ns}.json`), 'utf8')) as CatalogueGroups;
  return Object.fromEntries(Object.entries(json).map(([group, messages]) => [`${ns}/${group}`, messages]));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return full === LOCALES ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('message catalogue', () => {
  it('has an English module and a translation file per namespace in every language, each a declared namespace', () => {
    expect(englishNamespaces.filter((ns) => !(NAMESPACES as readonly string[]).includes(ns))).toEqual([]);
    for (const lang of translations) expect(files(join(LOCALES, lang), '.json')).toEqual(englishNamespaces);
  });

  it.each(englishNamespaces)('defines only its own groups, once each, in locales/en/%s.ts', (ns) => {
    const text = readFileSync(join(LOCALES, BASE_LANGUAGE, `${ns}.ts`), 'utf8');
    const names = [...text.matchAll(/defineMessages\(\s*'([^']+)'/g)].map((m) => m[1] ?? '');
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name) => !name.startsWith(`${ns}/`))).toEqual([]);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it.each(translations.flatMap((lang) => englishNamespaces.map((ns) => [lang, ns])))(
    'translates every message of %s/%s.json with the same placeholders, tags and plural forms',
    (lang, ns) => {
      expect(compareCatalogues(englishGroups(ns), BASE_LANGUAGE, translatedGroups(lang, ns), lang)).toEqual([]);
    },
  );

  it('defines messages only in locales/en (a group defined elsewhere would escape this test)', () => {
    const offenders = sourceFiles(SOURCE).filter(
      (file) => !file.startsWith(__dirname) && /\bdefineMessages\(\s*'/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders.map((f) => relative(SOURCE, f))).toEqual([]);
  });
});

describe('compareCatalogues', () => {
  const en = {
    'auth/login': { title: 'Sign In', greeting: 'Hi {name}, <1>help</1>', bids: { one: '{count} bid', other: '{count} bids' } },
  };
  const es = {
    'auth/login': {
      title: 'Iniciar sesión',
      greeting: 'Hola {name}, <1>ayuda</1>',
      bids: { one: '{count} oferta', many: '{count} de ofertas', other: '{count} ofertas' },
    },
  };

  it('accepts a complete translation', () => {
    expect(compareCatalogues(en, 'en', es, 'es')).toEqual([]);
  });

  it('fails on a key or group missing in the translation, or in English', () => {
    const { title: _title, ...withoutTitle } = es['auth/login'];
    expect(compareCatalogues(en, 'en', { 'auth/login': withoutTitle }, 'es')).toEqual(['auth/login.title: missing in es']);
    const { title: _english, ...englishWithoutTitle } = en['auth/login'];
    expect(compareCatalogues({ 'auth/login': englishWithoutTitle }, 'en', es, 'es')).toEqual([
      'auth/login.title: in es but not in en',
    ]);
    expect(compareCatalogues(en, 'en', {}, 'es')).toEqual(['auth/login: group missing in es']);
  });

  it('fails on different placeholders or tags, a plural missing a form or with a foreign one, an empty text', () => {
    const broken = { 'auth/login': { title: ' ', greeting: 'Hola {nombre}, ayuda', bids: { few: 'x', other: '{count} ofertas' } } };
    expect(compareCatalogues(en, 'en', broken, 'es')).toEqual([
      'auth/login.title: empty text in es',
      'auth/login.greeting: <1> {name} in en but {nombre} in es',
      "auth/login.bids: plural without the 'one' form in es",
      "auth/login.bids: 'few' is not a plural form of es (many, one, other)",
    ]);
  });

  it('reads placeholders and tags', () => {
    expect(markersOf('{count} bids for {name}, <1>{count}</1>')).toEqual(['<1>', '{count}', '{name}']);
  });
});

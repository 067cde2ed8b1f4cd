/// <reference types="node" />
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { addTranslation, BASE_LANGUAGE, LANGUAGES, type Namespace } from '../shared/i18n/i18n';

// Every translation file in the cache before the tests render (the browser fetches them lazily), so a test that
// switches to Spanish renders it in one pass. The language is English (jsdom: en-US) unless a test switches.
const locales = join(__dirname, '..', 'shared', 'i18n', 'locales');
for (const lang of LANGUAGES.filter((l) => l !== BASE_LANGUAGE)) {
  for (const file of readdirSync(join(locales, lang)).filter((f) => f.endsWith('.json'))) {
    addTranslation(lang, file.slice(0, -'.json'.length) as Namespace, require(join(locales, lang, file)) as Record<string, unknown>);
  }
}

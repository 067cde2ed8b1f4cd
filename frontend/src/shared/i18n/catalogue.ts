// The completeness rules of the message catalogue (issue 14 item 4) as pure functions over the catalogues:
// catalogue.spec.ts applies them to locales/en (the typed English definitions) and every other language's JSON.

/** A message: a text, or a plural (one text per Intl.PluralRules category: {one, other, ...}). */
export type CatalogueMessage = string | Record<string, string>;
/** group ('<namespace>/<group>') -> key -> message. */
export type CatalogueGroups = Record<string, Record<string, unknown>>;

const PLACEHOLDER = /\{(\w+)\}/g;
const TAG = /<\/?(\w+)>/g;

/** The `{name}` placeholders (params, the plural's {count}) and `<1>`/`<link>` tags (Trans) of a text, sorted. */
export function markersOf(text: string): string[] {
  const placeholders = [...text.matchAll(PLACEHOLDER)].map((m) => `{${m[1]}}`);
  const tags = [...text.matchAll(TAG)].map((m) => `<${m[1]}>`);
  return [...new Set([...placeholders, ...tags])].sort();
}

function markersOfMessage(message: CatalogueMessage): string[] {
  const texts = typeof message === 'string' ? [message] : Object.values(message);
  return [...new Set(texts.flatMap(markersOf))].sort();
}

function isPlural(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}

/** What a language's plural must hold: 'one' and 'other', and only the categories the language has. */
function pluralProblems(where: string, lang: string, message: Record<string, string>): string[] {
  const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories as string[];
  const problems: string[] = [];
  for (const required of ['one', 'other']) {
    if (!(required in message)) problems.push(`${where}: plural without the '${required}' form in ${lang}`);
  }
  for (const form of Object.keys(message)) {
    if (!categories.includes(form)) {
      problems.push(`${where}: '${form}' is not a plural form of ${lang} (${categories.join(', ')})`);
    }
  }
  return problems;
}

function messageProblems(where: string, lang: string, message: unknown): string[] {
  if (typeof message === 'string') return message.trim() ? [] : [`${where}: empty text in ${lang}`];
  if (isPlural(message)) {
    const empty = Object.entries(message)
      .filter(([, text]) => !text.trim())
      .map(([form]) => `${where}.${form}: empty text in ${lang}`);
    return [...empty, ...pluralProblems(where, lang, message)];
  }
  return [`${where}: neither a text nor a plural in ${lang}`];
}

/**
 * Everything wrong with one translation against the base (English): groups and keys missing or left over, a text
 * where the base has a plural (or the reverse), different placeholders or tags, incomplete plurals, empty texts.
 */
export function compareCatalogues(base: CatalogueGroups, baseLang: string, other: CatalogueGroups, lang: string): string[] {
  const problems: string[] = [];
  for (const [group, messages] of Object.entries(base)) {
    const translated = other[group];
    if (!translated) {
      problems.push(`${group}: group missing in ${lang}`);
      continue;
    }
    for (const [key, message] of Object.entries(messages)) {
      const where = `${group}.${key}`;
      problems.push(...messageProblems(where, baseLang, message));
      if (!(key in translated)) {
        problems.push(`${where}: missing in ${lang}`);
        continue;
      }
      const translation = translated[key];
      problems.push(...messageProblems(where, lang, translation));
      if (typeof message !== typeof translation) {
        problems.push(`${where}: ${typeof message === 'string' ? 'a text' : 'a plural'} in ${baseLang} but not in ${lang}`);
        continue;
      }
      const want = markersOfMessage(message as CatalogueMessage);
      const got = markersOfMessage(translation as CatalogueMessage);
      if (want.join() !== got.join()) {
        problems.push(`${where}: ${want.join(' ') || 'no placeholders'} in ${baseLang} but ${got.join(' ') || 'none'} in ${lang}`);
      }
    }
    for (const key of Object.keys(translated)) {
      if (!(key in messages)) problems.push(`${group}.${key}: in ${lang} but not in ${baseLang}`);
    }
  }
  for (const group of Object.keys(other)) {
    if (!(group in base)) problems.push(`${group}: group in ${lang} but not in ${baseLang}`);
  }
  return problems;
}

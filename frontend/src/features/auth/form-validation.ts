import type { z } from 'zod';
import { BASE_LANGUAGE, i18n, language } from '../../shared/i18n/i18n';
import { validationMessages } from '../../shared/i18n/locales/en/auth';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export type Validation<T, K extends string> = { ok: true; data: T } | { ok: false; errors: FieldErrors<K> };

/**
 * A rule's message (English: ours and the contracts') in the language shown: the catalogue's translation of that
 * English text (shared/i18n/locales/en/auth.ts validation), or its generic 'not valid' when it has none.
 */
export function translateValidation(message: string): string {
  if (language.get() === BASE_LANGUAGE) return message;
  const english = (i18n.cache[BASE_LANGUAGE] as unknown as Record<string, Record<string, unknown>>)['auth/validation'] ?? {};
  const translated = validationMessages.get() as Record<string, string>;
  const key = Object.keys(english).find((k) => english[k] === message);
  return (key && translated[key]) || translated.invalid || message;
}

/** Runs a zod object schema and keeps the first message of each field (in the language shown). */
export function validateWith<S extends z.ZodTypeAny, K extends string>(schema: S, values: unknown): Validation<z.output<S>, K> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data as z.output<S> };
  const errors: FieldErrors<K> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '') as K;
    if (key && !(key in errors)) errors[key] = translateValidation(issue.message);
  }
  return { ok: false, errors };
}

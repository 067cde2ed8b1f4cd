import { z } from 'zod';

/** The highest page anyone can ask for (100 per page: 100 million rows); beyond it a clear 400, never an OFFSET error. */
export const MAX_PAGE = 1_000_000;

/** Strapi-style pagination (`pagination[page]`, `pagination[pageSize]`) as the spec's client sends it. */
export const paginationSchema = z
  .object({
    page: z.coerce
      .number({ invalid_type_error: 'page must be a whole number' })
      .int('page must be a whole number')
      .min(1, 'page must be 1 or more')
      .max(MAX_PAGE, `page must be at most ${MAX_PAGE}`)
      .default(1),
    pageSize: z.coerce
      .number({ invalid_type_error: 'pageSize must be a whole number' })
      .int('pageSize must be a whole number')
      .min(1, 'pageSize must be 1 or more')
      .max(100, 'pageSize must be at most 100')
      .default(25),
  })
  .default({ page: 1, pageSize: 25 });
export type Pagination = z.infer<typeof paginationSchema>;

/** A free-text search of a list (`?search=`): trimmed, empty means none. */
export const searchSchema = z
  .string({ invalid_type_error: 'search must be text' })
  .trim()
  .max(100, 'search must be at most 100 characters')
  .optional()
  .transform((v) => (v ? v : undefined));

/** An ILIKE pattern matching `text` anywhere, its own % _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface PageMeta {
  pagination: { page: number; pageSize: number; pageCount: number; total: number };
}

export interface Paged<T> {
  data: T[];
  meta: PageMeta;
}

export function pageMeta(page: number, pageSize: number, total: number): PageMeta {
  return { pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total } };
}

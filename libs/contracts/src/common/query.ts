import { z } from 'zod';

/** Strapi-style pagination (`pagination[page]`, `pagination[pageSize]`) as the spec's client sends it. */
export const paginationSchema = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  })
  .default({ page: 1, pageSize: 25 });
export type Pagination = z.infer<typeof paginationSchema>;

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

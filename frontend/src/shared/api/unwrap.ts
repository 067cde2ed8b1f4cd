/**
 * The API answers Strapi-style: collections as `{data: [...], meta}` (some as a bare array, like
 * GET /users) and single entries as `{data: {...}}` (some bare, like GET /users/me).
 */
export type Enveloped<T> = T | { data: T };

function isEnvelope<T>(value: Enveloped<T>): value is { data: T } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'data' in value && !('documentId' in value);
}

export function unwrapOne<T>(value: Enveloped<T>): T {
  return isEnvelope(value) ? value.data : value;
}

export function unwrapList<T>(value: Enveloped<T[]>): T[] {
  const list = unwrapOne(value);
  return Array.isArray(list) ? list : [];
}

/** One page of a list as the screens use it (a bare array is one page holding everything). */
export interface ListPage<T> {
  items: T[];
  page: number;
  pageCount: number;
  total: number;
}

export function toListPage<T>(raw: T[] | { data: T[]; meta?: { pagination?: { page: number; pageCount: number; total: number } } }): ListPage<T> {
  if (Array.isArray(raw)) return { items: raw, page: 1, pageCount: 1, total: raw.length };
  const items = Array.isArray(raw.data) ? raw.data : [];
  const p = raw.meta?.pagination;
  return { items, page: p?.page ?? 1, pageCount: p?.pageCount ?? 1, total: p?.total ?? items.length };
}

/** The query parameters of a paged, searchable admin list. */
export interface ListArgs {
  page: number;
  search: string;
}

export const ADMIN_PAGE_SIZE = 25;

export function listParams({ page, search }: ListArgs): Record<string, string | number> {
  const params: Record<string, string | number> = { 'pagination[page]': page, 'pagination[pageSize]': ADMIN_PAGE_SIZE };
  if (search.trim()) params.search = search.trim();
  return params;
}

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

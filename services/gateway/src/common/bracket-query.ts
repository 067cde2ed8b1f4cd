/**
 * Turns a flat query (`filters[isApproved][$null]=true`, `pagination[page]=2`, `populate[0]=user`) into
 * nested objects, the way Strapi-style clients send them. Only plain objects are produced (numeric
 * segments stay object keys); `__proto__`, `constructor` and `prototype` segments are dropped.
 */
export type QueryValue = string | string[] | QueryObject;
export interface QueryObject {
  [key: string]: QueryValue;
}

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_DEPTH = 5;

function segments(key: string): string[] | null {
  const first = /^([^[\]]*)/.exec(key)?.[1] ?? '';
  const rest = key.slice(first.length);
  const parts = [first];
  const re = /\[([^[\]]*)\]/g;
  let consumed = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(rest)) !== null) {
    if (m.index !== consumed) return null;
    parts.push(m[1] ?? '');
    consumed = m.index + m[0].length;
  }
  if (consumed !== rest.length) return null;
  if (parts.length > MAX_DEPTH + 1) return null;
  return parts;
}

export function parseBracketQuery(flat: Record<string, unknown>): QueryObject {
  const out: QueryObject = Object.create(null) as QueryObject;
  for (const [key, raw] of Object.entries(flat)) {
    const value: string | string[] | undefined =
      typeof raw === 'string' ? raw : Array.isArray(raw) ? raw.map(String) : raw === undefined ? undefined : String(raw);
    if (value === undefined) continue;
    const path = segments(key) ?? [key];
    if (path.length > 1 && path[path.length - 1] === '') path.pop();
    if (path.some((p) => FORBIDDEN.has(p)) || path[0] === '') continue;
    const leaf = path.pop() ?? key;
    let node: QueryObject = out;
    for (const seg of path) {
      const existing = node[seg];
      if (typeof existing === 'object' && existing !== null && !Array.isArray(existing)) {
        node = existing;
      } else {
        const child = Object.create(null) as QueryObject;
        node[seg] = child;
        node = child;
      }
    }
    node[leaf] = value;
  }
  return toPlain(out);
}

/** Null-prototype objects are safe to build; plain ones are friendlier to zod and to JSON. */
function toPlain(obj: QueryObject): QueryObject {
  const res: QueryObject = {};
  for (const [k, v] of Object.entries(obj)) {
    res[k] = typeof v === 'object' && !Array.isArray(v) ? toPlain(v) : v;
  }
  return res;
}

/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` with bracketed keys
 * (`card[number]=4242...`, `metadata[requestId]=...`, `expand[0]=x` or `expand[]=x`). Objects whose keys are
 * all numeric become arrays. Query strings of GET requests use the same encoding.
 */
export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

export function parseForm(encoded: string): FormObject {
  const root: FormObject = {};
  const params = new URLSearchParams(encoded);
  const appendCounters = new Map<FormObject, number>();
  for (const [rawKey, value] of params) {
    const first = /^([^[]*)/.exec(rawKey)?.[1] ?? rawKey;
    const parts = [first, ...Array.from(rawKey.slice(first.length).matchAll(/\[([^\]]*)\]/g), (m) => m[1] ?? '')];
    if (parts.some((p) => FORBIDDEN.has(p))) continue;
    let node = root;
    for (let i = 0; i < parts.length; i += 1) {
      let key = parts[i] ?? '';
      if (key === '') {
        key = String(appendCounters.get(node) ?? 0);
        appendCounters.set(node, Number(key) + 1);
      }
      if (i === parts.length - 1) {
        node[key] = value;
      } else {
        const next = node[key];
        if (typeof next === 'object' && next !== null && !Array.isArray(next)) node = next;
        else {
          const child: FormObject = {};
          node[key] = child;
          node = child;
        }
      }
    }
  }
  return arrayify(root) as FormObject;
}

function arrayify(v: FormValue): FormValue {
  if (typeof v === 'string' || Array.isArray(v)) return v;
  const keys = Object.keys(v);
  const converted: FormObject = {};
  for (const k of keys) converted[k] = arrayify(v[k] as FormValue);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => converted[k] as FormValue);
  }
  return converted;
}

/** A canonical text of the parameters (key order independent), to compare idempotent requests. */
export function canonicalParams(v: FormValue | undefined): string {
  if (v === undefined) return '';
  if (typeof v === 'string') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(canonicalParams).join(',')}]`;
  return `{${Object.keys(v)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalParams(v[k])}`)
    .join(',')}}`;
}

export function str(v: FormValue | undefined): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

export function obj(v: FormValue | undefined): FormObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? v : {};
}

export function strList(v: FormValue | undefined): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string');
  return [];
}

/** Metadata values are strings; `metadata[k]=` (empty) removes k, as in Stripe. */
export function metadataOf(v: FormValue | undefined, base: Record<string, string> = {}): Record<string, string> {
  const out = { ...base };
  for (const [k, val] of Object.entries(obj(v))) {
    if (typeof val !== 'string') continue;
    if (val === '') delete out[k];
    else out[k] = val;
  }
  return out;
}

import fc from 'fast-check';

/** The JSON Schema subset the gateway's OpenAPI document uses (see src/common/zod-json-schema.ts). */
export interface DocSchema {
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array';
  format?: string;
  enum?: (string | number | boolean)[];
  nullable?: boolean;
  properties?: Record<string, DocSchema>;
  required?: string[];
  additionalProperties?: boolean | DocSchema;
  items?: DocSchema;
  oneOf?: DocSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
}

/**
 * A value the schema accepts (as far as a JSON Schema can say: zod refinements are not in it), kept small.
 * `ids` are the uuids worth trying (real resources of the test's world) beside random ones.
 */
export function validArbitrary(schema: DocSchema, ids: readonly string[], opts: { allKeys?: boolean } = {}, depth = 0): fc.Arbitrary<unknown> {
  const inner = validInner(schema, ids, opts, depth);
  return schema.nullable && !opts.allKeys ? fc.option(inner, { nil: null, freq: 5 }) : inner;
}

function validInner(schema: DocSchema, ids: readonly string[], opts: { allKeys?: boolean }, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  if (schema.oneOf && schema.oneOf.length > 0) return fc.oneof(...schema.oneOf.map((s) => validArbitrary(s, ids, opts, depth + 1)));
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema, ids);
    case 'integer': {
      const min = schema.minimum ?? -10;
      const max = schema.maximum ?? Math.max(min + 100_000, 100_000);
      return fc.integer({ min: Math.ceil(Math.max(min, Number.MIN_SAFE_INTEGER)), max: Math.floor(Math.min(max, Number.MAX_SAFE_INTEGER)) });
    }
    case 'number': {
      const min = schema.minimum ?? -1000;
      const max = schema.maximum ?? Math.max(min + 100_000, 100_000);
      return fc.oneof(fc.integer({ min: Math.ceil(min), max: Math.floor(max) }), fc.double({ min, max, noNaN: true, noDefaultInfinity: true }));
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      if (depth > 4) return fc.constant([]);
      const minLength = schema.minItems ?? 0;
      return fc.array(validArbitrary(schema.items ?? {}, ids, opts, depth + 1), {
        minLength: opts.allKeys ? Math.max(minLength, 1) : minLength,
        maxLength: Math.max(minLength, 1, Math.min(schema.maxItems ?? 3, 3)),
      });
    }
    case 'object': {
      if (schema.properties) {
        const props = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, validArbitrary(v, ids, opts, depth + 1)]));
        return fc.record(props, { requiredKeys: opts.allKeys ? Object.keys(props) : (schema.required ?? []).filter((k) => k in props) });
      }
      if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
        return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), validArbitrary(schema.additionalProperties, ids, opts, depth + 1), { minKeys: opts.allKeys ? 1 : 0, maxKeys: 3 });
      }
      return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
    }
    case undefined:
      // {}: anything JSON.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringArbitrary(schema: DocSchema, ids: readonly string[]): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return ids.length > 0 ? fc.oneof(fc.constantFrom(...ids), fc.uuid()) : fc.uuid();
  // fast-check's emailAddress() follows the RFC, zod's email check is stricter: mostly plain addresses, so that a
  // valid body reaches the service.
  if (schema.format === 'email') {
    return fc.oneof(
      { arbitrary: fc.stringMatching(/^[a-z][a-z0-9._+-]{0,15}[a-z0-9]@[a-z0-9][a-z0-9-]{0,15}\.[a-z]{2,6}$/), weight: 4 },
      { arbitrary: fc.emailAddress().filter((e) => e.length <= (schema.maxLength ?? 254)), weight: 1 },
    );
  }
  if (schema.format === 'date-time') return fc.date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === 'date') return fc.date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (schema.format === 'uri') return fc.webUrl();
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? Infinity));
  const minLength = schema.minLength ?? 0;
  return fc.string({ unit: 'grapheme-ascii', minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 40, 40)) });
}

// ------------------------------------------------------------------------------------------------ mutations

/** Values no schema of the API takes where a well-formed value belongs (or takes only at its edge). */
export const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    1e308,
    -1e308,
    2 ** 53 + 2,
    -(2 ** 63),
    1e21,
    -1,
    0,
    0.5,
    Number.MIN_VALUE,
    '1e300',
    '-1',
    'NaN',
    'Infinity',
    '0x10',
    '',
    ' ',
    'null',
    'true',
    '[object Object]',
    "'; DROP TABLE users; --",
    '<script>alert(1)</script>',
    '\u0000',
    'nul\u0000inside',
    '\ud800',
    '\u202egnp.exe',
    'Ω≈ç√∫˜µ≤≥÷',
    '👩‍👩‍👧‍👦🚗🛞',
    'x'.repeat(10_000),
    '🛞'.repeat(5_000),
    '../../../../etc/passwd',
    '00000000-0000-0000-0000-000000000000',
    null,
    true,
    false,
    [],
    {},
    [[[[[]]]]],
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.double(),
  fc.integer(),
  fc.jsonValue({ maxDepth: 2 }),
  fc.constant(null).map(() => protoObject()),
);

/** An object whose own keys are `__proto__` and `constructor` (as JSON.parse makes them), sent as is by JSON.stringify. */
function protoObject(): Record<string, unknown> {
  return JSON.parse('{"__proto__":{"isAdmin":true,"role":"admin","isApproved":true},"constructor":{"prototype":{"polluted":true}}}') as Record<string, unknown>;
}

/** Keys a client must not set, prototype keys, and nonsense. */
const extraKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'isAdmin', 'role', 'walletBalance', 'isApproved', 'amount', 'providerId', 'userId', 'id', 'documentId', 'tireStatus', 'customer', 'provider'),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
);

type Path = (string | number)[];

function pathsOf(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  out.push(prefix);
  if (value !== null && typeof value === 'object' && prefix.length < 6) {
    for (const [k, v] of Object.entries(value)) pathsOf(v, [...prefix, Array.isArray(value) ? Number(k) : k], out);
  }
  return out;
}

function clone(value: unknown): unknown {
  return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
}

function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Replaces the value at `path` (the root when empty). */
function replaceAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const parent = path.slice(0, -1).reduce<unknown>((node, k) => (node as Record<string | number, unknown>)[k], root) as Record<string | number, unknown>;
  if (Array.isArray(parent)) parent[path[path.length - 1] as number] = value;
  else setOwn(parent, String(path[path.length - 1]), value);
  return root;
}

/** The paths of the string leaves of a value. */
export function stringLeaves(value: unknown): Path[] {
  return pathsOf(value).filter((p) => typeof p.reduce<unknown>((n, k) => (n as Record<string | number, unknown>)[k], value) === 'string');
}

/** A copy of `value` with the leaf at `path` replaced. */
export function withLeaf(value: unknown, path: Path, leaf: unknown): unknown {
  return replaceAt(clone(value), path, leaf);
}

export type Mutation = 'replace' | 'drop' | 'extra' | 'whole';

/** A valid value broken one way: a node of the wrong type or an absurd value, a key missing, a key added, or the whole body. */
export function mutatedArbitrary(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(valid, fc.constantFrom<Mutation>('replace', 'replace', 'drop', 'extra', 'whole'), fc.nat(), weirdValue, extraKey)
    .map(([v, kind, pick, weird, key]) => {
      const value = clone(v);
      const paths = pathsOf(value);
      if (kind === 'whole') return weird;
      if (kind === 'replace') return replaceAt(value, paths[pick % paths.length]!, weird);
      const containers = paths.filter((p) => {
        const node = p.reduce<unknown>((n, k) => (n as Record<string | number, unknown>)[k], value);
        return node !== null && typeof node === 'object' && !Array.isArray(node);
      });
      if (containers.length === 0) return weird;
      const at = containers[pick % containers.length]!;
      const node = at.reduce<unknown>((n, k) => (n as Record<string | number, unknown>)[k], value) as Record<string, unknown>;
      if (kind === 'drop') {
        const keys = Object.keys(node);
        if (keys.length === 0) setOwn(node, key, weird);
        else delete node[keys[pick % keys.length]!];
      } else setOwn(node, key, weird);
      return value;
    });
}

/** Valid values two times in five (they reach the service's own checks), broken ones the rest. */
export function bodyArbitrary(schema: DocSchema | undefined, ids: readonly string[]): fc.Arbitrary<unknown> {
  if (!schema) return fc.oneof(weirdValue, fc.jsonValue({ maxDepth: 3 }));
  const valid = validArbitrary(schema, ids);
  return fc.oneof({ arbitrary: valid, weight: 2 }, { arbitrary: mutatedArbitrary(valid), weight: 3 });
}

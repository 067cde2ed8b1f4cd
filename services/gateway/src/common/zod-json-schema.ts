import { z } from 'zod';

/**
 * A small zod -> JSON Schema (OpenAPI 3.0 flavour) converter for the API documentation. It covers the
 * constructs the contracts use; anything else is documented as an unconstrained value.
 */
export interface JsonSchema {
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array';
  format?: string;
  enum?: (string | number | boolean)[];
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  default?: unknown;
  description?: string;
}

const STRING_FORMATS: Partial<Record<z.ZodStringCheck['kind'], string>> = {
  email: 'email',
  uuid: 'uuid',
  url: 'uri',
  datetime: 'date-time',
  date: 'date',
};

function stringSchema(def: z.ZodStringDef): JsonSchema {
  const out: JsonSchema = { type: 'string' };
  for (const c of def.checks) {
    if (c.kind === 'min') out.minLength = c.value;
    else if (c.kind === 'max') out.maxLength = c.value;
    else if (c.kind === 'length') out.minLength = out.maxLength = c.value;
    else if (c.kind === 'regex') out.pattern = c.regex.source;
    else if (STRING_FORMATS[c.kind]) out.format = STRING_FORMATS[c.kind];
  }
  return out;
}

function numberSchema(def: z.ZodNumberDef): JsonSchema {
  const out: JsonSchema = { type: 'number' };
  for (const c of def.checks) {
    if (c.kind === 'int') out.type = 'integer';
    else if (c.kind === 'min') {
      out.minimum = c.value;
      if (!c.inclusive) out.exclusiveMinimum = true;
    } else if (c.kind === 'max') out.maximum = c.value;
  }
  return out;
}

/** Input side of the schema (what a client sends): effects and pipelines are described by their input. */
export function zodToJsonSchema(schema: z.ZodTypeAny): JsonSchema {
  if (schema instanceof z.ZodString) return stringSchema(schema._def);
  if (schema instanceof z.ZodNumber) return numberSchema(schema._def);
  if (schema instanceof z.ZodBoolean) return { type: 'boolean' };
  if (schema instanceof z.ZodEnum) return { type: 'string', enum: [...(schema.options as string[])] };
  if (schema instanceof z.ZodLiteral) {
    const v = schema.value as unknown;
    return typeof v === 'number' ? { type: 'number', enum: [v] } : typeof v === 'boolean' ? { type: 'boolean', enum: [v] } : { type: 'string', enum: [String(v)] };
  }
  if (schema instanceof z.ZodOptional) return zodToJsonSchema(schema.unwrap());
  if (schema instanceof z.ZodNullable) return { ...zodToJsonSchema(schema.unwrap()), nullable: true };
  if (schema instanceof z.ZodDefault) {
    return { ...zodToJsonSchema(schema._def.innerType), default: schema._def.defaultValue() };
  }
  if (schema instanceof z.ZodEffects) return zodToJsonSchema(schema.innerType());
  if (schema instanceof z.ZodPipeline) return zodToJsonSchema(schema._def.in);
  if (schema instanceof z.ZodArray) {
    const out: JsonSchema = { type: 'array', items: zodToJsonSchema(schema.element) };
    if (schema._def.minLength) out.minItems = schema._def.minLength.value;
    if (schema._def.maxLength) out.maxItems = schema._def.maxLength.value;
    return out;
  }
  if (schema instanceof z.ZodUnion) {
    return { oneOf: (schema.options as z.ZodTypeAny[]).map((o) => zodToJsonSchema(o)) };
  }
  if (schema instanceof z.ZodRecord) return { type: 'object', additionalProperties: zodToJsonSchema(schema.valueSchema) };
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodTypeAny>;
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const [key, value] of Object.entries(shape)) {
      properties[key] = zodToJsonSchema(value);
      if (!value.isOptional()) required.push(key);
    }
    const out: JsonSchema = { type: 'object', properties };
    if (required.length > 0) out.required = required;
    if (schema._def.unknownKeys === 'strict') out.additionalProperties = false;
    return out;
  }
  return {};
}

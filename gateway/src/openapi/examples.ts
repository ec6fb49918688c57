/**
 * An example answer made from its JSON Schema (as the document holds it), so every operation shows one without a
 * hand-kept copy that drifts from the contract: the richest branch of each choice (a value over null, every
 * property), values that meet the schema's bounds and formats, and names read for their usual kind (an e-mail, an
 * address, a date). scripts/openapi.test.ts parses every example with the route's zod schema: where this cannot
 * make a valid one (a pattern, a refinement), the catalogue gives the route's `answer.example`.
 */

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  examples?: unknown[];
}

const EXAMPLE_TIME = '2026-03-14T09:30:00.000Z';

/** A string for a property, by its format first, then by what its name usually holds. */
function stringFor(name: string, schema: JsonSchema): string {
  const lower = name.toLowerCase();
  let text: string;
  if (schema.format === 'date-time' || /(^at$|At$|time)/.test(name)) text = EXAMPLE_TIME;
  else if (schema.format === 'date' || /date$|day$/.test(lower)) text = '2026-03-14';
  else if (schema.format === 'email' || lower.includes('email')) text = 'member@example.com';
  else if (schema.format === 'uuid') text = '3f2b8c1e-5d4a-4c2b-9e7f-1a2b3c4d5e6f';
  else if (schema.format === 'uri' || /(url|href|link)$/.test(lower)) text = 'https://example.com/path';
  else if (lower.endsWith('id')) text = 'abc123';
  else if (lower === 'slug') text = 'amazon-launch-basics';
  else if (lower.includes('name')) text = 'Jane Seller';
  else if (lower.includes('title')) text = 'Launching on Amazon';
  else if (lower === 'currency') text = 'usd';
  else if (lower.includes('phone')) text = '+15555550123';
  else text = lower ? `${name} text` : 'text';
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Number.POSITIVE_INFINITY;
  if (text.length < min) text = text.padEnd(min, 'x');
  return text.length > max ? text.slice(0, max) : text;
}

function numberFor(name: string, schema: JsonSchema, integer: boolean): number {
  let value = /percent|rate|margin|acos/i.test(name) ? 42.5 : /(id|Id)$/.test(name) ? 7 : 3;
  if (integer) value = Math.round(value);
  if (schema.minimum !== undefined && value < schema.minimum) value = schema.minimum;
  if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) value = schema.exclusiveMinimum + 1;
  if (schema.maximum !== undefined && value > schema.maximum) value = schema.maximum;
  if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum) value = schema.exclusiveMaximum - 1;
  return value;
}

const typesOf = (schema: JsonSchema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

/**
 * An example value of `schema`; `components` resolves `#/components/schemas/...` references. `seen` stops a
 * recursive schema (a reference met again on the way down is left out as null).
 */
export function exampleOf(
  schema: JsonSchema,
  components: Record<string, JsonSchema>,
  name = '',
  seen: ReadonlySet<string> = new Set(),
): unknown {
  if (schema.$ref) {
    const refName = schema.$ref.replace('#/components/schemas/', '');
    const target = components[refName];
    if (!target || seen.has(refName)) return null;
    return exampleOf(target, components, name, new Set([...seen, refName]));
  }
  if (schema.examples?.length) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum.find((value) => value !== null) ?? schema.enum[0];
  if (schema.allOf?.length) {
    const parts = schema.allOf.map((part) => exampleOf(part, components, name, seen));
    return parts.every((part) => part && typeof part === 'object' && !Array.isArray(part))
      ? Object.assign({}, ...parts)
      : parts[0];
  }
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) {
    const richest = choices.find((choice) => !typesOf(choice).includes('null') || typesOf(choice).length > 1);
    return exampleOf(richest ?? (choices[0] as JsonSchema), components, name, seen);
  }
  const types = typesOf(schema).filter((type) => type !== 'null');
  const type = types[0] ?? (schema.properties ? 'object' : typesOf(schema).includes('null') ? 'null' : undefined);
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(schema.properties ?? {})) {
        out[key] = exampleOf(child, components, key, seen);
      }
      if (!schema.properties && schema.additionalProperties && typeof schema.additionalProperties === 'object') {
        out[name === 'counts' ? 'total' : 'key'] = exampleOf(schema.additionalProperties, components, '', seen);
      }
      return out;
    }
    case 'array': {
      if (schema.prefixItems) return schema.prefixItems.map((item) => exampleOf(item, components, name, seen));
      const item = schema.items ? exampleOf(schema.items, components, singular(name), seen) : 'text';
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => item);
    }
    case 'string':
      return stringFor(name, schema);
    case 'integer':
      return numberFor(name, schema, true);
    case 'number':
      return numberFor(name, schema, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      // No type at all (unknown, JSON): a small object reads better than nothing.
      return schema.default ?? {};
  }
}

/** "lessons" -> "lesson": an item of a list is named for one of them. */
const singular = (name: string) => name.replace(/ies$/, 'y').replace(/s$/, '');

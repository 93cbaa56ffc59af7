import { isDeepStrictEqual } from 'node:util';

// The JSON Schema a response serialiser is compiled from (serializer.ts), reshaped for writing rather than checking.
// fast-json-stringify settles every anyOf and oneOf by validating the value against the branches with ajv, at run time,
// on every response: zod writes `.nullable()` as anyOf [T, null] (with a date's pattern checked on each value), and a
// discriminated union as oneOf over its variants (the treatment summary's 17 groups, each branch validated in full).
// The value was built to the contract already (and tests check every answer against zod), so the serialiser only
// needs to know which properties to write and how: a nullable primitive becomes a type list, and a union of object
// variants becomes one object with every variant's properties (a value only has its own variant's keys, so it writes
// the same JSON). Whatever cannot be merged that way stays as it was, as an anyOf.

type Schema = Record<string, unknown>;

/** Keywords that check a value and never change how it is written. */
const CHECK_ONLY = new Set(['description', 'pattern', 'minimum', 'maximum', 'minLength', 'maxLength', 'title']);

/** Types fast-json-stringify writes from a type list without checking the value against a schema first. */
const LISTABLE = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array']);

class CannotMerge extends Error {}

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Two variants' schemas of the same place as one that writes a value of either. */
function merge(a: Schema, b: Schema): Schema {
  if (isDeepStrictEqual(a, b)) return a;
  // A discriminator: 'Diagnosis' in one variant, 'Surgery' in another (or any string, after a first merge); written
  // as the string it is.
  if (a.type === 'string' && b.type === 'string') {
    const { const: _a, enum: _ea, ...restA } = a;
    const { const: _b, enum: _eb, ...restB } = b;
    if (isDeepStrictEqual(restA, restB)) return restA;
  }
  if (a.type === 'array' && b.type === 'array' && isSchema(a.items) && isSchema(b.items)) {
    return { ...a, items: merge(a.items, b.items) };
  }
  if (a.type === 'object' && b.type === 'object' && isSchema(a.properties) && isSchema(b.properties)) {
    if (!isDeepStrictEqual(a.additionalProperties, b.additionalProperties)) throw new CannotMerge();
    const properties: Schema = { ...a.properties };
    for (const [name, schema] of Object.entries(b.properties)) {
      const mine = properties[name];
      properties[name] = isSchema(mine) && isSchema(schema) ? merge(mine, schema) : schema;
    }
    const requiredB = new Set(Array.isArray(b.required) ? (b.required as string[]) : []);
    const required = (Array.isArray(a.required) ? (a.required as string[]) : []).filter((name) => requiredB.has(name));
    const merged: Schema = { ...a, properties };
    if (required.length > 0) merged.required = required;
    else delete merged.required;
    return merged;
  }
  throw new CannotMerge();
}

/** A nullable value (anyOf [T, null]) as one schema with a type list. */
function nullableType(branches: Schema[]): Schema | null {
  if (branches.length !== 2) return null;
  const nullAt = branches.findIndex((branch) => branch.type === 'null' && Object.keys(branch).length === 1);
  const other = branches[1 - nullAt];
  if (nullAt < 0 || !other || typeof other.type !== 'string' || !LISTABLE.has(other.type)) return null;
  if ('const' in other || 'enum' in other || 'anyOf' in other || 'oneOf' in other) return null;
  return { ...other, type: [other.type, 'null'] };
}

function union(schema: Schema, keyword: 'anyOf' | 'oneOf'): Schema {
  const branches = (schema[keyword] as unknown[]).filter(isSchema).map(reshape);
  const { [keyword]: _branches, ...rest } = schema;
  const nullable = nullableType(branches);
  if (nullable) return { ...rest, ...nullable };
  try {
    const merged = branches.reduce(merge);
    if (merged.type === 'object' || merged.type === 'array') return { ...rest, ...merged };
  } catch (error) {
    if (!(error instanceof CannotMerge)) throw error;
  }
  // Branches that exclude each other (the value matches one): the first that matches writes it, as oneOf would.
  return { ...rest, anyOf: branches };
}

/** The schema reshaped for writing: same JSON out, no validation at run time where it can be helped. */
export function reshape(schema: Schema): Schema {
  let out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (CHECK_ONLY.has(key)) continue;
    if (key === 'properties' && isSchema(value)) {
      out.properties = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [name, isSchema(sub) ? reshape(sub) : sub]),
      );
    } else if ((key === 'items' || key === 'additionalProperties') && isSchema(value)) {
      out[key] = reshape(value);
    } else if (key === 'definitions' && isSchema(value)) {
      out.definitions = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [name, isSchema(sub) ? reshape(sub) : sub]),
      );
    } else {
      out[key] = value;
    }
  }
  if (Array.isArray(out.anyOf)) out = union(out, 'anyOf');
  else if (Array.isArray(out.oneOf)) out = union(out, 'oneOf');
  return out;
}

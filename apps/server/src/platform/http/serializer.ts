import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as checkingSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reshape } from './serializer-schema';

type Serialize = (data: unknown) => string;
type SerializerCompiler = Parameters<FastifyInstance['setSerializerCompiler']>[0];

/** A route's response schema: a zod schema, or one under `properties` (as fastify-type-provider-zod accepts). */
function zodSchemaOf(schema: unknown): z.ZodType | null {
  if (schema instanceof z.ZodType) return schema;
  const inner = (schema as { properties?: unknown } | null)?.properties;
  return inner instanceof z.ZodType ? inner : null;
}

/**
 * A serialiser compiled from the response's schema (fast-json-stringify over its JSON Schema): it writes only the
 * schema's properties, as zod's encode does, without walking the value twice. Null when the schema has no JSON
 * Schema form fast-json-stringify takes; the route then keeps zod's serialiser.
 */
export function compileSerializer(schema: unknown): Serialize | null {
  const zodSchema = zodSchemaOf(schema);
  if (!zodSchema) return null;
  try {
    const { $schema: _draft, ...jsonSchema } = z.toJSONSchema(zodSchema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'throw',
    }) as Record<string, unknown>;
    return fastJson(reshape(jsonSchema) as unknown as Parameters<typeof fastJson>[0]);
  } catch {
    return null;
  }
}

export class ResponseShapeError extends Error {
  override name = 'ResponseShapeError';
}

/** An answer already written as JSON text (see writtenAsJson). */
class JsonText {
  constructor(readonly text: string) {}
}

/**
 * An answer already written as JSON text, sent as it is: by the database in the statement that read it
 * (json_build_object, json_agg; db/json-sql.ts), or put together from pieces the server keeps (the treatment
 * summary's checked items). A list read that way skips parsing every column of every row, mapping the rows to
 * objects and writing them out again: a third of a list's time under load. The type is the answer's shape, which
 * tests and development check: the serialiser parses the text and refuses it unless zod's encoding of it says
 * exactly the same thing (no key missing, none added, every value of its kind).
 */
export function writtenAsJson<T>(text: string): T {
  return new JsonText(text) as unknown as T;
}

/**
 * Responses are written by compiled serialisers (zod's check of every response cost about 15% of a read). With
 * `check` (tests and development) each response is also checked and encoded by zod, and the compiled output must
 * say the same thing: the tests keep the contract check, and prove the compiled serialisers agree with it.
 * Each route's serialiser is compiled on its first response, so start-up does not pay for routes never called.
 */
export function createSerializerCompiler({ check }: { check: boolean }): SerializerCompiler {
  return (routeSchema) => {
    let compiled: Serialize | null | undefined;
    const checked = check ? checkingSerializerCompiler(routeSchema as never) : null;
    const fallback = checked ?? checkingSerializerCompiler(routeSchema as never);
    return (data: unknown) => {
      if (data instanceof JsonText) return checked ? checkedJsonText(data.text, checked, routeSchema) : data.text;
      if (compiled === undefined) compiled = compileSerializer(routeSchema.schema);
      if (!checked) return compiled ? compiled(data) : fallback(data);
      const reference = checked(data);
      if (!compiled) return reference;
      const fast = compiled(data);
      if (fast !== reference && !isDeepStrictEqual(JSON.parse(fast), JSON.parse(reference))) {
        throw new ResponseShapeError(
          `${routeSchema.method} ${routeSchema.url}: the compiled serialiser wrote ${fast.slice(0, 300)} where zod wrote ${reference.slice(0, 300)}`,
        );
      }
      return fast;
    };
  };
}

function checkedJsonText(text: string, checked: Serialize, routeSchema: { method: string; url: string }): string {
  const value: unknown = JSON.parse(text);
  const reference = checked(value);
  if (!isDeepStrictEqual(value, JSON.parse(reference))) {
    throw new ResponseShapeError(
      `${routeSchema.method} ${routeSchema.url}: the JSON text said ${text.slice(0, 300)} where zod wrote ${reference.slice(0, 300)}`,
    );
  }
  return text;
}

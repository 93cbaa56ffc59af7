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

const builtExactly = new WeakSet<z.ZodType>();

/**
 * Marks a response schema whose handler builds its answer from zod's own parse output, so the value already has
 * exactly the schema's keys: it is written by JSON.stringify instead of a compiled serialiser. For a large union
 * (the treatment summary's 17 item shapes merged into one object of every group's fields) the compiled serialiser
 * tests every property of the merged object on every item, four times slower than JSON.stringify on the same value.
 * Tests and development still check every answer against zod's encoding (createSerializerCompiler's `check`), so
 * a key the schema does not have would fail them.
 */
export function writtenAsBuilt<T extends z.ZodType>(schema: T): T {
  builtExactly.add(schema);
  return schema;
}

/**
 * A serialiser compiled from the response's schema (fast-json-stringify over its JSON Schema): it writes only the
 * schema's properties, as zod's encode does, without walking the value twice. Null when the schema has no JSON
 * Schema form fast-json-stringify takes; the route then keeps zod's serialiser.
 */
export function compileSerializer(schema: unknown): Serialize | null {
  const zodSchema = zodSchemaOf(schema);
  if (!zodSchema) return null;
  if (builtExactly.has(zodSchema)) return (data) => JSON.stringify(data);
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

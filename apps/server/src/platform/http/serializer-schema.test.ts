import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileSerializer } from './serializer';
import { reshape } from './serializer-schema';

const jsonSchemaOf = (schema: z.ZodType) => {
  const { $schema: _draft, ...rest } = z.toJSONSchema(schema, { io: 'output', target: 'draft-7' }) as Record<
    string,
    unknown
  >;
  return rest;
};

/** The JSON zod writes for a value: what every compiled serialiser must write too. */
const zodJson = (schema: z.ZodType, value: unknown): unknown => JSON.parse(JSON.stringify(schema.encode(value)));

const Group = z.discriminatedUnion('key', [
  z.object({
    key: z.literal('Allergy'),
    value: z.array(
      z.object({ itemId: z.number().int(), allergen: z.string().nullable(), onsetDate: z.iso.date().nullable() }),
    ),
  }),
  z.object({
    key: z.literal('Surgery'),
    value: z.array(
      z.object({ itemId: z.number().int(), procedureName: z.string().nullable(), startDate: z.iso.date().nullable() }),
    ),
  }),
]);
const Summary = z.array(Group);

const summary = [
  { key: 'Allergy', value: [{ itemId: 1, allergen: 'Penicillin', onsetDate: null }] },
  { key: 'Surgery', value: [{ itemId: 2, procedureName: 'Lumpectomy', startDate: '2024-02-29' }] },
];

describe('a response schema reshaped for writing', () => {
  it('writes a nullable value from a type list, without the checks of its pattern', () => {
    const reshaped = reshape(jsonSchemaOf(z.object({ on: z.iso.date().nullable(), n: z.number().nullable() })));
    expect(reshaped.properties).toEqual({
      on: { type: ['string', 'null'], format: 'date' },
      n: { type: ['number', 'null'] },
    });
  });

  it('writes a union of object variants as one object (no branch is validated at run time), the same JSON as zod', () => {
    const reshaped = reshape(jsonSchemaOf(Summary));
    expect(JSON.stringify(reshaped)).not.toMatch(/"(?:anyOf|oneOf)"/);
    const write = compileSerializer(Summary)!;
    expect(JSON.parse(write(summary))).toEqual(zodJson(Summary, summary));
  });

  it('still writes only the properties the contract names', () => {
    const write = compileSerializer(Summary)!;
    const leaky = [{ key: 'Allergy', value: [{ itemId: 1, allergen: null, onsetDate: null, secret: 'x' }] }];
    expect(write(leaky)).not.toContain('secret');
  });

  it('keeps variants it cannot merge (one name, two kinds of value) as alternatives, and writes each right', () => {
    const Either = z.union([z.object({ v: z.string() }), z.object({ v: z.object({ n: z.number() }) })]);
    expect(reshape(jsonSchemaOf(Either)).anyOf).toHaveLength(2);
    const write = compileSerializer(Either)!;
    expect(JSON.parse(write({ v: 'text' }))).toEqual({ v: 'text' });
    expect(JSON.parse(write({ v: { n: 3 } }))).toEqual({ v: { n: 3 } });
  });

  it('writes a nullable object both ways', () => {
    const Detail = z.object({ detail: z.object({ unit: z.string() }).nullable() });
    const write = compileSerializer(Detail)!;
    expect(JSON.parse(write({ detail: null }))).toEqual({ detail: null });
    expect(JSON.parse(write({ detail: { unit: '%', other: 1 } }))).toEqual({ detail: { unit: '%' } });
  });
});

describe('a union of many variants', () => {
  it('merges them all, the discriminator written as the string each value has', () => {
    const Many = z.discriminatedUnion(
      'key',
      ['A', 'B', 'C', 'D'].map((key) => z.object({ key: z.literal(key), [`f${key}`]: z.string().nullable() })) as never,
    );
    expect(JSON.stringify(reshape(jsonSchemaOf(Many)))).not.toMatch(/"(?:anyOf|oneOf)"/);
    const write = compileSerializer(z.array(Many))!;
    const value = [
      { key: 'A', fA: 'a' },
      { key: 'D', fD: null },
    ];
    expect(JSON.parse(write(value))).toEqual(value);
  });
});

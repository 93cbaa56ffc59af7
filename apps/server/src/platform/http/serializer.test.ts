import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileSerializer, createSerializerCompiler, ResponseShapeError, writtenAsJson } from './serializer';

const Reading = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  takenAt: z.iso.datetime(),
  flags: z.array(z.enum(['high', 'low'])),
  detail: z.object({ unit: z.string(), note: z.string().optional() }).nullable(),
  extra: z.record(z.string(), z.number()),
});
const reading = {
  id: 7,
  name: 'Hemoglobin "A1c" \u2014 \u8840',
  takenAt: '2026-03-05T10:00:00Z',
  flags: ['high'] as ('high' | 'low')[],
  detail: { unit: '%' },
  extra: { a: 1 },
};

function serializerFor(schema: unknown, check: boolean) {
  return createSerializerCompiler({ check })({ schema, method: 'GET', url: '/x', httpStatus: '200' });
}

describe('compiled response serialisers', () => {
  it('write what zod would: the same JSON for the same value, quotes and non-Latin text included', () => {
    const compiled = compileSerializer(Reading);
    expect(compiled).not.toBeNull();
    expect(JSON.parse(compiled!(reading))).toEqual(JSON.parse(JSON.stringify(Reading.encode(reading))));
  });

  it('leave out every property the schema does not name (nothing leaks past the contract)', () => {
    const out = JSON.parse(compileSerializer(Reading)!({ ...reading, passwordHash: 'secret', detail: null }));
    expect(out).not.toHaveProperty('passwordHash');
    expect(out.detail).toBeNull();
  });

  it('take a schema under `properties`, as routes may declare it', () => {
    expect(compileSerializer({ properties: Reading })).not.toBeNull();
  });

  it('fall back to zod for a schema with no JSON Schema form', () => {
    const odd = z.object({ big: z.bigint().transform((v) => v.toString()) });
    expect(compileSerializer(odd)).toBeNull();
    expect(serializerFor(z.object({ n: z.number() }).or(z.object({ s: z.string() })), false)({ s: 'x' })).toBe(
      '{"s":"x"}',
    );
  });

  it('in production write without checking; with check a response that breaks the contract is refused', () => {
    const fast = serializerFor(Reading, false);
    expect(JSON.parse(fast(reading)).id).toBe(7);
    const checked = serializerFor(Reading, true);
    expect(JSON.parse(checked(reading))).toEqual(JSON.parse(fast(reading)));
    expect(() => checked({ ...reading, id: 'seven' })).toThrow();
  });

  it('send JSON text the database wrote as it is, and with check refuse text that breaks the contract', () => {
    const text =
      '[{"id":7,"name":"Hemoglobin \\"A1c\\" \u2014 \u8840","takenAt":"2026-03-05T10:00:00.000Z","flags":[],"detail":null,"extra":{}}]';
    const List = z.array(Reading);
    expect(serializerFor(List, false)(writtenAsJson(text))).toBe(text);
    expect(serializerFor(List, true)(writtenAsJson(text))).toBe(text);
    const checked = serializerFor(List, true);
    // A key the schema lacks, a missing one, a value of the wrong kind.
    expect(() => checked(writtenAsJson(text.replace('"extra":{}', '"extra":{},"secret":"x"')))).toThrow(
      ResponseShapeError,
    );
    expect(() => checked(writtenAsJson(text.replace(',"extra":{}', '')))).toThrow();
    expect(() => checked(writtenAsJson(text.replace('"id":7', '"id":"7"')))).toThrow();
    // Without check nothing is parsed: the text leaves as the database wrote it.
    expect(serializerFor(List, false)(writtenAsJson('[{"id":"seven"}]'))).toBe('[{"id":"seven"}]');
  });
});

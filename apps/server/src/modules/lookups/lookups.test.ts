import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CountrySchema,
  LanguageLookupSchema,
  PreferredCommunicationSchema,
  RelationshipSchema,
  StateSchema,
  type ErrorBody,
} from '@portal/contracts';
import { z } from 'zod';
import { bearer, type AccessFixture } from '../../../test/access-fixture';
import { expectOk, openApiApp, type TestApp } from '../../../test/api';
import { countries, relationships, states } from '../../db/schema/index';
import { COUNTRY_IDS } from '../../db/seed/lookups';
import { applyReferenceData, LANGUAGES } from '../../db/seed/reference-data';

let t: TestApp;
let fx: AccessFixture;
let token: string;

beforeAll(async () => {
  ({ t, fx } = await openApiApp());
  token = (await fx.token('patientA')).bearer!;
});
afterAll(async () => {
  await t?.close();
});

async function get<T>(url: string, schema: z.ZodType<T>, bearerToken = token): Promise<T> {
  return schema.parse(expectOk(await t.app.inject({ url, headers: bearer(bearerToken) })));
}

describe('GET /api/lookups/relationships', () => {
  it('lists the relationships in their order, Other last', async () => {
    const list = await get('/api/lookups/relationships', z.array(RelationshipSchema.strict()));
    expect(list.length).toBeGreaterThanOrEqual(15);
    expect(list[0]).toEqual({ relationshipId: 1, relationshipDisplay: 'Spouse' });
    expect(list.map((r) => r.relationshipDisplay)).toEqual(
      expect.arrayContaining([
        'Spouse',
        'Partner',
        'Daughter',
        'Son',
        'Sister',
        'Brother',
        'Mother',
        'Father',
        'Friend',
        'Caregiver',
        'Legal Guardian',
        'Grandchild',
        'Other',
      ]),
    );
    expect(list.at(-1)!.relationshipDisplay).toBe('Other');
  });
});

describe('GET /api/lookups/countries', () => {
  it('puts the United States and Canada first, then sorts by name', async () => {
    const list = await get('/api/lookups/countries', z.array(CountrySchema.strict()));
    expect(list.slice(0, 2)).toEqual([
      { countryId: COUNTRY_IDS.unitedStates, countryNameDisplay: 'United States', sortOrder: 1 },
      { countryId: COUNTRY_IDS.canada, countryNameDisplay: 'Canada', sortOrder: 2 },
    ]);
    const rest = list.slice(2);
    expect(rest.every((c) => c.sortOrder === 100)).toBe(true);
    const names = rest.map((c) => c.countryNameDisplay);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(names).toEqual(
      expect.arrayContaining(['Mexico', 'Brazil', 'France', 'China', 'United Kingdom', 'Portugal', 'Vietnam']),
    );
  });

  it('sorts by sortOrder before the name', async () => {
    await t.database.db.insert(countries).values({ id: 900, code: 'ZZ', name: 'Aaa Test Land', sortOrder: 1000 });
    const list = await get('/api/lookups/countries', z.array(CountrySchema));
    expect(list.at(-1)).toEqual({ countryId: 900, countryNameDisplay: 'Aaa Test Land', sortOrder: 1000 });
  });
});

describe('GET /api/lookups/states', () => {
  it('lists every state of the United States (with DC), Canada and Mexico', async () => {
    const list = await get('/api/lookups/states', z.array(StateSchema.strict()));
    const of = (countryId: number) => list.filter((s) => s.countryId === countryId);
    expect(of(COUNTRY_IDS.unitedStates)).toHaveLength(51);
    expect(of(COUNTRY_IDS.canada)).toHaveLength(13);
    expect(of(COUNTRY_IDS.mexico)).toHaveLength(32);
    expect(of(COUNTRY_IDS.unitedStates).map((s) => s.stateNameDisplay)).toEqual(
      expect.arrayContaining(['New York', 'District of Columbia', 'Wyoming']),
    );
    expect(new Set(list.map((s) => s.stateId)).size).toBe(list.length);
  });

  it('keeps one country with ?countryId, sorted by name', async () => {
    const list = await get(`/api/lookups/states?countryId=${COUNTRY_IDS.canada}`, z.array(StateSchema));
    expect(list).toHaveLength(13);
    expect(list.every((s) => s.countryId === COUNTRY_IDS.canada)).toBe(true);
    expect(list[0]!.stateNameDisplay).toBe('Alberta');
    expect(list.at(-1)!.stateNameDisplay).toBe('Yukon');
    expect(await get('/api/lookups/states?countryId=12345', z.array(StateSchema))).toEqual([]);
  });

  it('answers 400 naming countryId for a bad one', async () => {
    const res = await t.app.inject({ url: '/api/lookups/states?countryId=abc', headers: bearer(token) });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>()).toMatchObject({ error: 'validation_failed', field: 'countryId' });
  });
});

describe('GET /api/lookups/preferredCommunications', () => {
  it('lists all of them, Fax included', async () => {
    const list = await get('/api/lookups/preferredCommunications', z.array(PreferredCommunicationSchema.strict()));
    expect(list.map((p) => p.preferredCommunicationDisplay)).toEqual([
      'Email',
      'Home Phone',
      'Mobile Phone',
      'Work Phone',
      'Text Message',
      'Mail',
      'Fax',
    ]);
    expect(list.find((p) => p.preferredCommunicationCode === 'Fax')).toBeDefined();
  });
});

describe('GET /api/lookups/languages', () => {
  it('lists the languages table', async () => {
    const list = await get('/api/lookups/languages', z.array(LanguageLookupSchema.strict()));
    expect(list).toEqual(
      LANGUAGES.map((l) => ({ languageId: l.id, languageCode: l.code, displayName: l.displayName })),
    );
  });
});

describe('access and reference data', () => {
  it('needs a session, of any kind', async () => {
    for (const url of ['/api/lookups/relationships', '/api/lookups/countries', '/api/lookups/languages']) {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
    const kiosk = (await fx.token('kioskUserOfA')).bearer!;
    await get('/api/lookups/relationships', z.array(RelationshipSchema), kiosk);
  });

  it('applies the lookups again without adding rows', async () => {
    const before = await Promise.all(
      [relationships, countries, states].map((table) => t.database.db.select({ n: count() }).from(table)),
    );
    await applyReferenceData(t.database.db);
    const after = await Promise.all(
      [relationships, countries, states].map((table) => t.database.db.select({ n: count() }).from(table)),
    );
    expect(after).toEqual(before);
  });
});

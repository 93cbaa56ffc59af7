import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CountrySchema,
  LanguageLookupSchema,
  PreferredCommunicationSchema,
  RelationshipSchema,
  StateSchema,
  TranslationsSchema,
  type ErrorBody,
} from '@portal/contracts';
import { z } from 'zod';
import { bearer, type AccessFixture } from '../../../test/access-fixture';
import { expectOk, openApiApp, type TestApp } from '../../../test/api';
import { countries, languagePackOverrides, relationships, states, users } from '../../db/schema/index';
import { COUNTRIES, COUNTRY_IDS, PREFERRED_COMMUNICATIONS, RELATIONSHIPS, STATES } from '../../db/seed/lookups';
import { applyReferenceData, LANGUAGES } from '../../db/seed/reference-data';
import { BUNDLED_PACKS } from '../../platform/content/language-packs';
import { LOOKUP_KEYS } from './lookups.service';

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

async function get<T>(
  url: string,
  schema: z.ZodType<T>,
  bearerToken = token,
  headers: Record<string, string> = {},
): Promise<T> {
  return schema.parse(expectOk(await t.app.inject({ url, headers: { ...bearer(bearerToken), ...headers } })));
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
      {
        countryId: COUNTRY_IDS.unitedStates,
        countryNameDisplay: 'United States',
        countryName: 'United States',
        sortOrder: 1,
      },
      { countryId: COUNTRY_IDS.canada, countryNameDisplay: 'Canada', countryName: 'Canada', sortOrder: 2 },
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
    // A country the packs do not know keeps its stored name, in every language.
    expect(list.at(-1)).toEqual({
      countryId: 900,
      countryNameDisplay: 'Aaa Test Land',
      countryName: 'Aaa Test Land',
      sortOrder: 1000,
    });
    const inChinese = await get('/api/lookups/countries?language=zh', z.array(CountrySchema));
    expect(inChinese.at(-1)).toMatchObject({ countryId: 900, countryNameDisplay: 'Aaa Test Land' });
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
  it('lists the languages table, each named in the caller’s language', async () => {
    const list = await get('/api/lookups/languages', z.array(LanguageLookupSchema.strict()));
    expect(list.map((l) => [l.languageId, l.languageCode])).toEqual(LANGUAGES.map((l) => [l.id, l.code]));
    expect(list.map((l) => l.displayName)).toEqual([
      'English',
      'Spanish',
      'French',
      'Portuguese',
      'Chinese',
      'Vietnamese',
      'Korean',
      'Arabic',
    ]);
    const inSpanish = await get('/api/lookups/languages?language=es-MX', z.array(LanguageLookupSchema));
    expect(inSpanish.map((l) => l.displayName).slice(0, 5)).toEqual([
      'Inglés',
      'Español',
      'Francés',
      'Portugués',
      'Chino',
    ]);
  });
});

// Issue 11, finding 7: in Spanish and Chinese the relationship, country, state and preferred-communication lists
// were English.
describe('the lookups in the caller’s language', () => {
  it('answers ?language=es-MX in Spanish: relationships, countries, states, preferred communications', async () => {
    const relationshipList = await get('/api/lookups/relationships?language=es-MX', z.array(RelationshipSchema));
    expect(relationshipList[0]).toEqual({ relationshipId: 1, relationshipDisplay: 'Cónyuge' });
    expect(relationshipList.map((r) => r.relationshipDisplay)).toEqual(
      expect.arrayContaining(['Hija', 'Hermana', 'Hermano', 'Madre', 'Tutor legal', 'Otro']),
    );
    const countryList = await get('/api/lookups/countries?language=es-MX', z.array(CountrySchema));
    expect(countryList.slice(0, 2)).toEqual([
      {
        countryId: COUNTRY_IDS.unitedStates,
        countryNameDisplay: 'Estados Unidos',
        countryName: 'United States',
        sortOrder: 1,
      },
      { countryId: COUNTRY_IDS.canada, countryNameDisplay: 'Canadá', countryName: 'Canada', sortOrder: 2 },
    ]);
    // Sorted by the Spanish names: Alemania before Australia, México among the M.
    const names = countryList.filter((c) => c.sortOrder === 100).map((c) => c.countryNameDisplay);
    expect(names).toEqual([...names].sort(new Intl.Collator('es', { sensitivity: 'base' }).compare));
    expect(names).toEqual(expect.arrayContaining(['Alemania', 'México', 'Reino Unido', 'España', 'Japón']));
    const stateList = await get(
      `/api/lookups/states?countryId=${COUNTRY_IDS.unitedStates}&language=es-MX`,
      z.array(StateSchema),
    );
    expect(stateList.find((s) => s.stateName === 'New York')).toMatchObject({ stateNameDisplay: 'Nueva York' });
    expect(stateList.find((s) => s.stateName === 'North Carolina')).toMatchObject({
      stateNameDisplay: 'Carolina del Norte',
    });
    const comms = await get(
      '/api/lookups/preferredCommunications?language=es-MX',
      z.array(PreferredCommunicationSchema),
    );
    expect(comms.map((p) => p.preferredCommunicationDisplay)).toEqual([
      'Correo electrónico',
      'Teléfono de casa',
      'Teléfono celular',
      'Teléfono del trabajo',
      'Mensaje de texto',
      'Correo postal',
      'Fax',
    ]);
    // The codes do not change with the language.
    expect(comms.map((p) => p.preferredCommunicationCode)).toEqual(PREFERRED_COMMUNICATIONS.map((p) => p.code));
  });

  it('answers in Chinese, sorted in Chinese order, the stored names alongside', async () => {
    const relationshipList = await get('/api/lookups/relationships?language=zh', z.array(RelationshipSchema));
    expect(relationshipList.slice(0, 4).map((r) => r.relationshipDisplay)).toEqual(['配偶', '伴侣', '女儿', '儿子']);
    const stateList = await get(
      `/api/lookups/states?countryId=${COUNTRY_IDS.canada}&language=zh-CN`,
      z.array(StateSchema),
    );
    expect(stateList.find((s) => s.stateName === 'Ontario')?.stateNameDisplay).toBe('安大略省');
    const names = stateList.map((s) => s.stateNameDisplay);
    expect(names).toEqual([...names].sort(new Intl.Collator('zh', { sensitivity: 'base' }).compare));
    const countryList = await get('/api/lookups/countries?language=zh', z.array(CountrySchema));
    expect(countryList[0]).toMatchObject({ countryNameDisplay: '美国', countryName: 'United States' });
  });

  it('without ?language, uses the language the user saved, then Accept-Language, then the facility’s', async () => {
    const [relationshipOne] = RELATIONSHIPS;
    const first = async (headers: Record<string, string> = {}, who = token) =>
      (await get('/api/lookups/relationships', z.array(RelationshipSchema), who, headers))[0]!.relationshipDisplay;
    // patientA has no saved language: the browser's, else the facility's default (English).
    await t.database.db.update(users).set({ preferredLanguage: null }).where(eq(users.id, fx.userIds.jane));
    expect(await first()).toBe(relationshipOne!.displayName);
    expect(await first({ 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' })).toBe('Conjoint ou conjointe');
    expect(await first({ 'accept-language': 'de-DE, pt;q=0.5' })).toBe('Cônjuge');
    // A saved language outranks the browser's; ?language outranks both.
    await t.database.db.update(users).set({ preferredLanguage: 'zh' }).where(eq(users.id, fx.userIds.jane));
    try {
      expect(await first({ 'accept-language': 'fr-CA' })).toBe('配偶');
      const asked = await get('/api/lookups/relationships?language=es-mx', z.array(RelationshipSchema));
      expect(asked[0]!.relationshipDisplay).toBe('Cónyuge');
    } finally {
      await t.database.db.update(users).set({ preferredLanguage: null }).where(eq(users.id, fx.userIds.jane));
    }
  });

  it('answers 400 naming language for a language the portal does not speak', async () => {
    for (const url of [
      '/api/lookups/relationships?language=xx',
      '/api/lookups/countries?language=de-DE',
      `/api/lookups/states?countryId=${COUNTRY_IDS.canada}&language=klingon`,
      '/api/lookups/preferredCommunications?language=es',
      '/api/lookups/languages?language=',
    ]) {
      const res = await t.app.inject({ url, headers: bearer(token) });
      expect(res.statusCode, url).toBe(400);
      expect(res.json<ErrorBody>(), url).toMatchObject({ error: 'validation_failed', field: 'language' });
    }
  });

  it('uses the facility’s own wording of a lookup when it has one', async () => {
    await t.database.db.insert(languagePackOverrides).values({
      facilityId: fx.facilityId,
      language: 'es',
      key: LOOKUP_KEYS.relationship(1),
      value: 'Esposo o esposa',
    });
    try {
      const list = await get('/api/lookups/relationships?language=es-MX', z.array(RelationshipSchema));
      expect(list[0]!.relationshipDisplay).toBe('Esposo o esposa');
    } finally {
      await t.database.db
        .delete(languagePackOverrides)
        .where(eq(languagePackOverrides.key, LOOKUP_KEYS.relationship(1)));
    }
  });
});

describe('the lookups language pack', () => {
  it('names every seeded lookup in English exactly as the rows store it', () => {
    const en = BUNDLED_PACKS.en;
    const countryCode = new Map(COUNTRIES.map((c) => [c.id, c.code]));
    const expected: Record<string, string> = {
      ...Object.fromEntries(RELATIONSHIPS.map((r) => [LOOKUP_KEYS.relationship(r.id), r.displayName])),
      ...Object.fromEntries(COUNTRIES.map((c) => [LOOKUP_KEYS.country(c.code), c.name])),
      ...Object.fromEntries(STATES.map((s) => [LOOKUP_KEYS.state(countryCode.get(s.countryId)!, s.code), s.name])),
      ...Object.fromEntries(
        PREFERRED_COMMUNICATIONS.map((p) => [LOOKUP_KEYS.preferredCommunication(p.code), p.displayName]),
      ),
    };
    expect(Object.fromEntries(Object.keys(expected).map((k) => [k, en[k]]))).toEqual(expected);
    for (const l of LANGUAGES) expect(en[LOOKUP_KEYS.language(l.code)], l.code).toEqual(expect.any(String));
  });
});

describe('GET /api/languages/translations', () => {
  it('answers every lookup in the language asked for', async () => {
    const body = await get('/api/languages/translations?language=zh', TranslationsSchema.strict());
    expect(body.locale).toBe('zh');
    expect(body.language).toBe('zh');
    expect(body.relationships[0]).toEqual({ relationshipId: 1, relationshipDisplay: '配偶' });
    expect(body.countries[0]).toMatchObject({ countryNameDisplay: '美国', countryName: 'United States' });
    expect(body.states.find((s) => s.stateName === 'New York')?.stateNameDisplay).toBe('纽约州');
    expect(body.states.length).toBe(STATES.length);
    expect(body.preferredCommunications.map((p) => p.preferredCommunicationDisplay)).toContain('短信');
    expect(body.languages.find((l) => l.languageCode === 'es-MX')?.displayName).toBe('西班牙语');
    // The same lists as the lookup calls answer.
    expect(body.relationships).toEqual(
      await get('/api/lookups/relationships?language=zh', z.array(RelationshipSchema)),
    );
    expect(body.states).toEqual(await get('/api/lookups/states?language=zh', z.array(StateSchema)));
    const spanish = await get('/api/languages/translations?language=ES-mx', TranslationsSchema);
    expect({ locale: spanish.locale, language: spanish.language }).toEqual({ locale: 'es-MX', language: 'es' });
    expect(spanish.countries[0]!.countryNameDisplay).toBe('Estados Unidos');
  });

  it('answers 400 naming language for a missing or unknown language', async () => {
    for (const query of ['', '?language=', '?language=xx', '?language=de-DE', `?language=${'a'.repeat(40)}`]) {
      const res = await t.app.inject({ url: `/api/languages/translations${query}`, headers: bearer(token) });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<ErrorBody>(), query).toMatchObject({ error: 'validation_failed', field: 'language' });
    }
  });
});

describe('access and reference data', () => {
  it('needs a session, of any kind', async () => {
    for (const url of [
      '/api/lookups/relationships',
      '/api/lookups/countries',
      '/api/lookups/languages',
      '/api/languages/translations?language=es-MX',
    ]) {
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

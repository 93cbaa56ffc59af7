import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig } from '../../test/helpers';
import type { Database } from '../db/client';
import { externalSystems, healthSummaryDocuments, patients } from '../db/schema/index';
import { prepareDatabase } from '../startup';
import { DEMO_CCDA_SYSTEMS, demoCcdaDocuments } from './ccda/demo-ccda';
import type { DemoContext } from './demo-context';
import { seedDemoHealthSummaries } from './demo-health-summaries';

let database: Database;
let context: DemoContext;

beforeAll(async () => {
  database = await createTestDatabase();
  await prepareDatabase(database, testConfig(), { info() {} }, { seed: true });
  const idOf = async (mrn: string) =>
    (await database.db.select({ id: patients.id }).from(patients).where(eq(patients.mrn, mrn)))[0]!.id;
  context = {
    riversideId: 1,
    lakesideId: 2,
    janeId: await idOf('RCC-100234'),
    janeUserId: 0,
    johnId: await idOf('RCC-100871'),
    samId: await idOf('LCC-2001'),
    kioskPatientIds: {},
  };
});
afterAll(async () => {
  await database?.close();
});

const systemsOf = (patientId: number) =>
  database.db
    .select({
      id: externalSystems.id,
      externalId: externalSystems.externalId,
      name: externalSystems.name,
      activeTriggerEventTypes: externalSystems.activeTriggerEventTypes,
      sendSecurelyDisabled: externalSystems.sendSecurelyDisabled,
    })
    .from(externalSystems)
    .where(eq(externalSystems.patientId, patientId))
    .orderBy(sql`lower(${externalSystems.name})`);

const documentsOf = (patientId: number) =>
  database.db
    .select()
    .from(healthSummaryDocuments)
    .where(eq(healthSummaryDocuments.patientId, patientId))
    .orderBy(asc(healthSummaryDocuments.id));

describe('the demo health summaries', () => {
  it('gives jane the oncology system and the hospital EHR, john the oncology system, all asked for C-CDA', async () => {
    expect(await systemsOf(context.janeId)).toEqual([
      {
        id: expect.any(Number),
        externalId: 'RCC-ONCOLOGY',
        name: 'Riverside Cancer Center Oncology',
        activeTriggerEventTypes: ['CcdaRequested'],
        sendSecurelyDisabled: false,
      },
      {
        id: expect.any(Number),
        externalId: 'RRH-EHR',
        name: 'Riverside Regional Hospital',
        activeTriggerEventTypes: ['CcdaRequested'],
        sendSecurelyDisabled: false,
      },
    ]);
    expect((await systemsOf(context.johnId)).map((s) => s.externalId)).toEqual(['RCC-ONCOLOGY']);
    expect(DEMO_CCDA_SYSTEMS).toHaveLength(3);
  });

  it('stores every demo document under its system, written within the past year, visits among them', async () => {
    const expected = demoCcdaDocuments();
    const jane = await documentsOf(context.janeId);
    const john = await documentsOf(context.johnId);
    expect(jane).toHaveLength(expected.filter((d) => d.patientMrn === 'RCC-100234').length);
    expect(john).toHaveLength(expected.filter((d) => d.patientMrn === 'RCC-100871').length);
    const systems = new Map((await systemsOf(context.janeId)).map((s) => [s.id, s.externalId]));
    const yearAgo = new Date(Date.now() - 366 * 86_400_000).toISOString().slice(0, 10);
    for (const document of jane) {
      const demo = expected.find((d) => d.externalId === document.externalId)!;
      expect(systems.get(document.externalSystemId), document.externalId).toBe(demo.externalSystemKey);
      expect(document.title).toBe(demo.title);
      expect(document.documentDate >= yearAgo, document.externalId).toBe(true);
      expect(document.xml).toBe(demo.xml);
    }
    expect(jane.filter((d) => d.encounterDate !== null).length).toBeGreaterThanOrEqual(2);
    expect(new Set(jane.map((d) => d.externalSystemId)).size).toBe(2);
  });

  it('changes nothing when it runs again for the same day', async () => {
    const now = new Date();
    await database.db.transaction((tx) => seedDemoHealthSummaries(tx, context, now));
    const before = await database.db.select().from(healthSummaryDocuments).orderBy(asc(healthSummaryDocuments.id));
    const systemsBefore = await database.db.select().from(externalSystems).orderBy(asc(externalSystems.id));
    const outcomes = await database.db.transaction((tx) => seedDemoHealthSummaries(tx, context, now));
    expect(new Set(outcomes)).toEqual(new Set(['unchanged']));
    expect(await database.db.select().from(healthSummaryDocuments).orderBy(asc(healthSummaryDocuments.id))).toEqual(
      before,
    );
    expect(await database.db.select().from(externalSystems).orderBy(asc(externalSystems.id))).toEqual(systemsBefore);
  });
});

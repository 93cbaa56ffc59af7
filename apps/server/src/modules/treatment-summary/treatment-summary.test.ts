import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  TREATMENT_SUMMARY_GROUPS,
  TreatmentSummaryResponseSchema,
  treatmentSummaryFieldKeys,
  treatmentSummaryGroupKey,
  treatmentSummaryLabelKey,
  TREATMENT_SUMMARY_FIELDS,
  TREATMENT_SUMMARY_FIELD_SCHEMAS,
  type TreatmentSummaryItemOf,
  type TreatmentSummaryResponse,
} from '@portal/contracts';
import { bearer, type AccessFixture } from '../../../test/access-fixture';
import {
  openApiApp,
  openSecondApp,
  expectError,
  expectOk,
  type ApiCaller,
  type TestApp,
  type Who,
} from '../../../test/api';
import { captureLogs } from '../../../test/helpers';
import { capabilityProfiles, treatmentSummaryItems } from '../../db/schema/index';
import { DEMO_CAPABILITIES, LAKESIDE_CAPABILITIES } from '../../demo/capabilities';
import { janeItems, johnItems } from '../../demo/demo-treatment-summary';
import { BUNDLED_PACKS } from '../../platform/content/language-packs';
import { itemFields, toTreatmentSummary, type StoredItem } from './treatment-summary.service';

let t: TestApp;
let fx: AccessFixture;
let db: TestApp['database']['db'];
/** Alex Rivera: a demo patient without a treatment summary; tests give him items of their own. */
let alex: { userId: number; patientId: number };
let api: ApiCaller;

beforeAll(async () => {
  ({ t, fx, db, api, alex } = await openApiApp());
});
afterAll(async () => {
  await t?.close();
});

/* ----------------------------------------------------------------- helpers */

const summaryUrl = (patientId: number | string) => `/api/patients/${patientId}/treatmentSummary`;
const countUrl = (patientId: number | string) => `/api/patients/${patientId}/treatmentSummary/UnseenCount`;

const unseenCount = async (patientId: number, who: Who) => expectOk<number>(await api.get(countUrl(patientId), who));

/** Rows of a patient straight from the table: id and reviewed flag. */
const reviewedFlags = async (patientId: number) =>
  db
    .select({ id: treatmentSummaryItems.id, reviewed: treatmentSummaryItems.isPatientReviewed })
    .from(treatmentSummaryItems)
    .where(eq(treatmentSummaryItems.patientId, patientId));

const groupOf = <G extends (typeof TREATMENT_SUMMARY_GROUPS)[number]>(summary: TreatmentSummaryResponse, key: G) =>
  (summary.find((g) => g.key === key)?.value ?? []) as TreatmentSummaryItemOf<G>[];

/* ------------------------------------------------------------ jane's view */

describe('GET /api/patients/:patientId/treatmentSummary (jane)', () => {
  let first: TreatmentSummaryResponse;
  let countBefore: number;

  beforeAll(async () => {
    countBefore = await unseenCount(fx.patientA, 'patientA');
    first = expectOk<TreatmentSummaryResponse>(await api.get(summaryUrl(fx.patientA), 'patientA'));
  });

  it('answers all 17 groups in the clinical order, each item with exactly its group’s fields', () => {
    expect(TreatmentSummaryResponseSchema.safeParse(first).success).toBe(true);
    expect(first.map((g) => g.key)).toEqual([...TREATMENT_SUMMARY_GROUPS]);
    for (const group of first) {
      expect(group.value.length, group.key).toBeGreaterThan(0);
      for (const item of group.value) {
        expect(Object.keys(item).sort(), group.key).toEqual(
          [
            'itemId',
            'isNullMessageHolder',
            'nullMessage',
            'isPatientReviewed',
            ...treatmentSummaryFieldKeys(group.key),
          ].sort(),
        );
      }
    }
  });

  it('writes out a diagnosis: raw values, dates as calendar days, nulls for what is unknown', () => {
    const [diagnosis] = groupOf(first, 'Diagnosis');
    expect(diagnosis).toMatchObject({
      isNullMessageHolder: false,
      nullMessage: null,
      isPatientReviewed: true,
      icdDescriptionFull: 'Malignant neoplasm of upper-outer quadrant of left female breast',
      laterality: 'Left',
      histologyDescription: 'Infiltrating duct carcinoma, NOS',
      stage: 'IIA',
      tStage: 'T2',
      nStage: 'N0',
      mStage: 'M0',
      provider: 'Dr. Priya Raman',
      providerPhone: '5185550105',
      icdCode: 'C50.412',
    });
    expect(diagnosis!.diagnosisDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const [chemo] = groupOf(first, 'Chemotherapy');
    expect(chemo).toMatchObject({ agentName: 'DOXORUBICIN', agentNameDisplay: 'Doxorubicin', cyclesDelivered: 4 });
    const [radiation] = groupOf(first, 'RadiationTherapy');
    expect(radiation).toMatchObject({ displayDeliveredDose: '50 Gy', deliveredFractions: 25, phone: '5185550106' });
  });

  it('keeps items in their stored order within a group', () => {
    expect(groupOf(first, 'Chemotherapy').map((i) => i.agentNameDisplay)).toEqual([
      'Doxorubicin',
      'Cyclophosphamide',
      'Paclitaxel',
    ]);
    expect(groupOf(first, 'TumorMarker').map((i) => i.testType)).toEqual([
      'Estrogen and progesterone receptors (IHC)',
      'HER2 (IHC)',
      'CA 15-3',
      'CA 15-3',
      'CA 15-3',
    ]);
  });

  it('answers a null-message holder with its message and every field null', () => {
    const [transplant, ...rest] = groupOf(first, 'TransplantHistory');
    expect(rest).toEqual([]);
    expect(transplant).toEqual({
      itemId: expect.any(Number),
      isNullMessageHolder: true,
      nullMessage: 'No transplant history recorded.',
      isPatientReviewed: true,
      transplantType: null,
      startDate: null,
      relatedDonor: null,
      relatedDonorDisplay: null,
      providerName: null,
      institution: null,
      providerPhone: null,
      providerEmail: null,
      comment: null,
    });
  });

  it('answers the reviewed flags as they were, then marks every item seen: the count drops to 0', async () => {
    expect(countBefore).toBe(5);
    const unseen = first.flatMap((g) => g.value.filter((i) => !i.isPatientReviewed).map(() => g.key));
    expect(unseen.sort()).toEqual([
      'ClinicalTrial',
      'Comorbidity',
      'HormoneTherapy',
      'SideEffectBundle',
      'TumorMarker',
    ]);
    expect(groupOf(first, 'TumorMarker').map((i) => i.isPatientReviewed)).toEqual([true, true, true, true, false]);
    expect(await unseenCount(fx.patientA, 'patientA')).toBe(0);
    expect((await reviewedFlags(fx.patientA)).every((r) => r.reviewed)).toBe(true);
    const again = expectOk<TreatmentSummaryResponse>(await api.get(summaryUrl(fx.patientA), 'patientA'));
    expect(again.every((g) => g.value.every((i) => i.isPatientReviewed))).toBe(true);
    // Same items, same order: only the flags changed.
    expect(again.flatMap((g) => g.value.map((i) => i.itemId))).toEqual(
      first.flatMap((g) => g.value.map((i) => i.itemId)),
    );
  });

  it('leaves other patients’ items unseen', async () => {
    expect(await unseenCount(fx.patientB, 'patientB')).toBe(2);
  });
});

/* ---------------------------------------------------------- other callers */

describe('who may view a treatment summary', () => {
  it('lets jane’s representative view it, which counts as her view', async () => {
    const [item] = await db
      .insert(treatmentSummaryItems)
      .values({ patientId: fx.patientA, groupName: 'Other', fields: { description: 'Wig fitting' }, sortOrder: 9 })
      .returning({ id: treatmentSummaryItems.id });
    expect(await unseenCount(fx.patientA, 'representativeOfA')).toBe(1);
    const summary = expectOk<TreatmentSummaryResponse>(await api.get(summaryUrl(fx.patientA), 'representativeOfA'));
    const other = groupOf(summary, 'Other');
    expect(other.at(-1)).toMatchObject({ itemId: item!.id, description: 'Wig fitting', isPatientReviewed: false });
    expect(await unseenCount(fx.patientA, 'patientA')).toBe(0);
  });

  it.each([
    ['patientB', 404, 'not_found'],
    ['disabledRepresentative', 404, 'not_found'],
    ['kioskStaff', 404, 'not_found'],
    ['kioskUserOfA', 403, 'forbidden'],
    ['linkUserOfA', 403, 'forbidden'],
    ['anonymous', 401, 'unauthorized'],
  ] as const)('answers %s with %i on both routes, and marks nothing', async (who, status, error) => {
    await db
      .update(treatmentSummaryItems)
      .set({ isPatientReviewed: false })
      .where(eq(treatmentSummaryItems.patientId, fx.patientA));
    expectError(await api.get(summaryUrl(fx.patientA), who), status, error);
    expectError(await api.get(countUrl(fx.patientA), who), status, error);
    expect((await reviewedFlags(fx.patientA)).some((r) => r.reviewed)).toBe(false);
  });

  it('answers 404 for a patient that does not exist and for a malformed patient id (checked before validation)', async () => {
    for (const id of ['999999', 'abc', '0', '-1', '2.5', '99999999999']) {
      expectError(await api.get(summaryUrl(id), 'patientA'), 404, 'not_found');
      expectError(await api.get(countUrl(id), 'patientA'), 404, 'not_found');
    }
  });
});

/* ------------------------------------------------------------------ john */

describe('GET /api/patients/:patientId/treatmentSummary (john)', () => {
  it('answers only the groups he has items in, in the clinical order', async () => {
    expect(await unseenCount(fx.patientB, 'patientB')).toBe(2);
    const summary = expectOk<TreatmentSummaryResponse>(await api.get(summaryUrl(fx.patientB), 'patientB'));
    expect(summary.map((g) => g.key)).toEqual([
      'Diagnosis',
      'TumorMarker',
      'RadiationTherapy',
      'HormoneTherapy',
      'Comorbidity',
      'Allergy',
      'SocialHistory',
    ]);
    expect(groupOf(summary, 'Allergy')).toEqual([
      expect.objectContaining({ isNullMessageHolder: true, nullMessage: 'No known drug allergies.', allergen: null }),
    ]);
    // Fields the seed left out are answered as null.
    expect(groupOf(summary, 'SocialHistory')[0]).toMatchObject({
      socialHistoryId: null,
      smokingYears: 20,
      comment: null,
    });
    expect(await unseenCount(fx.patientB, 'patientB')).toBe(0);
  });
});

/* ------------------------------------------------------- stored data rules */

describe('items as stored', () => {
  it('answers an empty list and a count of 0 for a patient without items', async () => {
    expect(expectOk(await api.get(summaryUrl(alex.patientId), 'alex'))).toEqual([]);
    expect(await unseenCount(alex.patientId, 'alex')).toBe(0);
  });

  it('answers a value of the wrong kind as null, drops unknown keys, and logs names but never values', async () => {
    const logs = captureLogs();
    const second = await openSecondApp(t, { config: { LOG_LEVEL: 'warn' }, logStream: logs.stream });
    try {
      const [row] = await db
        .insert(treatmentSummaryItems)
        .values({
          patientId: alex.patientId,
          groupName: 'Allergy',
          fields: { allergen: 42, onsetDate: 'last spring', response: 'Hives-secret-value', unknownKey: 'x' },
        })
        .returning({ id: treatmentSummaryItems.id });
      const token = await api.tokenOf('alex');
      const res = await second.app.inject({ url: summaryUrl(alex.patientId), headers: bearer(token) });
      const summary = expectOk<TreatmentSummaryResponse>(res);
      expect(summary).toEqual([
        {
          key: 'Allergy',
          value: [
            {
              itemId: row!.id,
              isNullMessageHolder: false,
              nullMessage: null,
              isPatientReviewed: false,
              allergen: null,
              allergyType: null,
              allergyTypeDisplay: null,
              onsetDate: null,
              response: 'Hives-secret-value',
              comment: null,
            },
          ],
        },
      ]);
      const warning = logs.lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.itemId === row!.id);
      expect(warning).toMatchObject({ group: 'Allergy', fields: ['allergen', 'onsetDate'] });
      expect(logs.text()).not.toContain('last spring');
      expect(logs.text()).not.toContain('Hives-secret-value');
    } finally {
      await second.close();
      await db.delete(treatmentSummaryItems).where(eq(treatmentSummaryItems.patientId, alex.patientId));
    }
  });

  it('refuses a group outside the 17 and a null-message holder without a message (table constraints)', async () => {
    await expect(
      db.insert(treatmentSummaryItems).values({ patientId: alex.patientId, groupName: 'Dental' as 'Other' }),
    ).rejects.toThrow();
    await expect(
      db
        .insert(treatmentSummaryItems)
        .values({ patientId: alex.patientId, groupName: 'Other', isNullMessageHolder: true }),
    ).rejects.toThrow();
    await expect(
      db
        .insert(treatmentSummaryItems)
        .values({ patientId: alex.patientId, groupName: 'Other', fields: [] as unknown as Record<string, unknown> }),
    ).rejects.toThrow();
  });
});

/* ----------------------------------------------------------- pure rules */

describe('itemFields and toTreatmentSummary', () => {
  const answerOf = (built: { json: string }) => TreatmentSummaryResponseSchema.parse(JSON.parse(built.json));
  const stored = (over: Partial<StoredItem>): StoredItem => ({
    id: 1,
    groupName: 'Allergy',
    fieldsJson: '{}',
    isNullMessageHolder: false,
    nullMessage: null,
    isPatientReviewed: true,
    ...over,
  });

  it('fills every field of the group, null when absent', () => {
    const { fields, invalid } = itemFields('SideEffectBundle', { termDuration: 'Long-term' }, false);
    expect(fields).toEqual({ termDuration: 'Long-term', sideEffectList: null, comment: null });
    expect(invalid).toEqual([]);
  });

  it('nulls every field of a null-message holder, whatever is stored', () => {
    const { fields } = itemFields('SideEffectBundle', { termDuration: 'Long-term' }, true);
    expect(fields).toEqual({ termDuration: null, sideEffectList: null, comment: null });
  });

  it('reports fields of the wrong kind: a number as text, a date that is not a calendar day, a text as number', () => {
    expect(itemFields('FamilyHistory', { ageAtDiagnosis: '62', relationship: 7 }, false).invalid).toEqual([
      'relationship',
      'ageAtDiagnosis',
    ]);
    expect(itemFields('Surgery', { startDate: '2024-02-30' }, false).invalid).toEqual(['startDate']);
    expect(itemFields('Surgery', { startDate: '2024-02-29' }, false).fields.startDate).toBe('2024-02-29');
  });

  it('answers a fields text seen before alike, reporting its bad fields on every view', () => {
    const bad = stored({ id: 7, groupName: 'FamilyHistory', fieldsJson: '{"relationship": 7, "ageAtDiagnosis": 62}' });
    const parse = vi.spyOn(JSON, 'parse');
    const first = toTreatmentSummary([bad]);
    const again = toTreatmentSummary([{ ...bad, id: 8 }]);
    // Parsed (and checked) once: the second view answers from what the first kept.
    expect(parse.mock.calls.filter(([text]) => text === bad.fieldsJson)).toHaveLength(1);
    parse.mockRestore();
    expect(first.invalid).toEqual([{ itemId: 7, group: 'FamilyHistory', fields: ['relationship'] }]);
    expect(again.invalid).toEqual([{ itemId: 8, group: 'FamilyHistory', fields: ['relationship'] }]);
    const [firstItem] = answerOf(first)[0]!.value as unknown as Record<string, unknown>[];
    const [againItem] = answerOf(again)[0]!.value as unknown as Record<string, unknown>[];
    expect(againItem).toEqual({ ...firstItem, itemId: 8 });
    expect(againItem).toMatchObject({ relationship: null, ageAtDiagnosis: 62 });
    // The same text as a null-message holder is another item: every field null.
    const nullMessage = 'None "known" \\ yet\n— 暂无';
    const holder = toTreatmentSummary([{ ...bad, id: 9, isNullMessageHolder: true, nullMessage }]);
    expect(holder.invalid).toEqual([]);
    expect(answerOf(holder)[0]!.value[0]).toMatchObject({
      itemId: 9,
      isNullMessageHolder: true,
      nullMessage,
      relationship: null,
      ageAtDiagnosis: null,
    });
  });

  it('gives no group a field named like an item’s own keys (the answer writes both into one object)', () => {
    const own = ['itemId', 'isNullMessageHolder', 'nullMessage', 'isPatientReviewed'];
    for (const schema of Object.values(TREATMENT_SUMMARY_FIELD_SCHEMAS)) {
      expect(Object.keys(schema.shape).filter((name) => own.includes(name))).toEqual([]);
    }
  });

  it('orders groups clinically whatever the row order, and leaves out groups without items and unknown groups', () => {
    const summary = answerOf(
      toTreatmentSummary([
        stored({ id: 3, groupName: 'Other' }),
        stored({ id: 1, groupName: 'Allergy' }),
        stored({ id: 2, groupName: 'Diagnosis' }),
        stored({ id: 4, groupName: 'Allergy' }),
        stored({ id: 5, groupName: 'Dental' }),
      ]),
    );
    expect(summary.map((g) => [g.key, g.value.map((i) => i.itemId)])).toEqual([
      ['Diagnosis', [2]],
      ['Allergy', [1, 4]],
      ['Other', [3]],
    ]);
  });
});

/* -------------------------------------------------- seed and configuration */

describe('the demo capability configuration and language packs', () => {
  const treatmentTypes = (modules: typeof DEMO_CAPABILITIES.patient) =>
    modules.find((m) => m.moduleName === 'TreatmentSummary')?.details.find((d) => d.fieldName === 'TreatmentTypes');

  it('grants all 17 groups with most fields, hiding provider emails, trial indicators, ICD codes and record numbers', () => {
    for (const modules of [
      DEMO_CAPABILITIES.patient,
      DEMO_CAPABILITIES.representative,
      LAKESIDE_CAPABILITIES.patient,
    ]) {
      const types = treatmentTypes(modules)!;
      expect(types.details!.map((g) => g.fieldName)).toEqual([...TREATMENT_SUMMARY_GROUPS]);
      for (const group of types.details!) {
        const shown = group.details!.map((f) => f.fieldName);
        const all = TREATMENT_SUMMARY_FIELDS[group.fieldName as (typeof TREATMENT_SUMMARY_GROUPS)[number]].map(
          (f) => f.name,
        );
        expect(shown.length).toBeGreaterThan(0);
        expect(
          all
            .filter((f) => !shown.includes(f))
            .every((f) => ['providerEmail', 'email', 'trialIndicator', 'icdCode', 'socialHistoryId'].includes(f)),
        ).toBe(true);
      }
    }
    const diagnosis = treatmentTypes(DEMO_CAPABILITIES.patient)!.details!.find((g) => g.fieldName === 'Diagnosis')!;
    expect(diagnosis.details!.map((f) => f.fieldName)).not.toContain('icdCode');
    expect(diagnosis.details!.map((f) => f.fieldName)).toContain('icdDescriptionFull');
  });

  it('answers the configuration through the capabilities call, and stores it per facility', async () => {
    const jane = await fx.token('patientA');
    const res = await t.app.inject({
      url: `/api/users/${jane.userId}/capabilities/patientPortal`,
      headers: bearer(jane.bearer),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ modules: typeof DEMO_CAPABILITIES.patient }>();
    expect(treatmentTypes(body.modules)).toEqual(treatmentTypes(DEMO_CAPABILITIES.patient));
    const stored = await db.select({ modules: capabilityProfiles.modules }).from(capabilityProfiles);
    expect(stored.filter((r) => treatmentTypes(r.modules)).length).toBeGreaterThanOrEqual(2);
  });

  it('has a title for every group and a label for every field in every language', () => {
    for (const [language, pack] of Object.entries(BUNDLED_PACKS)) {
      const missing = TREATMENT_SUMMARY_GROUPS.flatMap((group) => [
        treatmentSummaryGroupKey(group),
        ...TREATMENT_SUMMARY_FIELDS[group].map((f) => treatmentSummaryLabelKey(group, f.name)),
      ]).filter((key) => !(key in pack));
      expect(missing, language).toEqual([]);
      for (const key of ['title', 'noItems', 'more', 'less', 'new', 'newCount.other']) {
        expect(pack[`treatmentSummary.${key}`], `${language} ${key}`).toBeTruthy();
      }
    }
    expect(BUNDLED_PACKS.en['treatmentSummary.field.Chemotherapy.trialName']).toBe('Regimen');
    expect(BUNDLED_PACKS.en['treatmentSummary.group.Comorbidity']).toBe('Other Medical Conditions');
    expect(BUNDLED_PACKS.en['treatmentSummary.group.SideEffectBundle']).toBe('Persistent Side Effects');
    expect(BUNDLED_PACKS.en['treatmentSummary.group.GeneticTest']).toBe('Genetics');
  });

  it('seeds dates relative to today', () => {
    const now = new Date('2030-06-15T12:00:00Z');
    const rows = [...janeItems(now), ...johnItems(now)];
    const dates = rows.flatMap((r) =>
      Object.entries(r.fields)
        .filter(([k, v]) => /Date$|lastMenstrualPeriod$/.test(k) && typeof v === 'string')
        .map(([, v]) => v as string),
    );
    expect(dates.length).toBeGreaterThan(20);
    expect(dates.filter((d) => d !== '1900-01-01').every((d) => d <= '2030-06-15' && d > '1980-01-01')).toBe(true);
    expect(rows.some((r) => r.fields.tumorMarkerDate === '2030-06-03')).toBe(true);
  });
});

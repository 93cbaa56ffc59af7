import { afterEach, describe, expect, it } from 'vitest';
import {
  TREATMENT_SUMMARY_FIELDS,
  TREATMENT_SUMMARY_GROUPS,
  type TreatmentFieldSpec,
  type TreatmentSummaryGroup,
} from '@portal/contracts';
import type { TreatmentSummaryItem, TreatmentSummaryResponse } from '@portal/contracts';
import { setDateLocale } from '../../../lib/dates';
import { createTranslator } from '../../../lib/translator';
import {
  fieldValue,
  formatFieldValue,
  formatTreatmentDate,
  isShownDate,
  isShownNumber,
  isShownText,
  newItemCount,
  shownFields,
  shownGroups,
  splitPreview,
  treatmentTypesAccess,
  type TreatmentTypesAccess,
} from './treatment-summary';

/** A pack without the value keys: formatting that needs no words. */
const none = createTranslator({});

const spec = (group: TreatmentSummaryGroup, name: string): TreatmentFieldSpec =>
  TREATMENT_SUMMARY_FIELDS[group].find((f) => f.name === name)!;

/** Grants every group and field, except those listed. */
function access(hidden: { groups?: string[]; fields?: string[] } = {}): TreatmentTypesAccess {
  return {
    hasGroup: (group) => !hidden.groups?.includes(group),
    hasField: (group, field) => !hidden.groups?.includes(group) && !hidden.fields?.includes(`${group}.${field}`),
  };
}

/** An item of a group with every field null, then the given values. */
function item(
  group: TreatmentSummaryGroup,
  values: Record<string, unknown> = {},
  over: Partial<TreatmentSummaryItem> = {},
) {
  const fields = Object.fromEntries(
    TREATMENT_SUMMARY_FIELDS[group].flatMap((f) =>
      [f.name, f.display, f.fallbackText].filter(Boolean).map((k) => [k, null]),
    ),
  );
  return {
    itemId: 1,
    isNullMessageHolder: false,
    nullMessage: null,
    isPatientReviewed: true,
    ...fields,
    ...values,
    ...over,
  } as unknown as TreatmentSummaryItem;
}

afterEach(async () => {
  await setDateLocale('en');
});

describe('the value rules', () => {
  it('shows a text only when it is not blank', () => {
    expect(isShownText('Left')).toBe(true);
    expect(isShownText(' x ')).toBe(true);
    expect(isShownText('')).toBe(false);
    expect(isShownText('   \n')).toBe(false);
    expect(isShownText(null)).toBe(false);
    expect(isShownText(3)).toBe(false);
  });

  it('shows a number only when it is greater than 0', () => {
    expect(isShownNumber(1)).toBe(true);
    expect(isShownNumber(0.5)).toBe(true);
    expect(isShownNumber(0)).toBe(false);
    expect(isShownNumber(-2)).toBe(false);
    expect(isShownNumber(Number.NaN)).toBe(false);
    expect(isShownNumber(Number.POSITIVE_INFINITY)).toBe(false);
    expect(isShownNumber('3')).toBe(false);
    expect(isShownNumber(null)).toBe(false);
  });

  it('shows a date only when it is a real date later than 1 Jan 1900', () => {
    expect(isShownDate('1900-01-02')).toBe(true);
    expect(isShownDate('2025-03-14')).toBe(true);
    expect(isShownDate('2025-03-14T00:00:00')).toBe(true);
    expect(isShownDate('1900-01-01')).toBe(false);
    expect(isShownDate('1899-12-31')).toBe(false);
    expect(isShownDate('0001-01-01')).toBe(false);
    expect(isShownDate('2025-02-30')).toBe(false);
    expect(isShownDate('03/14/2025')).toBe(false);
    expect(isShownDate('')).toBe(false);
    expect(isShownDate(null)).toBe(false);
  });

  it("formats dates with 'L' in the user's language, the calendar day unchanged by time zones", async () => {
    expect(formatTreatmentDate('2025-03-04')).toBe('03/04/2025');
    expect(formatTreatmentDate('2025-12-31T00:00:00')).toBe('12/31/2025');
    await setDateLocale('pt-br');
    // Not DD/MM/YYYY, which reads as another day beside the MM/DD/YYYY of the fixed date-times: the month by name.
    expect(formatTreatmentDate('2025-03-04')).toBe('4 de mar de 2025');
    await setDateLocale('zh');
    expect(formatTreatmentDate('2025-11-30')).toBe('2025年11月30日');
  });
});

describe('fieldValue', () => {
  it('uses the Display variant when it is not blank, else the raw value', () => {
    const agent = spec('Chemotherapy', 'agentName');
    expect(fieldValue({ agentName: 'PACLITAXEL', agentNameDisplay: 'Paclitaxel' }, agent)).toEqual({
      kind: 'text',
      text: 'Paclitaxel',
    });
    expect(fieldValue({ agentName: 'PACLITAXEL', agentNameDisplay: '  ' }, agent)).toEqual({
      kind: 'text',
      text: 'PACLITAXEL',
    });
    expect(fieldValue({ agentName: 'PACLITAXEL', agentNameDisplay: null }, agent)).toEqual({
      kind: 'text',
      text: 'PACLITAXEL',
    });
    expect(fieldValue({ agentName: '', agentNameDisplay: '' }, agent)).toBeNull();
  });

  it('names a coded field’s code from its lookup list, with its Display wording for a code the list lacks', () => {
    const route = spec('Chemotherapy', 'route');
    expect(route.lookup).toBe('route');
    const iv = fieldValue({ route: ' IV ', routeDisplay: 'Intravenous' }, route)!;
    expect(iv).toEqual({ kind: 'coded', list: 'route', code: 'IV', text: 'Intravenous' });
    const spanish = createTranslator({ 'lookups.route.IV': 'Intravenosa' }, 'es-MX');
    expect(formatFieldValue(iv, 'es-MX', spanish)).toBe('Intravenosa');
    // A code the packs do not name: the facility's Display wording, else the code itself.
    const port = fieldValue({ route: 'PORT', routeDisplay: 'Through the port' }, route)!;
    expect(formatFieldValue(port, 'es-MX', spanish)).toBe('Through the port');
    expect(formatFieldValue(fieldValue({ route: 'PORT', routeDisplay: null }, route)!, 'es-MX', spanish)).toBe('PORT');
    // Only a Display, no code: the Display as sent.
    expect(fieldValue({ route: null, routeDisplay: 'By mouth' }, route)).toEqual({ kind: 'text', text: 'By mouth' });
    expect(fieldValue({ route: '', routeDisplay: '' }, route)).toBeNull();
  });

  it('shows a number’s Display variant even when the number is 0, and the number when above 0', () => {
    const packs = spec('SocialHistory', 'smokingPacksPerDay');
    expect(fieldValue({ smokingPacksPerDay: 0, smokingPacksPerDayDisplay: 'Less than half a pack' }, packs)).toEqual({
      kind: 'text',
      text: 'Less than half a pack',
    });
    expect(fieldValue({ smokingPacksPerDay: 1.5, smokingPacksPerDayDisplay: null }, packs)).toEqual({
      kind: 'number',
      number: 1.5,
    });
    expect(fieldValue({ smokingPacksPerDay: 0, smokingPacksPerDayDisplay: null }, packs)).toBeNull();
  });

  it('applies each kind’s rule to raw values', () => {
    expect(fieldValue({ onsetDate: '1900-01-01' }, spec('Allergy', 'onsetDate'))).toBeNull();
    expect(fieldValue({ onsetDate: '1985-06-01' }, spec('Allergy', 'onsetDate'))).toEqual({
      kind: 'date',
      date: '1985-06-01',
    });
    expect(fieldValue({ ageAtDiagnosis: 0 }, spec('FamilyHistory', 'ageAtDiagnosis'))).toBeNull();
    expect(fieldValue({ ageAtDiagnosis: 62 }, spec('FamilyHistory', 'ageAtDiagnosis'))).toEqual({
      kind: 'number',
      number: 62,
    });
    expect(fieldValue({ comment: '  Walks daily. ' }, spec('SocialHistory', 'comment'))).toEqual({
      kind: 'text',
      text: 'Walks daily.',
    });
  });

  it('falls back from the last menstrual period’s date to its text', () => {
    const lmp = spec('GynecologicHistory', 'lastMenstrualPeriod');
    expect(fieldValue({ lastMenstrualPeriod: '2024-05-02', lastMenstrualPeriodText: 'At 51' }, lmp)).toEqual({
      kind: 'date',
      date: '2024-05-02',
    });
    expect(fieldValue({ lastMenstrualPeriod: null, lastMenstrualPeriodText: 'At age 51' }, lmp)).toEqual({
      kind: 'text',
      text: 'At age 51',
    });
    expect(fieldValue({ lastMenstrualPeriod: '1900-01-01', lastMenstrualPeriodText: '' }, lmp)).toBeNull();
  });

  it('marks phone numbers and email addresses, and formats phone numbers', () => {
    const phone = fieldValue({ providerPhone: '5185550300' }, spec('Surgery', 'providerPhone'))!;
    expect(phone).toEqual({ kind: 'phone', text: '5185550300' });
    expect(formatFieldValue(phone, 'en-US', none)).toBe('(518) 555-0300');
    expect(formatFieldValue({ kind: 'phone', text: '555 0300' }, 'en-US', none)).toBe('555-0300');
    expect(formatFieldValue({ kind: 'phone', text: '+44 20 7946 0000' }, 'en-US', none)).toBe('+44 20 7946 0000');
    expect(fieldValue({ email: 'a@b.org' }, spec('HormoneTherapy', 'email'))).toEqual({
      kind: 'email',
      text: 'a@b.org',
    });
  });

  it('formats numbers in the user’s language', () => {
    expect(formatFieldValue({ kind: 'number', number: 1.5 }, 'en-US', none)).toBe('1.5');
    expect(formatFieldValue({ kind: 'number', number: 1.5 }, 'fr-CA', none)).toBe('1,5');
    expect(formatFieldValue({ kind: 'number', number: 1234 }, 'en-US', none)).toBe('1,234');
  });
});

describe('shownFields', () => {
  it('lists the fields with a value in the group’s order, with their label keys', () => {
    const fields = shownFields(
      'RadiationTherapy',
      item('RadiationTherapy', {
        site: 'Left breast',
        startDate: '2025-01-06',
        endDate: '2025-02-07',
        deliveredFractions: 25,
        elapsedDays: 0,
        phone: '5185550310',
        comment: '',
      }),
      access(),
    );
    expect(fields.map((f) => [f.name, f.labelKey])).toEqual([
      ['site', 'treatmentSummary.field.site'],
      ['startDate', 'treatmentSummary.field.RadiationTherapy.startDate'],
      ['endDate', 'treatmentSummary.field.RadiationTherapy.endDate'],
      ['deliveredFractions', 'treatmentSummary.field.deliveredFractions'],
      ['phone', 'treatmentSummary.field.phone'],
    ]);
  });

  it('hides a field the configuration does not list, even with a value', () => {
    const diagnosis = item('Diagnosis', { icdDescriptionFull: 'Breast cancer', icdCode: 'C50.412', stage: 'IIA' });
    expect(shownFields('Diagnosis', diagnosis, access()).map((f) => f.name)).toEqual([
      'icdDescriptionFull',
      'stage',
      'icdCode',
    ]);
    expect(shownFields('Diagnosis', diagnosis, access({ fields: ['Diagnosis.icdCode'] })).map((f) => f.name)).toEqual([
      'icdDescriptionFull',
      'stage',
    ]);
  });

  it('shows nothing of a null-message holder’s fields', () => {
    const holder = item('Allergy', { allergen: 'Penicillin' }, { isNullMessageHolder: true, nullMessage: 'None' });
    expect(shownFields('Allergy', holder, access())).toEqual([]);
  });
});

describe('splitPreview', () => {
  it('keeps the first four before More... and the rest after it', () => {
    expect(splitPreview([1, 2, 3, 4, 5, 6])).toEqual({ preview: [1, 2, 3, 4], rest: [5, 6] });
    expect(splitPreview([1, 2])).toEqual({ preview: [1, 2], rest: [] });
  });
});

describe('shownGroups', () => {
  const summary: TreatmentSummaryResponse = [
    { key: 'Other', value: [item('Other', { description: 'Port placed' }) as never] },
    {
      key: 'Allergy',
      value: [
        item(
          'Allergy',
          {},
          { itemId: 2, isNullMessageHolder: true, nullMessage: ' No known allergies ', isPatientReviewed: false },
        ),
      ] as never,
    },
    {
      key: 'Diagnosis',
      value: [item('Diagnosis', { stage: 'IIA' }, { itemId: 3, isPatientReviewed: false })] as never,
    },
    { key: 'Surgery', value: [] },
    { key: 'TumorMarker', value: [item('TumorMarker', { testType: '', testResult: null }, { itemId: 4 })] as never },
  ];

  it('renders granted groups with something to show, in the clinical order', () => {
    const groups = shownGroups(summary, access());
    expect(groups.map((g) => [g.group, g.titleKey])).toEqual([
      ['Diagnosis', 'treatmentSummary.group.Diagnosis'],
      ['Allergy', 'treatmentSummary.group.Allergy'],
      ['Other', 'treatmentSummary.group.Other'],
    ]);
  });

  it('does not render a group the configuration has no entry for', () => {
    expect(shownGroups(summary, access({ groups: ['Diagnosis'] })).map((g) => g.group)).toEqual(['Allergy', 'Other']);
  });

  it('gives a null-message holder only its message, and marks unreviewed items new', () => {
    const allergy = shownGroups(summary, access()).find((g) => g.group === 'Allergy')!;
    expect(allergy.items).toEqual([{ itemId: 2, isNew: true, nullMessage: 'No known allergies', fields: [] }]);
  });

  it('leaves out an item with nothing left to show once the configuration has hidden its fields', () => {
    expect(shownGroups(summary, access({ fields: ['Diagnosis.stage'] })).map((g) => g.group)).toEqual([
      'Allergy',
      'Other',
    ]);
  });

  it('counts the new items shown', () => {
    expect(newItemCount(shownGroups(summary, access()))).toBe(2);
    expect(newItemCount(shownGroups(summary, access({ groups: ['Allergy'] })))).toBe(1);
    expect(newItemCount([])).toBe(0);
  });

  it('renders nothing for an empty summary or when no group is granted', () => {
    expect(shownGroups([], access())).toEqual([]);
    expect(shownGroups(summary, access({ groups: [...TREATMENT_SUMMARY_GROUPS] }))).toEqual([]);
  });
});

describe('treatmentTypesAccess', () => {
  it('asks the capability tree under TreatmentSummary > TreatmentTypes', () => {
    const asked: string[][] = [];
    const reader = treatmentTypesAccess((moduleName, ...path) => {
      asked.push([moduleName, ...path]);
      return path.at(-1) !== 'icdCode';
    });
    expect(reader.hasGroup('Diagnosis')).toBe(true);
    expect(reader.hasField('Diagnosis', 'icdCode')).toBe(false);
    expect(asked).toEqual([
      ['TreatmentSummary', 'TreatmentTypes', 'Diagnosis'],
      ['TreatmentSummary', 'TreatmentTypes', 'Diagnosis', 'icdCode'],
    ]);
  });
});

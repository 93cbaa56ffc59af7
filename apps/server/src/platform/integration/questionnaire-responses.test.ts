import { describe, expect, it } from 'vitest';
import { FhirQuestionnaireResponseSchema, type QuestionnaireAnswer } from '@portal/contracts';
import {
  questionnaireResponseOf,
  type CompletedAssignment,
  type ResponseDefinition,
  type ResponseDefinitionItem,
} from './questionnaire-responses';
import { fhirIssues } from '../../../test/fhir-validator';

const text = (t: string) => ({ text: t, translations: { es: `${t} (es)` } });
const option = (listAnswerId: number, code: string | null, label: string, isOtherOption = false) => ({
  listAnswerId,
  system: code === null ? null : 'http://loinc.org',
  code,
  text: text(label),
  isOtherOption,
});
const item = (
  questionnaireItemId: number,
  linkId: string,
  type: string,
  fhirType: string,
  extra: Partial<ResponseDefinitionItem> = {},
): ResponseDefinitionItem => ({
  questionnaireItemId,
  linkId,
  type,
  fhirType,
  text: text(`Question ${linkId}`),
  matrixGuid: null,
  options: [],
  ...extra,
});
const YES_NO = [option(1, 'LA33-6', 'Yes'), option(2, 'LA32-8', 'No')];

/** Every kind of item, a table and a question inside two groups (as the import stores them). */
const DEFINITION: ResponseDefinition = {
  url: 'http://example.org/Questionnaire/check',
  version: '3',
  scales: [{ code: 'total', name: text('Total score') }],
  items: [
    item(1, 'intro', 'SectionHeader', 'display'),
    item(2, 'mood', 'Radio', 'choice', { options: YES_NO, groupLinkIds: [] }),
    item(3, 'transport', 'Dropdown', 'open-choice', {
      options: [option(1, 'car', 'Car'), option(2, null, 'Other', true)],
      groupLinkIds: [],
    }),
    item(4, 'symptoms', 'Checkbox', 'choice', {
      options: [option(1, 'a', 'Ache'), option(2, 'b', 'Burn'), option(3, 'other', 'Something else', true)],
      groupLinkIds: [],
    }),
    item(5, 'grid', 'SectionHeader', 'group', { groupLinkIds: [] }),
    item(6, 'grid-1', 'Matrix', 'choice', { options: YES_NO, matrixGuid: 'grid', groupLinkIds: ['grid'] }),
    item(7, 'grid-2', 'Matrix', 'choice', { options: YES_NO, matrixGuid: 'grid', groupLinkIds: ['grid'] }),
    item(8, 'cigarettes', 'Number', 'integer', { groupLinkIds: [] }),
    item(9, 'weight', 'Number', 'decimal', { groupLinkIds: [] }),
    item(10, 'pain', 'Slider', 'integer', { groupLinkIds: [] }),
    item(11, 'visit', 'Date', 'date', { groupLinkIds: [] }),
    item(12, 'visit-time', 'Date', 'dateTime', { groupLinkIds: [] }),
    item(13, 'notes', 'Text', 'text', { groupLinkIds: ['outer', 'inner'] }),
    item(14, 'skipped', 'Text', 'string', { groupLinkIds: [] }),
  ],
};

const answer = (questionnaireItemId: number, fields: Partial<QuestionnaireAnswer>): QuestionnaireAnswer => ({
  questionnaireItemId,
  listAnswerId: null,
  otherOptionText: null,
  isChecked: null,
  numberAnswer: null,
  textAnswer: null,
  dateAnswer: null,
  ...fields,
});

const completed = (overrides: Partial<CompletedAssignment> = {}): CompletedAssignment => ({
  id: 41,
  externalId: 'QA-2026-7',
  templateExternalId: 'PHQ9',
  completedAt: new Date('2026-11-20T14:05:00.000Z'),
  author: { kind: 'patient' },
  scores: [{ code: 'total', score: 7 }],
  answers: [
    answer(2, { listAnswerId: 1 }),
    answer(3, { listAnswerId: 2, otherOptionText: 'A friend drove me' }),
    answer(4, { listAnswerId: 1, isChecked: true }),
    answer(4, { listAnswerId: 2, isChecked: false }),
    answer(4, { listAnswerId: 3, isChecked: true, otherOptionText: 'Itch' }),
    answer(6, { listAnswerId: 2 }),
    answer(7, { listAnswerId: 1 }),
    answer(8, { numberAnswer: 3 }),
    answer(9, { numberAnswer: 71.5 }),
    answer(10, { numberAnswer: 4 }),
    answer(11, { dateAnswer: '2026-10-02' }),
    answer(12, { dateAnswer: '2026-10-03' }),
    answer(13, { textAnswer: 'Tired after lunch' }),
    answer(14, { textAnswer: '   ' }),
  ],
  ...overrides,
});

const FACILITY = { name: 'Riverside Cancer Center' };

describe('questionnaireResponseOf', () => {
  const response = questionnaireResponseOf(DEFINITION, completed(), 'RCC-100234', FACILITY);

  it('is a completed FHIR R4 QuestionnaireResponse of the patient (by MRN) and the questionnaire (url|version)', () => {
    expect(FhirQuestionnaireResponseSchema.parse(response)).toEqual(response);
    // And as a validator no one here wrote reads FHIR R4 (@medplum/core against the base StructureDefinitions).
    expect(fhirIssues(response)).toEqual([]);
    expect(response).toMatchObject({
      resourceType: 'QuestionnaireResponse',
      id: '41',
      identifier: { value: 'QA-2026-7' },
      questionnaire: 'http://example.org/Questionnaire/check|3',
      status: 'completed',
      authored: '2026-11-20T14:05:00.000Z',
      subject: {
        type: 'Patient',
        identifier: {
          type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'MR' }] },
          value: 'RCC-100234',
          assigner: { display: 'Riverside Cancer Center' },
        },
      },
    });
    expect(response.author).toEqual(response.subject);
    expect(response.source).toEqual(response.subject);
  });

  it('answers by linkId: Codings, an other text beside its option, numbers, days and texts; tables nested', () => {
    expect(response.item).toEqual([
      {
        linkId: 'mood',
        text: 'Question mood',
        answer: [{ valueCoding: { system: 'http://loinc.org', code: 'LA33-6', display: 'Yes' } }],
      },
      // The appended 'Other' of an open-choice has no Coding: its text is the answer.
      { linkId: 'transport', text: 'Question transport', answer: [{ valueString: 'A friend drove me' }] },
      {
        linkId: 'symptoms',
        text: 'Question symptoms',
        answer: [
          { valueCoding: { system: 'http://loinc.org', code: 'a', display: 'Ache' } },
          { valueCoding: { system: 'http://loinc.org', code: 'other', display: 'Something else' } },
          { valueString: 'Itch' },
        ],
      },
      {
        linkId: 'grid',
        text: 'Question grid',
        item: [
          {
            linkId: 'grid-1',
            text: 'Question grid-1',
            answer: [{ valueCoding: { system: 'http://loinc.org', code: 'LA32-8', display: 'No' } }],
          },
          {
            linkId: 'grid-2',
            text: 'Question grid-2',
            answer: [{ valueCoding: { system: 'http://loinc.org', code: 'LA33-6', display: 'Yes' } }],
          },
        ],
      },
      { linkId: 'cigarettes', text: 'Question cigarettes', answer: [{ valueInteger: 3 }] },
      { linkId: 'weight', text: 'Question weight', answer: [{ valueDecimal: 71.5 }] },
      { linkId: 'pain', text: 'Question pain', answer: [{ valueInteger: 4 }] },
      { linkId: 'visit', text: 'Question visit', answer: [{ valueDate: '2026-10-02' }] },
      { linkId: 'visit-time', text: 'Question visit-time', answer: [{ valueDateTime: '2026-10-03' }] },
      {
        linkId: 'outer',
        item: [
          {
            linkId: 'inner',
            item: [{ linkId: 'notes', text: 'Question notes', answer: [{ valueString: 'Tired after lunch' }] }],
          },
        ],
      },
    ]);
  });

  it('carries the scores as the portal’s score extension', () => {
    expect(response.extension).toEqual([
      {
        url: 'https://fhir.patient-portal.dev/StructureDefinition/score',
        extension: [
          { url: 'code', valueCode: 'total' },
          { url: 'name', valueString: 'Total score' },
          { url: 'value', valueDecimal: 7 },
        ],
      },
    ]);
  });

  it('names the questionnaire by url alone, or by your template’s identifier, when that is all it has', () => {
    const noVersion = questionnaireResponseOf({ ...DEFINITION, version: null }, completed(), 'M', FACILITY);
    expect(noVersion.questionnaire).toBe('http://example.org/Questionnaire/check');
    const noUrl = questionnaireResponseOf({ ...DEFINITION, url: null }, completed(), 'M', FACILITY);
    expect(noUrl.questionnaire).toBe('Questionnaire/PHQ9');
    const noExternalId = questionnaireResponseOf(DEFINITION, completed({ externalId: null }), 'M', FACILITY);
    expect(noExternalId).not.toHaveProperty('identifier');
  });

  it('names who answered: a representative, or the patient on the kiosk', () => {
    const byRepresentative = questionnaireResponseOf(
      DEFINITION,
      completed({ author: { kind: 'representative', name: 'Robert Doe' } }),
      'M',
      FACILITY,
    );
    expect(byRepresentative.author).toEqual({ type: 'RelatedPerson', display: 'Robert Doe' });
    expect(byRepresentative.source).toEqual({ type: 'RelatedPerson', display: 'Robert Doe' });
    const onKiosk = questionnaireResponseOf(DEFINITION, completed({ author: { kind: 'kiosk' } }), 'M', FACILITY);
    expect(onKiosk.author).toEqual({ type: 'Device', display: 'Patient portal kiosk' });
    expect(onKiosk.source).toMatchObject({ type: 'Patient' });
  });

  it('leaves out unanswered items and a table without answers, and keeps a table’s rows under it without groupLinkIds', () => {
    const legacy: ResponseDefinition = {
      ...DEFINITION,
      items: DEFINITION.items.map(({ groupLinkIds: _g, ...rest }) => rest),
    };
    const only = questionnaireResponseOf(
      legacy,
      completed({ answers: [answer(7, { listAnswerId: 2 })] }),
      'M',
      FACILITY,
    );
    expect(only.item).toEqual([
      {
        linkId: 'grid',
        text: 'Question grid',
        item: [
          {
            linkId: 'grid-2',
            text: 'Question grid-2',
            answer: [{ valueCoding: { system: 'http://loinc.org', code: 'LA32-8', display: 'No' } }],
          },
        ],
      },
    ]);
    expect(questionnaireResponseOf(DEFINITION, completed({ answers: [] }), 'M', FACILITY).item).toEqual([]);
  });

  it('answers a calculated total with its score, in the Questionnaire’s place and groups, as the item’s type takes it', () => {
    const calculation = (fhirType: string, position: number, groupLinkIds: string[] = []) => ({
      linkId: 'sum',
      fhirType,
      text: 'Total score',
      groupLinkIds,
      position,
    });
    const withTotal = (fhirType: string, position: number, groupLinkIds?: string[]): ResponseDefinition => ({
      ...DEFINITION,
      scales: [
        { code: 'total', name: text('Total score'), calculation: calculation(fhirType, position, groupLinkIds) },
      ],
    });
    const two = [answer(2, { listAnswerId: 1 }), answer(8, { numberAnswer: 3 })];
    // After mood (item 2, position 2) and before transport: in the order the Questionnaire gives.
    const decimal = questionnaireResponseOf(withTotal('decimal', 2), completed({ answers: two }), 'M', FACILITY);
    expect(FhirQuestionnaireResponseSchema.parse(decimal)).toEqual(decimal);
    expect(fhirIssues(decimal)).toEqual([]);
    expect(decimal.item.map((i) => [i.linkId, i.answer])).toEqual([
      ['mood', [{ valueCoding: { system: 'http://loinc.org', code: 'LA33-6', display: 'Yes' } }]],
      ['sum', [{ valueDecimal: 7 }]],
      ['cigarettes', [{ valueInteger: 3 }]],
    ]);
    const integer = questionnaireResponseOf(
      withTotal('integer', DEFINITION.items.length, ['outer']),
      completed({ answers: two }),
      'M',
      FACILITY,
    );
    expect(integer.item.at(-1)).toEqual({
      linkId: 'outer',
      item: [{ linkId: 'sum', text: 'Total score', answer: [{ valueInteger: 7 }] }],
    });
    // A total that is not a whole number is no integer answer; a score not stored (nothing answered) none at all.
    const fraction = completed({ answers: two, scores: [{ code: 'total', score: 7.5 }] });
    expect(
      questionnaireResponseOf(withTotal('integer', 2), fraction, 'M', FACILITY).item.some((i) => i.linkId === 'sum'),
    ).toBe(false);
    const unscored = completed({ answers: two, scores: [] });
    expect(
      questionnaireResponseOf(withTotal('decimal', 2), unscored, 'M', FACILITY).item.some((i) => i.linkId === 'sum'),
    ).toBe(false);
  });
});

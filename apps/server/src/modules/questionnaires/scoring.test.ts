import { describe, expect, it } from 'vitest';
import type { QuestionnaireAnswer } from '@portal/contracts';
import { TEST_DEFINITION } from '../../../test/questionnaire-fixture';
import type { QuestionnaireDefinition } from './definition';
import { itemScore, scoreAnswers, scoreMessages } from './scoring';

const answer = (questionnaireItemId: number, values: Partial<QuestionnaireAnswer>): QuestionnaireAnswer => ({
  questionnaireItemId,
  listAnswerId: null,
  otherOptionText: null,
  isChecked: null,
  numberAnswer: null,
  textAnswer: null,
  dateAnswer: null,
  ...values,
});
const choice = (id: number, listAnswerId: number) => answer(id, { listAnswerId });
const checked = (id: number, listAnswerId: number, isChecked = true) => answer(id, { listAnswerId, isChecked });
const num = (id: number, numberAnswer: number) => answer(id, { numberAnswer });

const item = (id: number) => TEST_DEFINITION.items.find((i) => i.questionnaireItemId === id)!;

describe('itemScore', () => {
  it('is the chosen option’s ordinal for a radio or a matrix row', () => {
    expect(itemScore(item(4), [choice(4, 3)])).toBe(2);
    expect(itemScore(item(6), [choice(6, 4)])).toBe(3);
  });

  it('adds the ordinals of every checked option of a checkbox, not the unchecked ones; Other has none (0)', () => {
    expect(itemScore(item(5), [checked(5, 1), checked(5, 3), checked(5, 2, false), checked(5, 4)])).toBe(3);
  });

  it('is the value of a number or a slider', () => {
    expect(itemScore(item(8), [num(8, 7)])).toBe(7);
    expect(itemScore(item(9), [num(9, 6)])).toBe(6);
  });

  it('is 0 for an unanswered item or one whose options carry no ordinal', () => {
    expect(itemScore(item(4), [])).toBe(0);
    expect(itemScore(item(3), [choice(3, 2)])).toBe(0);
  });
});

describe('scoreAnswers', () => {
  const full = [
    answer(2, { dateAnswer: '2026-01-05' }),
    choice(3, 1),
    choice(4, 3), // 2
    checked(5, 1), // 1
    checked(5, 3), // 2
    choice(6, 2), // 1
    choice(7, 3), // 2
    num(8, 7),
    num(9, 6),
    answer(10, { textAnswer: 'Nothing else' }),
  ];

  it('scores every scale of the definition, in its order', () => {
    expect(scoreAnswers(TEST_DEFINITION, full)).toEqual([
      // Every item with scored options: the radio, the checkbox and both matrix rows (not the number or slider).
      { code: 'total', score: 2 + 3 + 1 + 2 },
      // The matrix named by its table's linkId: both rows.
      { code: 'anxiety', score: 3 },
      { code: 'pain', score: 6 },
      { code: 'sleep', score: 7 },
    ]);
  });

  it('scores 0 for a questionnaire answered with nothing scored', () => {
    expect(scoreAnswers(TEST_DEFINITION, [])).toEqual([
      { code: 'total', score: 0 },
      { code: 'anxiety', score: 0 },
      { code: 'pain', score: 0 },
      { code: 'sleep', score: 0 },
    ]);
  });

  it('ignores answers to items a scale does not name', () => {
    expect(scoreAnswers(TEST_DEFINITION, [num(9, 10)])).toContainEqual({ code: 'total', score: 0 });
  });

  it('adds decimal ordinals without binary noise', () => {
    const definition: QuestionnaireDefinition = {
      ...TEST_DEFINITION,
      items: [
        {
          ...item(4),
          options: item(4).options.map((o, i) => ({ ...o, ordinal: [0.1, 0.2, 0.3, 0.4][i]! })),
        },
        { ...item(6), options: item(6).options.map((o, i) => ({ ...o, ordinal: [0.1, 0.2, 0.3, 0.4][i]! })) },
      ],
      scales: [{ code: 'total', name: { text: 'Total', translations: {} }, linkIds: null, ranges: [] }],
    };
    expect(scoreAnswers(definition, [choice(4, 1), choice(6, 2)])).toEqual([{ code: 'total', score: 0.3 }]);
  });

  it('has no scores for a definition without scales', () => {
    expect(scoreAnswers({ ...TEST_DEFINITION, scales: [] }, full)).toEqual([]);
  });
});

describe('scoreMessages', () => {
  const stored = [
    { code: 'total', score: 5 },
    { code: 'anxiety', score: 2 },
    { code: 'pain', score: 11 },
    { code: 'sleep', score: 7 },
  ];

  it('names each score and gives the message of the range that holds it (both ends included)', () => {
    expect(scoreMessages(TEST_DEFINITION, stored, 'en-US')).toEqual([
      { scoreCode: 'total', scoreName: 'Total score', score: 5, patientMessageOnCompletion: 'Mild symptoms.' },
      { scoreCode: 'anxiety', scoreName: 'Anxiety', score: 2, patientMessageOnCompletion: 'Low anxiety.' },
      // Outside every range, or a scale without ranges: no message.
      { scoreCode: 'pain', scoreName: 'Pain', score: 11, patientMessageOnCompletion: null },
      { scoreCode: 'sleep', scoreName: 'Sleep', score: 7, patientMessageOnCompletion: null },
    ]);
  });

  it('reads the names and messages in the reader’s language (a locale or a bare language), else the base text', () => {
    const es = scoreMessages(TEST_DEFINITION, stored, 'es-MX');
    expect(es[0]).toMatchObject({ scoreName: 'Puntuación total', patientMessageOnCompletion: 'Síntomas leves.' });
    expect(scoreMessages(TEST_DEFINITION, stored, 'es')[1]).toMatchObject({ scoreName: 'Ansiedad' });
    expect(scoreMessages(TEST_DEFINITION, stored, 'fr-CA')[0]).toMatchObject({ scoreName: 'Total score' });
  });

  it('keeps a score whose scale the definition no longer has, named by its code', () => {
    expect(scoreMessages(TEST_DEFINITION, [{ code: 'retired', score: 1 }], 'en-US')).toEqual([
      { scoreCode: 'retired', scoreName: 'retired', score: 1, patientMessageOnCompletion: null },
    ]);
  });

  it('reads the first range holding a score on a shared edge', () => {
    const definition: QuestionnaireDefinition = {
      ...TEST_DEFINITION,
      scales: [
        {
          code: 'x',
          name: { text: 'X', translations: {} },
          linkIds: null,
          ranges: [
            { min: 0, max: 5, message: { text: 'low', translations: {} } },
            { min: 5, max: 10, message: { text: 'high', translations: {} } },
          ],
        },
      ],
    };
    expect(scoreMessages(definition, [{ code: 'x', score: 5 }], 'en-US')[0]!.patientMessageOnCompletion).toBe('low');
  });
});

import { describe, expect, it } from 'vitest';
import type { QuestionnaireAnswer } from '@portal/contracts';
import { TEST_DEFINITION } from '../../../test/questionnaire-fixture';
import type { QuestionnaireDefinition, StoredInterpretation } from './definition';
import { itemScore, safetyMessages, scoreAnswers, scoreMessages } from './scoring';

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
      {
        scoreCode: 'total',
        scoreName: 'Total score',
        score: 5,
        patientMessageOnCompletion: 'Mild symptoms.',
        interpretation: null,
      },
      {
        scoreCode: 'anxiety',
        scoreName: 'Anxiety',
        score: 2,
        patientMessageOnCompletion: 'Low anxiety.',
        interpretation: null,
      },
      // Outside every range, or a scale without ranges: no message.
      { scoreCode: 'pain', scoreName: 'Pain', score: 11, patientMessageOnCompletion: null, interpretation: null },
      { scoreCode: 'sleep', scoreName: 'Sleep', score: 7, patientMessageOnCompletion: null, interpretation: null },
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
      { scoreCode: 'retired', scoreName: 'retired', score: 1, patientMessageOnCompletion: null, interpretation: null },
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

/* ------------------------------------------------ a facility's interpretation (issue 32, finding 6) */

const five = (en: string) => ({ en, es: `${en} (es)`, fr: `${en} (fr)`, pt: `${en} (pt)`, zh: `${en} (zh)` });

const INTERPRETATION: StoredInterpretation = {
  bands: [
    { min: 0, max: 4, label: five('Minimal') },
    { min: 5, max: 9, label: five('Mild') },
    { scoreCode: 'sleep', min: 5, max: 10, label: five('Poor sleep') },
  ],
  safetyMessages: [
    // 'interest' (item 4): option 3 scores 2, option 2 scores 1, option 1 scores 0.
    { when: { kind: 'item', linkId: 'interest', min: 1 }, message: five('Call us today') },
    { when: { kind: 'score', min: 5, max: 9 }, message: five('Talk with your care team') },
    { when: { kind: 'score', scoreCode: 'sleep', min: 8 }, message: five('Sleep clinic') },
  ],
};

describe('bands', () => {
  it('labels each score by the band holding it (the first score when the band names none), in the reader’s language', () => {
    const stored = [
      { code: 'total', score: 5 },
      { code: 'anxiety', score: 2 },
      { code: 'sleep', score: 7 },
    ];
    const en = scoreMessages(TEST_DEFINITION, stored, 'en-US', INTERPRETATION);
    expect(en.map((s) => [s.scoreCode, s.interpretation])).toEqual([
      ['total', 'Mild'],
      ['anxiety', null],
      ['sleep', 'Poor sleep'],
    ]);
    // The template's own range message comes first; a score without one reads the band's label.
    expect(en[0]?.patientMessageOnCompletion).toBe('Mild symptoms.');
    expect(en[2]?.patientMessageOnCompletion).toBe('Poor sleep');
    expect(scoreMessages(TEST_DEFINITION, stored, 'es-MX', INTERPRETATION)[2]).toMatchObject({
      interpretation: 'Poor sleep (es)',
      patientMessageOnCompletion: 'Poor sleep (es)',
    });
    expect(scoreMessages(TEST_DEFINITION, stored, 'zh', INTERPRETATION)[0]?.interpretation).toBe('Mild (zh)');
    // Both ends are in; outside every band, none.
    expect(scoreMessages(TEST_DEFINITION, [{ code: 'total', score: 9 }], 'en', INTERPRETATION)[0]?.interpretation).toBe(
      'Mild',
    );
    expect(
      scoreMessages(TEST_DEFINITION, [{ code: 'total', score: 10 }], 'en', INTERPRETATION)[0]?.interpretation,
    ).toBeNull();
  });
});

describe('safetyMessages', () => {
  const stored = (total: number, sleep: number) => [
    { code: 'total', score: total },
    { code: 'sleep', score: sleep },
  ];

  it('gives the message of a question whose score is in the rule’s range, only when it was answered', () => {
    expect(safetyMessages(TEST_DEFINITION, [choice(4, 2)], stored(0, 0), INTERPRETATION, 'en')).toEqual([
      'Call us today',
    ]);
    expect(safetyMessages(TEST_DEFINITION, [choice(4, 3)], stored(0, 0), INTERPRETATION, 'fr-CA')).toEqual([
      'Call us today (fr)',
    ]);
    expect(safetyMessages(TEST_DEFINITION, [choice(4, 1)], stored(0, 0), INTERPRETATION, 'en')).toEqual([]);
    const belowZero: StoredInterpretation = {
      bands: [],
      safetyMessages: [{ when: { kind: 'item', linkId: 'interest', min: -1, max: 0 }, message: five('Unanswered?') }],
    };
    expect(safetyMessages(TEST_DEFINITION, [], stored(0, 0), belowZero, 'en')).toEqual([]);
  });

  it('gives the messages of scores in range, in the rules’ order, after the question’s', () => {
    expect(safetyMessages(TEST_DEFINITION, [choice(4, 3)], stored(6, 9), INTERPRETATION, 'pt-BR')).toEqual([
      'Call us today (pt)',
      'Talk with your care team (pt)',
      'Sleep clinic (pt)',
    ]);
    expect(safetyMessages(TEST_DEFINITION, [], stored(10, 7), INTERPRETATION, 'en')).toEqual([]);
  });

  it('is empty without an interpretation', () => {
    expect(safetyMessages(TEST_DEFINITION, [choice(4, 3)], stored(6, 9), null, 'en')).toEqual([]);
  });
});

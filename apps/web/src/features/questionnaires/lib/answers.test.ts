import { describe, expect, it } from 'vitest';
import type { QuestionnaireItem, QuestionnaireItemType } from '@portal/contracts';
import {
  answerOf,
  answersKey,
  checkedOf,
  chooseOption,
  emptyAnswer,
  firstInvalidItem,
  itemBlocks,
  loadAnswers,
  problemKey,
  problemsByItem,
  setDate,
  setNumber,
  setOtherText,
  setText,
  toggleOption,
} from './answers';

const options = (...texts: string[]) =>
  texts.map((text, i) => ({
    listAnswerId: i + 1,
    formattedText: text,
    isOtherOption: text === 'Other',
    isOtherTextValid: true,
  }));

function item(id: number, type: QuestionnaireItemType, patch: Partial<QuestionnaireItem> = {}): QuestionnaireItem {
  return {
    questionnaireItemId: id,
    questionnaireItemType: type,
    sortOrder: id,
    formattedText: `Question ${id}`,
    questionMatrixGuid: null,
    questionNumber: null,
    isRequired: true,
    isValid: true,
    listAnswers: [],
    lowerBound: null,
    upperBound: null,
    lowerBoundLabel: null,
    upperBoundLabel: null,
    isMultiLine: false,
    ...patch,
  };
}

const radio = item(1, 'Radio', { listAnswers: options('Yes', 'No', 'Other') });
const boxes = item(2, 'Checkbox', { listAnswers: options('Pain', 'Fatigue', 'Other') });

describe('choosing one option', () => {
  it('keeps one answer per item and clears it with null', () => {
    let answers = chooseOption([], radio, 1);
    answers = chooseOption(answers, radio, 2);
    expect(answers).toEqual([{ ...emptyAnswer(1), listAnswerId: 2 }]);
    expect(chooseOption(answers, radio, null)).toEqual([]);
  });

  it("keeps the 'Other' text only while Other is the chosen option", () => {
    let answers = chooseOption([], radio, 3);
    answers = setOtherText(answers, radio, 3, 'My own words');
    expect(answerOf(answers, 1)?.otherOptionText).toBe('My own words');
    // Choosing it again keeps the text; choosing another option clears it, and coming back finds it empty.
    expect(answerOf(chooseOption(answers, radio, 3), 1)?.otherOptionText).toBe('My own words');
    answers = chooseOption(answers, radio, 1);
    expect(answerOf(answers, 1)?.otherOptionText).toBeNull();
    expect(answerOf(chooseOption(answers, radio, 3), 1)?.otherOptionText).toBeNull();
  });

  it("ignores 'Other' text for an option that is not chosen or not an 'Other' option", () => {
    const answers = chooseOption([], radio, 1);
    expect(setOtherText(answers, radio, 3, 'x')).toEqual(answers);
    expect(answerOf(setOtherText(answers, radio, 1, 'x'), 1)?.otherOptionText).toBeNull();
  });

  it('leaves the other items alone', () => {
    const answers = setText([], 9, 'kept');
    expect(answerOf(chooseOption(answers, radio, 1), 9)?.textAnswer).toBe('kept');
  });
});

describe('checkboxes', () => {
  it('holds one checked answer per option and drops an unchecked one with its text', () => {
    let answers = toggleOption([], boxes, 1, true);
    answers = toggleOption(answers, boxes, 3, true);
    answers = setOtherText(answers, boxes, 3, 'Numbness');
    expect(checkedOf(answers, 2).map((a) => [a.listAnswerId, a.isChecked, a.otherOptionText])).toEqual([
      [1, true, null],
      [3, true, 'Numbness'],
    ]);
    answers = toggleOption(answers, boxes, 3, false);
    expect(checkedOf(answers, 2).map((a) => a.listAnswerId)).toEqual([1]);
    answers = toggleOption(answers, boxes, 3, true);
    expect(checkedOf(answers, 2).find((a) => a.listAnswerId === 3)?.otherOptionText).toBeNull();
  });
});

describe('values', () => {
  it('sets and clears numbers, texts and dates', () => {
    expect(answerOf(setNumber([], 4, 7), 4)?.numberAnswer).toBe(7);
    expect(answerOf(setNumber([], 4, 0), 4)?.numberAnswer).toBe(0);
    expect(setNumber(setNumber([], 4, 7), 4, null)).toEqual([]);
    expect(setNumber([], 4, Number.NaN)).toEqual([]);
    expect(answerOf(setText([], 5, 'hello'), 5)?.textAnswer).toBe('hello');
    expect(setText(setText([], 5, 'hello'), 5, '')).toEqual([]);
    expect(answerOf(setText([], 5, 'x'.repeat(2500)), 5)?.textAnswer).toHaveLength(2000);
    expect(answerOf(setDate([], 6, '2026-03-05'), 6)?.dateAnswer).toBe('2026-03-05');
    expect(setDate(setDate([], 6, '2026-03-05'), 6, '')).toEqual([]);
  });
});

describe('validation on every change', () => {
  const items = [
    item(1, 'SectionHeader'),
    radio,
    item(3, 'Number', { lowerBound: 0, upperBound: 10 }),
    item(4, 'Text', { isRequired: false }),
  ];

  it("marks required items 'Required' until answered, and an Other without its text", () => {
    let answers = chooseOption([], { ...radio, questionnaireItemId: 1 }, null);
    const r = { ...radio, questionnaireItemId: 2 };
    const list = [items[0]!, r, items[2]!, items[3]!];
    expect([...problemsByItem(list, answers)]).toEqual([
      [2, 'required'],
      [3, 'required'],
    ]);
    answers = chooseOption(answers, r, 3);
    answers = setNumber(answers, 3, 11);
    expect([...problemsByItem(list, answers)]).toEqual([
      [2, 'otherTextRequired'],
      [3, 'outOfRange'],
    ]);
    answers = setOtherText(answers, r, 3, 'Sometimes');
    answers = setNumber(answers, 3, 10);
    expect(problemsByItem(list, answers).size).toBe(0);
  });

  it('names the message of each problem', () => {
    const bounds = { lowerBound: 0, upperBound: 10 };
    expect(problemKey('required', bounds)).toBe('common.required');
    expect(problemKey('otherTextRequired', bounds)).toBe('common.required');
    expect(problemKey('tooLong', bounds)).toBe('common.maxLength');
    expect(problemKey('outOfRange', bounds)).toBe('questionnaires.numberRange');
    expect(problemKey('outOfRange', { lowerBound: 0, upperBound: null })).toBe('common.minValue');
    expect(problemKey('outOfRange', { lowerBound: null, upperBound: 10 })).toBe('common.maxValue');
    expect(problemKey('unknownOption', bounds)).toBe('questionnaires.chooseAgain');
  });
});

describe('blocks of the page', () => {
  const m = (id: number, sortOrder: number) =>
    item(id, 'Matrix', { questionMatrixGuid: 'feelings', sortOrder, listAnswers: options('Never', 'Often') });

  it('orders by sortOrder and groups a matrix’s rows where its first row is', () => {
    const blocks = itemBlocks([
      item(1, 'Text', { sortOrder: 5 }),
      m(3, 3),
      item(2, 'SectionHeader', { sortOrder: 1 }),
      m(4, 4),
    ]);
    expect(
      blocks.map((b) => (b.kind === 'item' ? b.item.questionnaireItemId : b.rows.map((r) => r.questionnaireItemId))),
    ).toEqual([2, [3, 4], 1]);
  });

  it('finds the first invalid item in the page’s order', () => {
    const blocks = itemBlocks([item(1, 'Text', { sortOrder: 9 }), m(3, 3), m(4, 4)]);
    expect(
      firstInvalidItem(
        blocks,
        new Map([
          [1, 'required' as const],
          [4, 'required' as const],
        ]),
      ),
    ).toBe(4);
    expect(firstInvalidItem(blocks, new Map())).toBeNull();
  });
});

describe('a saved draft', () => {
  it('keeps only answers to the questionnaire’s items and compares regardless of order', () => {
    const loaded = loadAnswers(
      [radio, boxes],
      [
        { ...emptyAnswer(1), listAnswerId: 2 },
        { ...emptyAnswer(99), textAnswer: 'stale' },
        { ...emptyAnswer(2), listAnswerId: 1, isChecked: true },
      ],
    );
    expect(loaded.map((a) => a.questionnaireItemId)).toEqual([1, 2]);
    expect(answersKey(loaded)).toBe(answersKey([...loaded].reverse()));
    expect(answersKey(loaded)).not.toBe(answersKey(chooseOption(loaded, radio, 1)));
  });
});

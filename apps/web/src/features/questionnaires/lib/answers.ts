import {
  QUESTIONNAIRE_TEXT_MAX,
  otherTextAfterChoice,
  questionnaireProblems,
  type ItemProblem,
  type QuestionnaireAnswer,
  type QuestionnaireItem,
} from '@portal/contracts';

// The answers of the completion page, free of React so they are tested alone: one function per kind of change,
// each answering the whole new list (the page re-validates it after every change, spec 001 section 4).

export type Answers = readonly QuestionnaireAnswer[];

export function emptyAnswer(questionnaireItemId: number): QuestionnaireAnswer {
  return {
    questionnaireItemId,
    listAnswerId: null,
    otherOptionText: null,
    isChecked: null,
    numberAnswer: null,
    textAnswer: null,
    dateAnswer: null,
  };
}

const others = (answers: Answers, itemId: number) => answers.filter((a) => a.questionnaireItemId !== itemId);
const mine = (answers: Answers, itemId: number) => answers.filter((a) => a.questionnaireItemId === itemId);

/**
 * Radio, dropdown and matrix row: one option (null clears the item). The 'Other' text stays only while its
 * option is the chosen one; choosing another option clears it.
 */
export function chooseOption(answers: Answers, item: QuestionnaireItem, listAnswerId: number | null): Answers {
  if (listAnswerId === null) return others(answers, item.questionnaireItemId);
  const option = item.listAnswers.find((o) => o.listAnswerId === listAnswerId);
  const before = mine(answers, item.questionnaireItemId).find((a) => a.listAnswerId === listAnswerId);
  return [
    ...others(answers, item.questionnaireItemId),
    {
      ...emptyAnswer(item.questionnaireItemId),
      listAnswerId,
      otherOptionText: otherTextAfterChoice(option, true, before?.otherOptionText ?? null),
    },
  ];
}

/** Checkbox: one answer per checked option; unchecking an option drops it (and its 'Other' text). */
export function toggleOption(
  answers: Answers,
  item: QuestionnaireItem,
  listAnswerId: number,
  checked: boolean,
): Answers {
  const kept = answers.filter(
    (a) => !(a.questionnaireItemId === item.questionnaireItemId && a.listAnswerId === listAnswerId),
  );
  if (!checked) return kept;
  return [...kept, { ...emptyAnswer(item.questionnaireItemId), listAnswerId, isChecked: true }];
}

/** The text of a chosen 'Other' option (ignored while the option is not chosen: its box is disabled). */
export function setOtherText(answers: Answers, item: QuestionnaireItem, listAnswerId: number, text: string): Answers {
  const option = item.listAnswers.find((o) => o.listAnswerId === listAnswerId);
  const value = text.slice(0, QUESTIONNAIRE_TEXT_MAX);
  return answers.map((a) =>
    a.questionnaireItemId === item.questionnaireItemId && a.listAnswerId === listAnswerId
      ? { ...a, otherOptionText: otherTextAfterChoice(option, true, value) }
      : a,
  );
}

function single(answers: Answers, itemId: number, patch: Partial<QuestionnaireAnswer> | null): Answers {
  return patch === null ? others(answers, itemId) : [...others(answers, itemId), { ...emptyAnswer(itemId), ...patch }];
}

/** Number and slider: a value, or null to clear it. */
export function setNumber(answers: Answers, itemId: number, value: number | null): Answers {
  return single(answers, itemId, value === null || !Number.isFinite(value) ? null : { numberAnswer: value });
}

/** Text: kept as typed (at most 2000 characters); empty clears it. */
export function setText(answers: Answers, itemId: number, text: string): Answers {
  return single(answers, itemId, text === '' ? null : { textAnswer: text.slice(0, QUESTIONNAIRE_TEXT_MAX) });
}

/** Date: a calendar day YYYY-MM-DD as the date field gives it (never moved by a time zone); empty clears it. */
export function setDate(answers: Answers, itemId: number, day: string): Answers {
  return single(answers, itemId, /^\d{4}-\d{2}-\d{2}$/.test(day) ? { dateAnswer: day } : null);
}

/** The answer an item of one value has (number, slider, text, date, radio, dropdown, matrix row). */
export function answerOf(answers: Answers, itemId: number): QuestionnaireAnswer | undefined {
  return answers.find((a) => a.questionnaireItemId === itemId);
}

/** The checked options of a checkbox item. */
export function checkedOf(answers: Answers, itemId: number): QuestionnaireAnswer[] {
  return answers.filter((a) => a.questionnaireItemId === itemId && a.isChecked === true && a.listAnswerId !== null);
}

/**
 * The saved answers (a draft, possibly from another device) as the page holds them: only answers to the
 * questionnaire's own items, every field present.
 */
export function loadAnswers(items: readonly QuestionnaireItem[], saved: Answers): QuestionnaireAnswer[] {
  const ids = new Set(items.map((i) => i.questionnaireItemId));
  return saved
    .filter((a) => ids.has(a.questionnaireItemId))
    .map((a) => ({ ...emptyAnswer(a.questionnaireItemId), ...a }));
}

/** A canonical form of the answers: two lists with the same answers in another order compare equal. */
export function answersKey(answers: Answers): string {
  const rows = answers.map((a) =>
    JSON.stringify([
      a.questionnaireItemId,
      a.listAnswerId,
      a.otherOptionText,
      a.isChecked,
      a.numberAnswer,
      a.textAnswer,
      a.dateAnswer,
    ]),
  );
  return rows.sort().join('\n');
}

/** What is wrong with each item, by item id (the rules shared with the server). */
export function problemsByItem(items: readonly QuestionnaireItem[], answers: Answers): Map<number, ItemProblem> {
  return new Map(questionnaireProblems(items, answers).map((p) => [p.questionnaireItemId, p.problem]));
}

/** The items in their order, a matrix's rows (items sharing a questionMatrixGuid) together as one block. */
export type ItemBlock =
  { kind: 'item'; item: QuestionnaireItem } | { kind: 'matrix'; guid: string; rows: QuestionnaireItem[] };

export function itemBlocks(items: readonly QuestionnaireItem[]): ItemBlock[] {
  const sorted = [...items].sort((a, b) => a.sortOrder - b.sortOrder || a.questionnaireItemId - b.questionnaireItemId);
  const blocks: ItemBlock[] = [];
  const matrices = new Map<string, { kind: 'matrix'; guid: string; rows: QuestionnaireItem[] }>();
  for (const item of sorted) {
    const guid =
      item.questionnaireItemType === 'Matrix' ? (item.questionMatrixGuid ?? `item-${item.questionnaireItemId}`) : null;
    if (guid === null) {
      blocks.push({ kind: 'item', item });
      continue;
    }
    const existing = matrices.get(guid);
    if (existing) {
      existing.rows.push(item);
    } else {
      const block = { kind: 'matrix' as const, guid, rows: [item] };
      matrices.set(guid, block);
      blocks.push(block);
    }
  }
  return blocks;
}

/** The first item, in the page's order, that has a problem (where the keyboard goes after a failed submit). */
export function firstInvalidItem(
  blocks: readonly ItemBlock[],
  problems: ReadonlyMap<number, ItemProblem>,
): number | null {
  for (const block of blocks) {
    const rows = block.kind === 'item' ? [block.item] : block.rows;
    const found = rows.find((r) => problems.has(r.questionnaireItemId));
    if (found) return found.questionnaireItemId;
  }
  return null;
}

/** The language-pack key of the message under an item with a problem ('Required' for a missing answer). */
export function problemKey(problem: ItemProblem, item: Pick<QuestionnaireItem, 'lowerBound' | 'upperBound'>): string {
  switch (problem) {
    case 'required':
    case 'otherTextRequired':
      return 'common.required';
    case 'tooLong':
      return 'common.maxLength';
    case 'outOfRange':
      if (item.lowerBound !== null && item.upperBound !== null) return 'questionnaires.numberRange';
      return item.lowerBound !== null ? 'common.minValue' : 'common.maxValue';
    default:
      return 'questionnaires.chooseAgain';
  }
}

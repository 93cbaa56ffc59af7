// The questionnaire rules of spec 001 (sections 4, 5 and 9), one copy for the browser and the server: the
// browser validates on every change, the server again on submit (an invalid submission is a 400 naming the item).

/** Text answers and 'Other' texts: at most this many characters (spec 001 section 9). */
export const QUESTIONNAIRE_TEXT_MAX = 2000;
/** A slider shows at most this many labelled marks (spec 001 section 5). */
export const SLIDER_MAX_MARKS = 10;
/**
 * Days after its due date that an unanswered questionnaire stays in Current as Overdue; after that it is Missed
 * (our decision, docs/adr/0009-questionnaires.md).
 */
export const QUESTIONNAIRE_MISSED_AFTER_DAYS = 30;

/** The parts of an item the rules read (the contract's QuestionnaireItem has them all). */
export interface RuleItem {
  questionnaireItemId: number;
  questionnaireItemType: string;
  isRequired: boolean;
  lowerBound: number | null;
  upperBound: number | null;
  listAnswers: readonly { listAnswerId: number; isOtherOption: boolean }[];
}

/** The parts of an answer the rules read. */
export interface RuleAnswer {
  questionnaireItemId: number;
  listAnswerId: number | null;
  otherOptionText: string | null;
  isChecked: boolean | null;
  numberAnswer: number | null;
  textAnswer: string | null;
  dateAnswer: string | null;
}

export type ItemProblem = 'required' | 'otherTextRequired' | 'tooLong' | 'outOfRange' | 'unknownOption' | 'wrongShape';

const CHOICE_TYPES = new Set(['Dropdown', 'Radio', 'Checkbox', 'Matrix']);
const SINGLE_CHOICE_TYPES = new Set(['Dropdown', 'Radio', 'Matrix']);

/** The answers that count for an item: a checkbox's unchecked options and empty answers do not. */
export function answersOf(item: RuleItem, answers: readonly RuleAnswer[]): RuleAnswer[] {
  return answers.filter((a) => a.questionnaireItemId === item.questionnaireItemId && hasValue(item, a));
}

function hasValue(item: RuleItem, answer: RuleAnswer): boolean {
  switch (item.questionnaireItemType) {
    case 'Checkbox':
      return answer.isChecked === true && answer.listAnswerId !== null;
    case 'Dropdown':
    case 'Radio':
    case 'Matrix':
      return answer.listAnswerId !== null;
    case 'Number':
    case 'Slider':
      return answer.numberAnswer !== null;
    case 'Text':
      return (answer.textAnswer ?? '').trim() !== '';
    case 'Date':
      return answer.dateAnswer !== null && answer.dateAnswer !== '';
    default:
      return false;
  }
}

/**
 * What is wrong with the answers to one item, or null. Required items need a value (text non-empty, date and
 * number present, a choice made); a chosen 'Other' option needs its text; texts are at most 2000 characters;
 * numbers within the bounds; options must be the item's own. Section headers are exempt.
 */
export function itemProblem(item: RuleItem, answers: readonly RuleAnswer[]): ItemProblem | null {
  if (item.questionnaireItemType === 'SectionHeader') return null;
  const given = answersOf(item, answers);
  if (given.length === 0) return item.isRequired ? 'required' : null;
  if (!CHOICE_TYPES.has(item.questionnaireItemType) && given.length > 1) return 'wrongShape';
  if (SINGLE_CHOICE_TYPES.has(item.questionnaireItemType) && given.length > 1) return 'wrongShape';
  for (const answer of given) {
    if (CHOICE_TYPES.has(item.questionnaireItemType)) {
      const option = item.listAnswers.find((o) => o.listAnswerId === answer.listAnswerId);
      if (!option) return 'unknownOption';
      const other = (answer.otherOptionText ?? '').trim();
      if (option.isOtherOption && other === '') return 'otherTextRequired';
      if (other.length > QUESTIONNAIRE_TEXT_MAX) return 'tooLong';
    }
    if (item.questionnaireItemType === 'Text' && (answer.textAnswer ?? '').length > QUESTIONNAIRE_TEXT_MAX) {
      return 'tooLong';
    }
    if (
      (item.questionnaireItemType === 'Number' || item.questionnaireItemType === 'Slider') &&
      answer.numberAnswer !== null
    ) {
      if (item.lowerBound !== null && answer.numberAnswer < item.lowerBound) return 'outOfRange';
      if (item.upperBound !== null && answer.numberAnswer > item.upperBound) return 'outOfRange';
    }
  }
  return null;
}

/** Every item's problem, in the items' order: the questionnaire is valid when this is empty. */
export function questionnaireProblems(
  items: readonly RuleItem[],
  answers: readonly RuleAnswer[],
): { questionnaireItemId: number; problem: ItemProblem }[] {
  const out: { questionnaireItemId: number; problem: ItemProblem }[] = [];
  for (const item of items) {
    const problem = itemProblem(item, answers);
    if (problem) out.push({ questionnaireItemId: item.questionnaireItemId, problem });
  }
  return out;
}

/** The number box: digits only (a leading minus when the lower bound is negative). */
export function numberInputText(raw: string, allowNegative: boolean): string {
  const digits = raw.replace(/[^\d]/g, '');
  return allowNegative && raw.trimStart().startsWith('-') ? `-${digits}` : digits;
}

/** A number clamped to the item's bounds (on blur and on the plus and minus buttons). */
export function clampNumber(value: number, lower: number | null, upper: number | null): number {
  let v = value;
  if (lower !== null && v < lower) v = lower;
  if (upper !== null && v > upper) v = upper;
  return v;
}

/**
 * A slider's labelled marks: at most 10, step = floor(range / marks), from the lower bound up; the upper bound
 * is always a mark. A range of 10 gives 0, 1, ..., 10; a range of 100 gives 0, 10, ..., 100.
 */
export function sliderMarks(lower: number, upper: number): { step: number; marks: number[] } {
  const range = Math.max(0, upper - lower);
  if (range === 0) return { step: 1, marks: [lower] };
  const marks = Math.min(SLIDER_MAX_MARKS, range);
  const step = Math.max(1, Math.floor(range / marks));
  const values: number[] = [];
  for (let v = lower; v <= upper; v += step) values.push(v);
  if (values[values.length - 1] !== upper) values.push(upper);
  return { step, marks: values };
}

/**
 * 'Other' options (spec 001 section 4): the text box is enabled only while its radio or checkbox option is
 * selected; a dropdown shows it only while its selected option is an 'other' one; choosing another option
 * clears the text. Answers the text to keep for an option that is now chosen or not.
 */
export function otherTextAfterChoice(
  option: { isOtherOption: boolean } | undefined,
  selected: boolean,
  text: string | null,
): string | null {
  return option?.isOtherOption && selected ? text : null;
}

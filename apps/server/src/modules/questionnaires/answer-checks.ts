import {
  QUESTIONNAIRE_TEXT_MAX,
  answersOf,
  questionnaireProblems,
  type ItemProblem,
  type QuestionnaireAnswer,
} from '@portal/contracts';
import type { DefinitionItem, QuestionnaireDefinition } from './definition';
import { ruleItemOf } from './scoring';

// The server's check of answers against the questionnaire they claim to answer. A draft is checked for shape only
// (it is saved as the patient goes, so it may be incomplete); a submission also by the rules the browser applies
// (contracts' rules/questionnaire.ts), so a browser that skipped them gets the same verdict.

export type AnswerProblemKind = ItemProblem | 'unknownItem';

export interface AnswerProblem {
  questionnaireItemId: number;
  problem: AnswerProblemKind;
  /** patientQuestionAnswerList[questionnaireItemId=3]: the question at fault, as the 400's field. */
  field: string;
  message: string;
}

const CHOICE_TYPES = new Set(['Dropdown', 'Radio', 'Checkbox', 'Matrix']);

export function answerField(questionnaireItemId: number): string {
  return `patientQuestionAnswerList[questionnaireItemId=${questionnaireItemId}]`;
}

function boundsText(item: DefinitionItem | undefined): string {
  const lower = item?.lowerBound ?? null;
  const upper = item?.upperBound ?? null;
  if (lower !== null && upper !== null) return `Enter a number from ${lower} to ${upper}.`;
  if (lower !== null) return `Enter a number of at least ${lower}.`;
  return `Enter a number of at most ${upper ?? ''}.`;
}

function messageOf(problem: AnswerProblemKind, item: DefinitionItem | undefined): string {
  switch (problem) {
    case 'required':
      return 'Required';
    case 'otherTextRequired':
      return 'Enter the text for the other option.';
    case 'tooLong':
      return `Enter at most ${QUESTIONNAIRE_TEXT_MAX} characters.`;
    case 'outOfRange':
      return boundsText(item);
    case 'unknownOption':
      return 'Choose one of the options of this question.';
    case 'wrongShape':
      return 'Give one answer, of the kind this question asks for.';
    case 'unknownItem':
      return 'This questionnaire has no question with this id to answer.';
  }
}

/** What is wrong with the shape of one item's answers: an item it has, options it offers, one value at most. */
function shapeProblem(item: DefinitionItem | undefined, given: QuestionnaireAnswer[]): AnswerProblemKind | null {
  if (!item || item.type === 'SectionHeader') return 'unknownItem';
  const choice = CHOICE_TYPES.has(item.type);
  for (const answer of given) {
    if (answer.listAnswerId === null) continue;
    if (!choice) return 'wrongShape';
    if (!item.options.some((o) => o.listAnswerId === answer.listAnswerId)) return 'unknownOption';
  }
  const valued = answersOf(ruleItemOf(item), given);
  if (item.type === 'Checkbox') {
    const options = valued.map((a) => a.listAnswerId);
    if (new Set(options).size !== options.length) return 'wrongShape';
  } else if (valued.length > 1) {
    return 'wrongShape';
  }
  if (given.some((a) => (a.otherOptionText ?? '').length > QUESTIONNAIRE_TEXT_MAX)) return 'tooLong';
  if (given.some((a) => (a.textAnswer ?? '').length > QUESTIONNAIRE_TEXT_MAX)) return 'tooLong';
  return null;
}

/**
 * The problems of the answers, one per question (the first found), in question order. `shape`: every answer
 * names a question of this questionnaire and one of its options, a single-choice question has one answer at
 * most, texts fit. `submit`: that, then each question's rules (required, 'Other' text, bounds).
 */
export function answerProblems(
  definition: QuestionnaireDefinition,
  answers: readonly QuestionnaireAnswer[],
  check: 'shape' | 'submit',
): AnswerProblem[] {
  const items = new Map(definition.items.map((item) => [item.questionnaireItemId, item]));
  const byItem = new Map<number, QuestionnaireAnswer[]>();
  for (const answer of answers) {
    const given = byItem.get(answer.questionnaireItemId);
    if (given) given.push(answer);
    else byItem.set(answer.questionnaireItemId, [answer]);
  }
  const found = new Map<number, AnswerProblemKind>();
  for (const [id, given] of byItem) {
    const problem = shapeProblem(items.get(id), given);
    if (problem) found.set(id, problem);
  }
  if (check === 'submit') {
    for (const { questionnaireItemId, problem } of questionnaireProblems(definition.items.map(ruleItemOf), answers)) {
      if (!found.has(questionnaireItemId)) found.set(questionnaireItemId, problem);
    }
  }
  return [...found]
    .sort(([a], [b]) => a - b)
    .map(([id, problem]) => ({
      questionnaireItemId: id,
      problem,
      field: answerField(id),
      message: messageOf(problem, items.get(id)),
    }));
}

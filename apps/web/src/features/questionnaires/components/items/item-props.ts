import type { QuestionnaireItem } from '@portal/contracts';
import type { Answers } from '../../lib/answers';

/** What every question of the completion page is given. */
export interface ItemProps {
  item: QuestionnaireItem;
  answers: Answers;
  /** The translated message to show under it ('Required', ...), or null. */
  error: string | null;
  /** Applies a change to the whole list of answers (the page re-validates it). */
  onChange: (update: (answers: Answers) => Answers) => void;
}

/** The element of a question, where the keyboard goes when it is the first invalid one. */
export const questionDomId = (itemId: number) => `question-${itemId}`;
export const questionLabelId = (itemId: number) => `question-${itemId}-label`;
export const questionErrorId = (itemId: number) => `question-${itemId}-error`;

/** The question's text as the patient reads it: its number (FHIR prefix), then the text. */
export function questionText(item: Pick<QuestionnaireItem, 'questionNumber' | 'formattedText'>): string {
  return item.questionNumber ? `${item.questionNumber} ${item.formattedText}` : item.formattedText;
}

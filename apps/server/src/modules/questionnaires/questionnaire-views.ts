import {
  QUESTIONNAIRE_MISSED_AFTER_DAYS,
  type AssignedQuestionnaire,
  type AssignedQuestionnaireSummary,
  type PatientScore,
  type QuestionnaireAnswer,
  type QuestionnaireItem,
  type QuestionnaireStatus,
} from '@portal/contracts';
import type { CallerLanguage } from '../../platform/content/caller-language';
import { addDays } from '../../platform/time/time';
import {
  localText,
  type DefinitionItem,
  type LocalText,
  type QuestionnaireDefinition,
  type StoredInterpretation,
  type StoredScore,
} from './definition';
import type { AssignmentRow, AssignmentStateRow, AssignmentSummaryRow } from './questionnaires.repository';
import { safetyMessages, scoreMessages } from './scoring';

// An assignment's phase on a day, and the assignment as the patient's calls answer it (list items, the whole
// questionnaire with its answers and score messages) in the reader's language.

/** The pack key of the completion message of a template that has none of its own (packs/<language>/questionnaires.json). */
export const DEFAULT_COMPLETION_MESSAGE_KEY = 'questionnaires.defaultCompletionMessage';
/** Its English text, should a pack lack the key. */
export const DEFAULT_COMPLETION_MESSAGE =
  'Thank you for completing the questionnaire. Your care team will review your answers.';

/**
 * Where an assignment stands on a day (docs/adr/0009-questionnaires.md): completed and declined are stored; an
 * open one is Missed once its due date is more than QUESTIONNAIRE_MISSED_AFTER_DAYS days behind, upcoming before
 * its first day, and gone when the facility withdrew its template (answered ones stay in the history).
 */
export type Phase = 'current' | 'upcoming' | 'missed' | 'completed' | 'declined' | 'withdrawn';

/** The earliest due date still open on `today`: one due before it is Missed. */
export function openDueFrom(today: string): string {
  return addDays(today, -QUESTIONNAIRE_MISSED_AFTER_DAYS);
}

export function phaseOf(
  row: Pick<AssignmentStateRow, 'status' | 'dueDate' | 'availableFrom' | 'templateWithdrawn'>,
  today: string,
): Phase {
  if (row.status === 'completed' || row.status === 'declined') return row.status;
  if (row.templateWithdrawn) return 'withdrawn';
  if (row.dueDate < openDueFrom(today)) return 'missed';
  if (row.availableFrom > today) return 'upcoming';
  return 'current';
}

/** An assignment with its jsonb read as the module's shapes (definition.ts). */
export interface Assignment extends Omit<AssignmentRow, 'definition' | 'scores' | 'interpretation'> {
  definition: QuestionnaireDefinition;
  scores: StoredScore[] | null;
  interpretation: StoredInterpretation | null;
}

const LABELS: Record<Exclude<Phase, 'current' | 'upcoming' | 'withdrawn'>, QuestionnaireStatus> = {
  completed: 'Completed',
  declined: 'Declined',
  missed: 'Missed',
};

function statusOf(row: Pick<AssignmentStateRow, 'status'>, phase: Phase): QuestionnaireStatus {
  if (phase === 'completed' || phase === 'declined' || phase === 'missed') return LABELS[phase];
  return row.status === 'assigned' ? 'Assigned' : 'Started';
}

export function summaryOf(
  row: AssignmentStateRow,
  phase: Phase,
  texts: { title: string; description: string | null },
): AssignedQuestionnaireSummary {
  const open = phase === 'current' || phase === 'upcoming';
  return {
    assignedQuestionnaireId: row.id,
    templateTitle: texts.title,
    templateDescription: texts.description,
    statusDescription: statusOf(row, phase),
    dueDate: row.dueDate,
    completedDate:
      (phase === 'completed' || phase === 'declined') && row.completedAt ? row.completedAt.toISOString() : null,
    isNew: open && row.viewedAt === null,
    hasDraft: open && row.draftSavedAt !== null,
    answeredBy: phase === 'completed' || phase === 'declined' ? row.answeredBy : null,
  };
}

function itemOf(item: DefinitionItem, locale: string): QuestionnaireItem {
  return {
    questionnaireItemId: item.questionnaireItemId,
    questionnaireItemType: item.type,
    sortOrder: item.questionnaireItemId,
    formattedText: localText(item.text, locale),
    questionMatrixGuid: item.matrixGuid,
    questionNumber: item.prefix,
    isRequired: item.isRequired,
    isValid: true,
    listAnswers: item.options.map((option) => ({
      listAnswerId: option.listAnswerId,
      formattedText: localText(option.text, locale),
      isOtherOption: option.isOtherOption,
      isOtherTextValid: true,
    })),
    lowerBound: item.lowerBound,
    upperBound: item.upperBound,
    lowerBoundLabel: item.lowerBoundLabel ? localText(item.lowerBoundLabel, locale) : null,
    upperBoundLabel: item.upperBoundLabel ? localText(item.upperBoundLabel, locale) : null,
    isMultiLine: item.isMultiLine,
  };
}

/**
 * An answer as the contract spells it, whatever wrote the row (a seed, an older version): every field, nothing
 * else, so the answer's strict schema never refuses a stored row.
 */
function answerFields(answer: QuestionnaireAnswer): QuestionnaireAnswer {
  return {
    questionnaireItemId: answer.questionnaireItemId,
    listAnswerId: answer.listAnswerId ?? null,
    otherOptionText: answer.otherOptionText ?? null,
    isChecked: answer.isChecked ?? null,
    numberAnswer: answer.numberAnswer ?? null,
    textAnswer: answer.textAnswer ?? null,
    dateAnswer: answer.dateAnswer ?? null,
  };
}

/** The whole questionnaire in the reader's language, with the answers, scores and safety messages given. */
export function questionnaireOf(
  row: Assignment,
  phase: Phase,
  language: CallerLanguage,
  answers: QuestionnaireAnswer[],
  scores: PatientScore[],
  safety: string[] = [],
): AssignedQuestionnaire {
  const { definition } = row;
  const text = (value: QuestionnaireDefinition['description']) => (value ? localText(value, language.locale) : null);
  return {
    ...summaryOf(row, phase, {
      title: localText(definition.title, language.locale),
      description: text(definition.description),
    }),
    patientInstructions: text(definition.patientInstructions),
    defaultMsgOnCompletion:
      text(definition.completionMessage) ??
      language.strings[DEFAULT_COMPLETION_MESSAGE_KEY] ??
      DEFAULT_COMPLETION_MESSAGE,
    questionnaireItems: [...definition.items]
      .sort((a, b) => a.questionnaireItemId - b.questionnaireItemId)
      .map((item) => itemOf(item, language.locale)),
    patientQuestionAnswerList: answers.map(answerFields),
    patientScoreList: scores,
    safetyMessages: safety,
    isValid: true,
  };
}

/**
 * A questionnaire of the history: the submitted answers and scores of a completed one, with the facility's
 * interpretation (band labels, safety messages) read now in the reader's language; nothing for the others.
 */
export function answeredOf(row: Assignment, phase: Phase, language: CallerLanguage): AssignedQuestionnaire {
  if (phase !== 'completed') return questionnaireOf(row, phase, language, [], []);
  const answers = row.answers ?? [];
  const scores = row.scores ?? [];
  const interpretation = row.interpretation ?? null;
  return questionnaireOf(
    row,
    phase,
    language,
    answers,
    scoreMessages(row.definition, scores, language.locale, interpretation),
    safetyMessages(row.definition, answers, scores, interpretation, language.locale),
  );
}

export function summaryTexts(row: AssignmentSummaryRow, language: CallerLanguage) {
  const title = row.title as LocalText;
  const description = row.description as LocalText | null;
  return {
    title: localText(title, language.locale),
    description: description ? localText(description, language.locale) : null,
  };
}

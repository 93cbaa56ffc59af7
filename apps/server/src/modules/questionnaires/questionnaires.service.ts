import {
  QUESTIONNAIRE_DECLINE_AUDIT_EVENT,
  QUESTIONNAIRE_DRAFT_AUDIT_EVENT,
  QUESTIONNAIRE_MISSED_AFTER_DAYS,
  QUESTIONNAIRE_REVIEW_AUDIT_EVENT,
  QUESTIONNAIRE_SUBMIT_AUDIT_EVENT,
  QUESTIONNAIRE_VIEW_AUDIT_EVENT,
  answersOf,
  type AssignedQuestionnaire,
  type AssignedQuestionnaireSummary,
  type PatientScore,
  type QuestionnaireAnswer,
  type QuestionnaireAnswersBody,
  type QuestionnaireItem,
  type QuestionnaireStatus,
} from '@portal/contracts';
import type { Db, Tx } from '../../db/client';
import type { PatientScope } from '../../platform/access/patient-scope';
import { audit } from '../../platform/audit/audit';
import { callerLanguage, type CallerLanguage, type LanguageRequest } from '../../platform/content/caller-language';
import { AppError, badRequest, notFound } from '../../platform/errors/app-error';
import { addDays, localDate } from '../../platform/time/time';
import {
  localText,
  type DefinitionItem,
  type LocalText,
  type QuestionnaireDefinition,
  type StoredScore,
} from './definition';
import { answerProblems, type AnswerProblem } from './answer-checks';
import {
  completeAssignment,
  declineAssignment,
  findAssignment,
  listAssignments,
  markViewed,
  saveDraft,
  type AssignmentRow,
  type AssignmentStateRow,
  type AssignmentSummaryRow,
  type Completion,
} from './questionnaires.repository';
import { ruleItemOf, scoreAnswers, scoreMessages } from './scoring';

export const NOT_FOUND_MESSAGE = 'The questionnaire was not found.';
export const CLOSED_MESSAGE = 'The questionnaire is no longer open: its time to answer has passed.';
export const DECLINED_MESSAGE = 'This questionnaire was declined, so it can no longer be answered.';
export const SUBMITTED_MESSAGE =
  'This questionnaire was already submitted, so it can no longer be declined or changed.';
export const INVALID_MESSAGE = 'Some answers are missing or not valid. Check the questions marked and try again.';

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
interface Assignment extends Omit<AssignmentRow, 'definition' | 'scores'> {
  definition: QuestionnaireDefinition;
  scores: StoredScore[] | null;
}

async function findOne(db: Db | Tx, scope: PatientScope, assignmentId: number): Promise<Assignment | null> {
  return (await findAssignment(db, scope, assignmentId)) as Assignment | null;
}

const todayOf = (row: Pick<AssignmentStateRow, 'timeZoneId'>, now: Date) => localDate(now, row.timeZoneId);

const LABELS: Record<Exclude<Phase, 'current' | 'upcoming' | 'withdrawn'>, QuestionnaireStatus> = {
  completed: 'Completed',
  declined: 'Declined',
  missed: 'Missed',
};

function statusOf(row: Pick<AssignmentStateRow, 'status'>, phase: Phase): QuestionnaireStatus {
  if (phase === 'completed' || phase === 'declined' || phase === 'missed') return LABELS[phase];
  return row.status === 'assigned' ? 'Assigned' : 'Started';
}

function summaryOf(
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

/** The whole questionnaire in the reader's language, with the answers and scores given. */
function questionnaireOf(
  row: Assignment,
  phase: Phase,
  language: CallerLanguage,
  answers: QuestionnaireAnswer[],
  scores: PatientScore[],
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
    isValid: true,
  };
}

/** A questionnaire of the history: the submitted answers and scores of a completed one, nothing for the others. */
function answeredOf(row: Assignment, phase: Phase, language: CallerLanguage): AssignedQuestionnaire {
  if (phase !== 'completed') return questionnaireOf(row, phase, language, [], []);
  return questionnaireOf(
    row,
    phase,
    language,
    row.answers ?? [],
    scoreMessages(row.definition, row.scores ?? [], language.locale),
  );
}

/**
 * What is kept of a valid submission: the answers that count (a checkbox's checked options, non-empty values), in
 * the items' order, with an 'Other' text only on an 'Other' option.
 */
function submittedAnswers(definition: QuestionnaireDefinition, answers: readonly QuestionnaireAnswer[]) {
  const kept: QuestionnaireAnswer[] = [];
  for (const item of [...definition.items].sort((a, b) => a.questionnaireItemId - b.questionnaireItemId)) {
    for (const answer of answersOf(ruleItemOf(item), answers) as QuestionnaireAnswer[]) {
      const option = item.options.find((o) => o.listAnswerId === answer.listAnswerId);
      kept.push({ ...answer, otherOptionText: option?.isOtherOption ? answer.otherOptionText : null });
    }
  }
  return kept;
}

const alreadyAnswered = (message: string) => new AppError(409, 'already_answered', message);
const closed = () => new AppError(409, 'questionnaire_closed', CLOSED_MESSAGE);
const missing = () => notFound('not_found', NOT_FOUND_MESSAGE);

/** The refusal of a write on an assignment that is not open, by where it stands. */
function notOpen(phase: Phase): AppError {
  switch (phase) {
    case 'missed':
      return closed();
    case 'completed':
      return alreadyAnswered(SUBMITTED_MESSAGE);
    case 'declined':
      return alreadyAnswered(DECLINED_MESSAGE);
    default:
      return missing();
  }
}

function checkBodyId(body: { assignedQuestionnaireId?: number | undefined }, assignmentId: number) {
  if (body.assignedQuestionnaireId !== undefined && body.assignedQuestionnaireId !== assignmentId) {
    throw badRequest(
      'validation_failed',
      'assignedQuestionnaireId: it names another questionnaire than the path.',
      'assignedQuestionnaireId',
    );
  }
}

export type SubmitOutcome = { problems: AnswerProblem[] } | { questionnaire: AssignedQuestionnaire };

export class QuestionnairesService {
  constructor(private readonly db: Db) {}

  language(request: LanguageRequest): Promise<CallerLanguage> {
    return callerLanguage(this.db, request);
  }

  /** The Current list: open, available today and not yet Missed, by due date then id. */
  async current(
    scope: PatientScope,
    language: CallerLanguage,
    now = new Date(),
  ): Promise<AssignedQuestionnaireSummary[]> {
    const rows = await listAssignments(this.db, scope, 'open');
    return rows
      .filter((row) => phaseOf(row, todayOf(row, now)) === 'current')
      .map((row) => summaryOf(row, 'current', summaryTexts(row, language)));
  }

  /** The header badge: current questionnaires never opened. */
  async newCount(scope: PatientScope, now = new Date()): Promise<number> {
    const rows = await listAssignments(this.db, scope, 'open');
    return rows.filter((row) => row.viewedAt === null && phaseOf(row, todayOf(row, now)) === 'current').length;
  }

  /** The History list: completed, declined and Missed, newest first (the day answered, or the due day if Missed). */
  async history(
    scope: PatientScope,
    language: CallerLanguage,
    now = new Date(),
  ): Promise<AssignedQuestionnaireSummary[]> {
    const rows = await listAssignments(this.db, scope, 'all');
    const past = rows
      .map((row) => ({ row, phase: phaseOf(row, todayOf(row, now)) }))
      .filter(({ phase }) => phase === 'completed' || phase === 'declined' || phase === 'missed');
    const day = ({ row }: (typeof past)[number]) =>
      row.completedAt ? localDate(row.completedAt, row.timeZoneId) : row.dueDate;
    past.sort(
      (a, b) =>
        day(b).localeCompare(day(a)) ||
        (b.row.completedAt?.getTime() ?? 0) - (a.row.completedAt?.getTime() ?? 0) ||
        b.row.id - a.row.id,
    );
    return past.map(({ row, phase }) => summaryOf(row, phase, summaryTexts(row, language)));
  }

  /**
   * A current questionnaire to answer, with the draft so far. Opening it stamps the first view and makes it
   * started, with its audit row, in one transaction.
   */
  async open(scope: PatientScope, assignmentId: number, language: CallerLanguage, now = new Date()) {
    return this.db.transaction(async (tx) => {
      const row = await findOne(tx, scope, assignmentId);
      const today = row ? todayOf(row, now) : '';
      if (!row || phaseOf(row, today) !== 'current') throw missing();
      if (!(await markViewed(tx, scope, assignmentId, openDueFrom(today), now))) throw missing();
      await audit(tx, scope, QUESTIONNAIRE_VIEW_AUDIT_EVENT, {
        assignedQuestionnaireId: assignmentId,
        templateId: row.templateId,
        firstView: row.viewedAt === null,
      });
      const viewed: Assignment = { ...row, status: 'started', viewedAt: row.viewedAt ?? now };
      return questionnaireOf(viewed, 'current', language, row.draftAnswers, []);
    });
  }

  /** Saves the answers so far (their shape only, not their completeness); answers the problems, else []. */
  async saveDraft(
    scope: PatientScope,
    assignmentId: number,
    body: QuestionnaireAnswersBody,
    now = new Date(),
  ): Promise<AnswerProblem[]> {
    checkBodyId(body, assignmentId);
    return this.db.transaction(async (tx) => {
      const row = await findOne(tx, scope, assignmentId);
      if (!row) throw missing();
      const today = todayOf(row, now);
      const phase = phaseOf(row, today);
      if (phase !== 'current') throw notOpen(phase);
      const problems = answerProblems(row.definition, body.patientQuestionAnswerList, 'shape');
      if (problems.length > 0) return problems;
      if (!(await saveDraft(tx, scope, assignmentId, openDueFrom(today), body.patientQuestionAnswerList, now))) {
        throw await this.refusal(tx, scope, assignmentId, now);
      }
      await audit(tx, scope, QUESTIONNAIRE_DRAFT_AUDIT_EVENT, {
        assignedQuestionnaireId: assignmentId,
        templateId: row.templateId,
      });
      return [];
    });
  }

  /**
   * Submits the answers: validated as the browser validates them, scored, stored with who answered, in one
   * conditional update with its audit row. A questionnaire already completed answers what was stored then.
   */
  async submit(
    scope: PatientScope,
    assignmentId: number,
    body: QuestionnaireAnswersBody,
    language: CallerLanguage,
    now = new Date(),
  ): Promise<SubmitOutcome> {
    checkBodyId(body, assignmentId);
    return this.db.transaction(async (tx) => {
      const row = await findOne(tx, scope, assignmentId);
      if (!row) throw missing();
      const today = todayOf(row, now);
      const phase = phaseOf(row, today);
      if (phase === 'completed') return { questionnaire: answeredOf(row, phase, language) };
      if (phase !== 'current') throw notOpen(phase);
      const problems = answerProblems(row.definition, body.patientQuestionAnswerList, 'submit');
      if (problems.length > 0) return { problems };
      const answers = submittedAnswers(row.definition, body.patientQuestionAnswerList);
      const scores: StoredScore[] = scoreAnswers(row.definition, answers);
      if (
        !(await completeAssignment(tx, scope, assignmentId, openDueFrom(today), { answers, scores }, by(scope, now)))
      ) {
        // Another request answered it between the read and the write: answer as it now stands.
        const latest = await findOne(tx, scope, assignmentId);
        if (latest?.status === 'completed') return { questionnaire: answeredOf(latest, 'completed', language) };
        throw await this.refusal(tx, scope, assignmentId, now);
      }
      await audit(tx, scope, QUESTIONNAIRE_SUBMIT_AUDIT_EVENT, {
        assignedQuestionnaireId: assignmentId,
        templateId: row.templateId,
      });
      const completed: Assignment = {
        ...row,
        status: 'completed',
        answers,
        scores,
        completedAt: now,
        viewedAt: row.viewedAt ?? now,
      };
      return { questionnaire: answeredOf(completed, 'completed', language) };
    });
  }

  /** Declines it (once: a second decline answers the declined questionnaire again), with its audit row. */
  async decline(scope: PatientScope, assignmentId: number, language: CallerLanguage, now = new Date()) {
    return this.db.transaction(async (tx) => {
      const row = await findOne(tx, scope, assignmentId);
      if (!row) throw missing();
      const today = todayOf(row, now);
      const phase = phaseOf(row, today);
      if (phase === 'declined') return answeredOf(row, phase, language);
      if (phase !== 'current') throw notOpen(phase);
      if (!(await declineAssignment(tx, scope, assignmentId, openDueFrom(today), by(scope, now)))) {
        const latest = await findOne(tx, scope, assignmentId);
        if (latest?.status === 'declined') return answeredOf(latest, 'declined', language);
        throw await this.refusal(tx, scope, assignmentId, now);
      }
      await audit(tx, scope, QUESTIONNAIRE_DECLINE_AUDIT_EVENT, {
        assignedQuestionnaireId: assignmentId,
        templateId: row.templateId,
      });
      return answeredOf({ ...row, status: 'declined', completedAt: now }, 'declined', language);
    });
  }

  /** One questionnaire of the history, read-only, with its review audit row. Current ones are 404. */
  async review(scope: PatientScope, assignmentId: number, language: CallerLanguage, now = new Date()) {
    const row = await findOne(this.db, scope, assignmentId);
    const phase = row ? phaseOf(row, todayOf(row, now)) : null;
    if (!row || (phase !== 'completed' && phase !== 'declined' && phase !== 'missed')) throw missing();
    await audit(this.db, scope, QUESTIONNAIRE_REVIEW_AUDIT_EVENT, {
      assignedQuestionnaireId: assignmentId,
      templateId: row.templateId,
    });
    return answeredOf(row, phase, language);
  }

  /** Why a conditional write found nothing to change, read again after the other request's commit. */
  private async refusal(tx: Tx, scope: PatientScope, assignmentId: number, now: Date): Promise<AppError> {
    const latest = await findOne(tx, scope, assignmentId);
    return latest ? notOpen(phaseOf(latest, todayOf(latest, now))) : missing();
  }
}

function summaryTexts(row: AssignmentSummaryRow, language: CallerLanguage) {
  const title = row.title as LocalText;
  const description = row.description as LocalText | null;
  return {
    title: localText(title, language.locale),
    description: description ? localText(description, language.locale) : null,
  };
}

function by(scope: PatientScope, at: Date): Completion {
  return { at, userId: scope.caller.userId, loginType: scope.caller.loginType };
}

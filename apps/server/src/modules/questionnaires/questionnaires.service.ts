import {
  QUESTIONNAIRE_DECLINE_AUDIT_EVENT,
  QUESTIONNAIRE_DRAFT_AUDIT_EVENT,
  QUESTIONNAIRE_DRAFT_DISCARD_AUDIT_EVENT,
  QUESTIONNAIRE_SUBMIT_AUDIT_EVENT,
  answersOf,
  type AssignedQuestionnaire,
  type AssignedQuestionnaireSummary,
  type QuestionnaireAnswer,
  type QuestionnaireAnswersBody,
} from '@portal/contracts';
import type { Db, Tx } from '../../db/client';
import type { PatientScope } from '../../platform/access/patient-scope';
import { audit } from '../../platform/audit/audit';
import { callerLanguage, type CallerLanguage, type LanguageRequest } from '../../platform/content/caller-language';
import { AppError, badRequest, notFound } from '../../platform/errors/app-error';
import { localDate } from '../../platform/time/time';
import type { QuestionnaireDefinition, StoredScore } from './definition';
import { answerProblems, type AnswerProblem } from './answer-checks';
import {
  completeAssignment,
  declineAssignment,
  discardDraft,
  dropDrafts,
  findAssignment,
  listAssignments,
  markViewed,
  saveDraft,
  templateResourceOf,
  type AssignmentStateRow,
  type Completion,
} from './questionnaires.repository';
import { hasCalculatedScore, ruleItemOf, scoreAnswers } from './scoring';
import {
  answeredOf,
  openDueFrom,
  phaseOf,
  questionnaireOf,
  summaryOf,
  summaryTexts,
  type Assignment,
  type Phase,
} from './questionnaire-views';

export const NOT_FOUND_MESSAGE = 'The questionnaire was not found.';
export const CLOSED_MESSAGE = 'The questionnaire is no longer open: its time to answer has passed.';
export const DECLINED_MESSAGE = 'This questionnaire was declined, so it can no longer be answered.';
export const SUBMITTED_MESSAGE =
  'This questionnaire was already submitted, so it can no longer be declined or changed.';
export const INVALID_MESSAGE = 'Some answers are missing or not valid. Check the questions marked and try again.';

async function findOne(db: Db | Tx, scope: PatientScope, assignmentId: number): Promise<Assignment | null> {
  return (await findAssignment(db, scope, assignmentId)) as Assignment | null;
}

const todayOf = (row: Pick<AssignmentStateRow, 'timeZoneId'>, now: Date) => localDate(now, row.timeZoneId);

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
    return callerLanguage(this.db, request, { cached: true });
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
   * A current questionnaire to answer, with the draft so far, and what its view audit row records (the caller hands
   * that to the read's audit row). The first opening stamps the view and makes it started, in one UPDATE that only
   * an open assignment matches; opening it again is a single read.
   */
  async open(
    scope: PatientScope,
    assignmentId: number,
    language: CallerLanguage,
    now = new Date(),
  ): Promise<{ questionnaire: AssignedQuestionnaire; audit: Record<string, unknown> }> {
    const row = await findOne(this.db, scope, assignmentId);
    const today = row ? todayOf(row, now) : '';
    if (!row || phaseOf(row, today) !== 'current') throw missing();
    const unseen = row.viewedAt === null || row.status !== 'started';
    if (unseen && !(await markViewed(this.db, scope, assignmentId, openDueFrom(today), now))) throw missing();
    const viewed: Assignment = { ...row, status: 'started', viewedAt: row.viewedAt ?? now };
    return {
      questionnaire: questionnaireOf(viewed, 'current', language, row.draftAnswers, []),
      audit: { assignedQuestionnaireId: assignmentId, templateId: row.templateId, firstView: row.viewedAt === null },
    };
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
   * "Yes, I want to cancel": the caller's draft is deleted (a representative's own, or the patient's), with its
   * audit row; the others' stay. Nothing to delete is no error: the modal's promise holds either way.
   */
  async discardDraft(scope: PatientScope, assignmentId: number, now = new Date()): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await findOne(tx, scope, assignmentId);
      if (!row) throw missing();
      const phase = phaseOf(row, todayOf(row, now));
      if (phase !== 'current') throw notOpen(phase);
      if (await discardDraft(tx, scope, assignmentId)) {
        await audit(tx, scope, QUESTIONNAIRE_DRAFT_DISCARD_AUDIT_EVENT, {
          assignedQuestionnaireId: assignmentId,
          templateId: row.templateId,
        });
      }
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
      // A calculatedExpression reads the Questionnaire as imported (%questionnaire): read only for those.
      const resource = hasCalculatedScore(row.definition) ? await templateResourceOf(tx, row.templateId) : undefined;
      const scores: StoredScore[] = scoreAnswers(row.definition, answers, resource);
      if (
        !(await completeAssignment(tx, scope, assignmentId, openDueFrom(today), { answers, scores }, by(scope, now)))
      ) {
        // Another request answered it between the read and the write: answer as it now stands.
        const latest = await findOne(tx, scope, assignmentId);
        if (latest?.status === 'completed') return { questionnaire: answeredOf(latest, 'completed', language) };
        throw await this.refusal(tx, scope, assignmentId, now);
      }
      await dropDrafts(tx, assignmentId);
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
      await dropDrafts(tx, assignmentId);
      await audit(tx, scope, QUESTIONNAIRE_DECLINE_AUDIT_EVENT, {
        assignedQuestionnaireId: assignmentId,
        templateId: row.templateId,
      });
      return answeredOf({ ...row, status: 'declined', completedAt: now }, 'declined', language);
    });
  }

  /**
   * One questionnaire of the history, read-only, and what its review audit row records (the caller hands that to
   * the read's audit row). Current ones are 404.
   */
  async review(
    scope: PatientScope,
    assignmentId: number,
    language: CallerLanguage,
    now = new Date(),
  ): Promise<{ questionnaire: AssignedQuestionnaire; audit: Record<string, unknown> }> {
    const row = await findOne(this.db, scope, assignmentId);
    const phase = row ? phaseOf(row, todayOf(row, now)) : null;
    if (!row || (phase !== 'completed' && phase !== 'declined' && phase !== 'missed')) throw missing();
    return {
      questionnaire: answeredOf(row, phase, language),
      audit: { assignedQuestionnaireId: assignmentId, templateId: row.templateId },
    };
  }

  /** Why a conditional write found nothing to change, read again after the other request's commit. */
  private async refusal(tx: Tx, scope: PatientScope, assignmentId: number, now: Date): Promise<AppError> {
    const latest = await findOne(tx, scope, assignmentId);
    return latest ? notOpen(phaseOf(latest, todayOf(latest, now))) : missing();
  }
}

function by(scope: PatientScope, at: Date): Completion {
  return { at, userId: scope.caller.userId, loginType: scope.caller.loginType };
}

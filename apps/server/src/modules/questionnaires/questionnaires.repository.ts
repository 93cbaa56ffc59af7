import { and, asc, eq, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { QuestionnaireAnswer } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import { alias } from 'drizzle-orm/pg-core';
import { prepared } from '../../db/prepared';
import {
  facilities,
  patients,
  questionnaireAssignments,
  questionnaireDrafts,
  questionnaireInterpretations,
  questionnaireTemplates,
  users,
} from '../../db/schema/index';
import { actorKey, type PatientScope } from '../../platform/access/patient-scope';

const OPEN_STATUSES = ['assigned', 'started'] as const;
export type AssignmentStatus = (typeof questionnaireAssignments.$inferSelect)['status'];

/** The patient's assignments the portal shows: not withdrawn by the facility (the row stays for the audit trail). */
function assignmentsOf(scope: PatientScope): SQL {
  return and(eq(questionnaireAssignments.patientId, scope.patientId), isNull(questionnaireAssignments.withdrawnAt))!;
}

/**
 * The caller's own draft of the assignment row in the same select (the hot reads' `author` placeholder): no one is
 * shown another's (issue 32, finding 1).
 */
const callersDraft = and(
  eq(questionnaireDrafts.assignmentId, questionnaireAssignments.id),
  eq(questionnaireDrafts.author, sql.placeholder('author')),
);

/** The user who completed or declined an assignment. */
const completer = alias(users, 'completer');

/** What every reading needs: the state, the days, and the zone of the patient's home facility ("today"). */
const stateColumns = {
  id: questionnaireAssignments.id,
  templateId: questionnaireAssignments.templateId,
  status: questionnaireAssignments.status,
  dueDate: questionnaireAssignments.dueDate,
  availableFrom: questionnaireAssignments.availableFrom,
  viewedAt: questionnaireAssignments.viewedAt,
  draftSavedAt: questionnaireDrafts.savedAt,
  completedAt: questionnaireAssignments.completedAt,
  // Who answered, when it was not the patient's own account: a representative (issue 32, finding 5).
  answeredBy: sql<
    string | null
  >`case when ${questionnaireAssignments.completedByUserId} <> coalesce(${patients.userId}, 0) then trim(${completer.firstName} || ' ' || ${completer.lastName}) end`,
  templateWithdrawn: sql<boolean>`${questionnaireTemplates.withdrawnAt} is not null`,
  timeZoneId: facilities.timeZoneId,
};

export interface AssignmentStateRow {
  id: number;
  templateId: number;
  status: AssignmentStatus;
  dueDate: string;
  availableFrom: string;
  viewedAt: Date | null;
  draftSavedAt: Date | null;
  completedAt: Date | null;
  answeredBy: string | null;
  templateWithdrawn: boolean;
  timeZoneId: string;
}

// The jsonb columns are the module's own shapes (definition.ts): the service reads them as such.

export interface AssignmentSummaryRow extends AssignmentStateRow {
  /** The definition's title and description (LocalText). */
  title: unknown;
  description: unknown;
}

export interface AssignmentRow extends AssignmentStateRow {
  /** QuestionnaireDefinition */
  definition: unknown;
  draftAnswers: QuestionnaireAnswer[];
  answers: QuestionnaireAnswer[] | null;
  /** StoredScore[] */
  scores: unknown;
  /** The facility's interpretation of the template (StoredInterpretation), or null. */
  interpretation: unknown;
}

/** The same, the patient a placeholder: the hot reads are prepared statements (db/prepared.ts). */
const shownAssignments = and(
  eq(questionnaireAssignments.patientId, sql.placeholder('patientId')),
  isNull(questionnaireAssignments.withdrawnAt),
);

const listStatements = {
  open: 'questionnaire_assignments_open',
  all: 'questionnaire_assignments_all',
} as const;

/**
 * The patient's assignments with the texts a list shows (from the stored definition, in one select), due date
 * then id. `which`: only those still assigned or started, or all of them (history is derived from both).
 */
export async function listAssignments(
  db: DbOrTx,
  scope: PatientScope,
  which: 'open' | 'all',
): Promise<AssignmentSummaryRow[]> {
  const name = listStatements[which];
  return prepared(db, name, (db) =>
    db
      .select({
        ...stateColumns,
        title: questionnaireTemplates.definitionTitle,
        description: questionnaireTemplates.definitionDescription,
      })
      .from(questionnaireAssignments)
      .innerJoin(questionnaireTemplates, eq(questionnaireTemplates.id, questionnaireAssignments.templateId))
      .innerJoin(patients, eq(patients.id, questionnaireAssignments.patientId))
      .innerJoin(facilities, eq(facilities.id, patients.homeFacilityId))
      .leftJoin(completer, eq(completer.id, questionnaireAssignments.completedByUserId))
      .leftJoin(questionnaireDrafts, callersDraft)
      .where(
        which === 'open'
          ? and(shownAssignments, inArray(questionnaireAssignments.status, [...OPEN_STATUSES]))
          : shownAssignments,
      )
      .orderBy(asc(questionnaireAssignments.dueDate), asc(questionnaireAssignments.id))
      .prepare(name),
  ).execute({ patientId: scope.patientId, author: actorKey(scope) });
}

/** One of the patient's assignments with its template's definition and what was answered, or null. */
export async function findAssignment(
  db: DbOrTx,
  scope: PatientScope,
  assignmentId: number,
): Promise<AssignmentRow | null> {
  const [row] = await prepared(db, 'questionnaire_assignment', (db) =>
    db
      .select({
        ...stateColumns,
        definition: questionnaireTemplates.definition,
        draftAnswers: questionnaireDrafts.answers,
        answers: questionnaireAssignments.answers,
        scores: questionnaireAssignments.scores,
        interpretation: questionnaireInterpretations.interpretation,
      })
      .from(questionnaireAssignments)
      .innerJoin(questionnaireTemplates, eq(questionnaireTemplates.id, questionnaireAssignments.templateId))
      .innerJoin(patients, eq(patients.id, questionnaireAssignments.patientId))
      .innerJoin(facilities, eq(facilities.id, patients.homeFacilityId))
      .leftJoin(completer, eq(completer.id, questionnaireAssignments.completedByUserId))
      .leftJoin(questionnaireDrafts, callersDraft)
      .leftJoin(
        questionnaireInterpretations,
        and(
          eq(questionnaireInterpretations.facilityId, questionnaireTemplates.facilityId),
          eq(questionnaireInterpretations.templateExternalId, questionnaireTemplates.externalId),
        ),
      )
      .where(and(shownAssignments, eq(questionnaireAssignments.id, sql.placeholder('assignmentId'))))
      .prepare('questionnaire_assignment'),
  ).execute({ patientId: scope.patientId, assignmentId, author: actorKey(scope) });
  if (!row) return null;
  return {
    ...row,
    draftAnswers: (row.draftAnswers ?? []) as QuestionnaireAnswer[],
    answers: row.answers as QuestionnaireAnswer[] | null,
  };
}

/** The FHIR Questionnaire a template version was imported from (a calculatedExpression reads it at submit). */
export async function templateResourceOf(db: DbOrTx, templateId: number): Promise<unknown> {
  const [row] = await db
    .select({ resource: questionnaireTemplates.resource })
    .from(questionnaireTemplates)
    .where(eq(questionnaireTemplates.id, templateId));
  return row?.resource;
}

/**
 * The row may still be answered: assigned or started, and not yet Missed (due on or after `dueOnOrAfter`). Every
 * write of an answer is conditional on it, so two submits (or a submit and a decline) cannot both land.
 */
function stillOpen(scope: PatientScope, assignmentId: number, dueOnOrAfter: string): SQL {
  return and(
    assignmentsOf(scope),
    eq(questionnaireAssignments.id, assignmentId),
    inArray(questionnaireAssignments.status, [...OPEN_STATUSES]),
    gte(questionnaireAssignments.dueDate, dueOnOrAfter),
  )!;
}

/** Opening: the first time is kept, and an assignment never opened becomes started. False when not open. */
export async function markViewed(
  db: DbOrTx,
  scope: PatientScope,
  assignmentId: number,
  dueOnOrAfter: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(questionnaireAssignments)
    .set({
      viewedAt: sql`coalesce(${questionnaireAssignments.viewedAt}, ${at.toISOString()}::timestamptz)`,
      status: 'started',
    })
    .where(stillOpen(scope, assignmentId, dueOnOrAfter))
    .returning({ id: questionnaireAssignments.id });
  return rows.length > 0;
}

/** Replaces the caller's draft; the assignment is started. False when it is no longer open. */
export async function saveDraft(
  db: DbOrTx,
  scope: PatientScope,
  assignmentId: number,
  dueOnOrAfter: string,
  answers: QuestionnaireAnswer[],
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(questionnaireAssignments)
    .set({ status: 'started' })
    .where(stillOpen(scope, assignmentId, dueOnOrAfter))
    .returning({ id: questionnaireAssignments.id });
  if (rows.length === 0) return false;
  const author = actorKey(scope);
  await db
    .insert(questionnaireDrafts)
    .values({ assignmentId, author, answers, savedAt: at })
    .onConflictDoUpdate({
      target: [questionnaireDrafts.assignmentId, questionnaireDrafts.author],
      set: { answers, savedAt: at },
    });
  return true;
}

/** Deletes the caller's draft ("Yes, I want to cancel"); false when there was none. */
export async function discardDraft(db: DbOrTx, scope: PatientScope, assignmentId: number): Promise<boolean> {
  const rows = await db
    .delete(questionnaireDrafts)
    .where(and(eq(questionnaireDrafts.assignmentId, assignmentId), eq(questionnaireDrafts.author, actorKey(scope))))
    .returning({ id: questionnaireDrafts.assignmentId });
  return rows.length > 0;
}

/** Every draft of the assignment goes once it is answered or declined: they were for answering it. */
export async function dropDrafts(db: DbOrTx, assignmentId: number): Promise<void> {
  await db.delete(questionnaireDrafts).where(eq(questionnaireDrafts.assignmentId, assignmentId));
}

export interface Completion {
  at: Date;
  /** The user who answered (the patient or a representative); null for a kiosk or link session. */
  userId: number | null;
  loginType: string;
}

/** Stores the submitted answers and their scores, in one conditional update. False when it was not open. */
export async function completeAssignment(
  db: DbOrTx,
  scope: PatientScope,
  assignmentId: number,
  dueOnOrAfter: string,
  submitted: { answers: QuestionnaireAnswer[]; scores: readonly { code: string; score: number }[] },
  by: Completion,
): Promise<boolean> {
  const rows = await db
    .update(questionnaireAssignments)
    .set({
      status: 'completed',
      answers: submitted.answers,
      scores: submitted.scores,
      completedAt: by.at,
      completedByUserId: by.userId,
      completedLoginType: by.loginType,
      viewedAt: sql`coalesce(${questionnaireAssignments.viewedAt}, ${by.at.toISOString()}::timestamptz)`,
    })
    .where(stillOpen(scope, assignmentId, dueOnOrAfter))
    .returning({ id: questionnaireAssignments.id });
  return rows.length > 0;
}

/** Declines it, in one conditional update. False when it was not open. */
export async function declineAssignment(
  db: DbOrTx,
  scope: PatientScope,
  assignmentId: number,
  dueOnOrAfter: string,
  by: Completion,
): Promise<boolean> {
  const rows = await db
    .update(questionnaireAssignments)
    .set({
      status: 'declined',
      completedAt: by.at,
      completedByUserId: by.userId,
      completedLoginType: by.loginType,
    })
    .where(stillOpen(scope, assignmentId, dueOnOrAfter))
    .returning({ id: questionnaireAssignments.id });
  return rows.length > 0;
}

import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  facilities,
  patients,
  questionnaireAssignments,
  questionnaireInterpretations,
  questionnaireTemplates,
} from '../../db/schema/index';

// The writes of questionnaires.intake.ts: a facility's templates (versions under the facility's identifier, one
// current per identifier) and their assignments to patients (keyed by the facility's identifier, unique per
// patient).

const OPEN_STATUSES = ['assigned', 'started'] as const;

export type NewQuestionnaireTemplate = typeof questionnaireTemplates.$inferInsert;
export type NewQuestionnaireAssignment = typeof questionnaireAssignments.$inferInsert;
/** The fields a replacement of an assignment rewrites. */
export type QuestionnaireAssignmentFields = Partial<
  Pick<NewQuestionnaireAssignment, 'templateId' | 'dueDate' | 'availableFrom' | 'status' | 'viewedAt' | 'withdrawnAt'>
>;

/** The current version of a facility's template under its identifier, locked for the transaction, or undefined. */
export function findCurrentTemplate(db: DbOrTx, facilityId: number, externalId: string) {
  return db
    .select({
      id: questionnaireTemplates.id,
      contentHash: questionnaireTemplates.contentHash,
      withdrawnAt: questionnaireTemplates.withdrawnAt,
    })
    .from(questionnaireTemplates)
    .where(
      and(
        eq(questionnaireTemplates.facilityId, facilityId),
        eq(questionnaireTemplates.externalId, externalId),
        isNull(questionnaireTemplates.supersededAt),
      ),
    )
    .limit(1)
    .for('update')
    .then((rows) => rows[0]);
}

/** The current version with what the API's GET shows, and how many versions the identifier has. */
export async function findTemplateWithVersions(db: DbOrTx, facilityId: number, externalId: string) {
  const ofIdentifier = and(
    eq(questionnaireTemplates.facilityId, facilityId),
    eq(questionnaireTemplates.externalId, externalId),
  );
  const [current] = await db
    .select({
      id: questionnaireTemplates.id,
      title: questionnaireTemplates.title,
      definition: questionnaireTemplates.definition,
      resource: questionnaireTemplates.resource,
      withdrawnAt: questionnaireTemplates.withdrawnAt,
      createdAt: questionnaireTemplates.createdAt,
      versions: db.$count(questionnaireTemplates, ofIdentifier),
    })
    .from(questionnaireTemplates)
    .where(and(ofIdentifier, isNull(questionnaireTemplates.supersededAt)))
    .limit(1);
  return current;
}

export async function insertTemplate(db: DbOrTx, row: NewQuestionnaireTemplate): Promise<number> {
  const [inserted] = await db.insert(questionnaireTemplates).values(row).returning({ id: questionnaireTemplates.id });
  if (!inserted) throw new Error('Adding a questionnaire template returned no row');
  return inserted.id;
}

export async function setTemplateSuperseded(db: DbOrTx, templateId: number, at: Date): Promise<void> {
  await db.update(questionnaireTemplates).set({ supersededAt: at }).where(eq(questionnaireTemplates.id, templateId));
}

export async function setTemplateWithdrawn(db: DbOrTx, templateId: number, at: Date | null): Promise<void> {
  await db.update(questionnaireTemplates).set({ withdrawnAt: at }).where(eq(questionnaireTemplates.id, templateId));
}

/** Moves the assignments of a version that no patient has opened yet to its successor. */
export async function moveUnopenedAssignments(db: DbOrTx, fromTemplateId: number, toTemplateId: number) {
  const moved = await db
    .update(questionnaireAssignments)
    .set({ templateId: toTemplateId })
    .where(
      and(
        eq(questionnaireAssignments.templateId, fromTemplateId),
        eq(questionnaireAssignments.status, 'assigned'),
        isNull(questionnaireAssignments.withdrawnAt),
      ),
    )
    .returning({ id: questionnaireAssignments.id });
  return moved.length;
}

/** Withdraws the open (assigned or started) assignments of every version of a facility's template. */
export async function withdrawOpenAssignmentsOfTemplate(
  db: DbOrTx,
  facilityId: number,
  externalId: string,
  at: Date,
): Promise<number> {
  const versions = db
    .select({ id: questionnaireTemplates.id })
    .from(questionnaireTemplates)
    .where(and(eq(questionnaireTemplates.facilityId, facilityId), eq(questionnaireTemplates.externalId, externalId)));
  const withdrawn = await db
    .update(questionnaireAssignments)
    .set({ withdrawnAt: at })
    .where(
      and(
        inArray(questionnaireAssignments.templateId, versions),
        inArray(questionnaireAssignments.status, [...OPEN_STATUSES]),
        isNull(questionnaireAssignments.withdrawnAt),
      ),
    )
    .returning({ id: questionnaireAssignments.id });
  return withdrawn.length;
}

/** The patient's home facility and its zone (an assignment's days are the facility's calendar days). */
export function findPatientFacility(db: DbOrTx, patientId: number) {
  return db
    .select({ facilityId: patients.homeFacilityId, timeZoneId: facilities.timeZoneId })
    .from(patients)
    .innerJoin(facilities, eq(facilities.id, patients.homeFacilityId))
    .where(eq(patients.id, patientId))
    .limit(1)
    .then((rows) => rows[0]);
}

/**
 * A patient's assignment under the facility's identifier, with its template's identifier, or undefined; locked for
 * the rest of the transaction when it is to be changed.
 */
export function findAssignmentByExternalId(db: DbOrTx, patientId: number, externalId: string, lock = true) {
  const query = db
    .select({
      id: questionnaireAssignments.id,
      templateId: questionnaireAssignments.templateId,
      templateExternalId: questionnaireTemplates.externalId,
      status: questionnaireAssignments.status,
      dueDate: questionnaireAssignments.dueDate,
      availableFrom: questionnaireAssignments.availableFrom,
      completedAt: questionnaireAssignments.completedAt,
      withdrawnAt: questionnaireAssignments.withdrawnAt,
    })
    .from(questionnaireAssignments)
    .innerJoin(questionnaireTemplates, eq(questionnaireTemplates.id, questionnaireAssignments.templateId))
    .where(and(eq(questionnaireAssignments.patientId, patientId), eq(questionnaireAssignments.externalId, externalId)))
    .limit(1)
    .$dynamic();
  return (lock ? query.for('update', { of: questionnaireAssignments }) : query).then((rows) => rows[0]);
}

/** Adds an assignment; its id, or undefined when one with the same identifier was added meanwhile. */
export async function insertAssignment(db: DbOrTx, row: NewQuestionnaireAssignment): Promise<number | undefined> {
  const [inserted] = await db
    .insert(questionnaireAssignments)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: questionnaireAssignments.id });
  return inserted?.id;
}

export async function updateAssignment(
  db: DbOrTx,
  assignmentId: number,
  fields: QuestionnaireAssignmentFields,
): Promise<void> {
  await db.update(questionnaireAssignments).set(fields).where(eq(questionnaireAssignments.id, assignmentId));
}

/** The facility's interpretation of a template (by its identifier), or undefined when it set none. */
export function findInterpretation(db: DbOrTx, facilityId: number, externalId: string) {
  return db
    .select({
      interpretation: questionnaireInterpretations.interpretation,
      updatedAt: questionnaireInterpretations.updatedAt,
    })
    .from(questionnaireInterpretations)
    .where(
      and(
        eq(questionnaireInterpretations.facilityId, facilityId),
        eq(questionnaireInterpretations.templateExternalId, externalId),
      ),
    )
    .then((rows) => rows[0]);
}

/** Sets (or replaces) the facility's interpretation of a template. */
export async function upsertInterpretation(
  db: DbOrTx,
  facilityId: number,
  externalId: string,
  interpretation: unknown,
  at: Date,
): Promise<void> {
  await db
    .insert(questionnaireInterpretations)
    .values({ facilityId, templateExternalId: externalId, interpretation, updatedAt: at })
    .onConflictDoUpdate({
      target: [questionnaireInterpretations.facilityId, questionnaireInterpretations.templateExternalId],
      set: { interpretation, updatedAt: at },
    });
}

import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  facilities,
  labResultDetails,
  labResultGroups,
  labResults,
  languages,
  patients,
  users,
} from '../../db/schema/index';
import type { PatientScope } from '../../platform/access/patient-scope';

const resultColumns = {
  id: labResults.id,
  collectedAt: labResults.collectedAt,
  externalStatus: labResults.externalStatus,
  requestingPhysician: labResults.requestingPhysician,
  isReviewedByPatient: labResults.isReviewedByPatient,
  address1: labResults.address1,
  address2: labResults.address2,
  city: labResults.city,
  state: labResults.state,
  zipCode: labResults.zipCode,
  country: labResults.country,
  labName: labResults.labName,
  labAddress: labResults.labAddress,
  comment: labResults.comment,
  noteToPatient: labResults.noteToPatient,
};

/**
 * What the patient may see of their results: published and not withdrawn by the facility. Every read of results
 * (list, detail, count, PDF, marking reviewed) starts from this.
 */
const shown = (scope: PatientScope) =>
  and(eq(labResults.patientId, scope.patientId), eq(labResults.isPublished, true), isNull(labResults.withdrawnAt));

export type LabResultRow = Awaited<ReturnType<typeof listPublishedResults>>[number];
export type GroupRow = Awaited<ReturnType<typeof listGroups>>[number];
export type DetailRow = Awaited<ReturnType<typeof listDetails>>[number];

/** The patient's published results (not withdrawn), newest collection first (then newest id). */
export function listPublishedResults(db: DbOrTx, scope: PatientScope) {
  return db
    .select(resultColumns)
    .from(labResults)
    .where(shown(scope))
    .orderBy(desc(labResults.collectedAt), desc(labResults.id));
}

/** One published result of the patient, or undefined (another patient's, an unpublished or a withdrawn one). */
export function findPublishedResult(db: DbOrTx, scope: PatientScope, labResultId: number) {
  return db
    .select(resultColumns)
    .from(labResults)
    .where(and(shown(scope), eq(labResults.id, labResultId)))
    .limit(1)
    .then((rows) => rows[0]);
}

/** The groups of some results (already checked to be the patient's), in their order. */
export function listGroups(db: DbOrTx, labResultIds: number[]) {
  if (labResultIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: labResultGroups.id,
      labResultId: labResultGroups.labResultId,
      groupDisplayName: labResultGroups.groupDisplayName,
    })
    .from(labResultGroups)
    .where(inArray(labResultGroups.labResultId, labResultIds))
    .orderBy(asc(labResultGroups.labResultId), asc(labResultGroups.sortOrder), asc(labResultGroups.id));
}

/** The tests of some groups, in their order. */
export function listDetails(db: DbOrTx, groupIds: number[]) {
  if (groupIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: labResultDetails.id,
      groupId: labResultDetails.groupId,
      testDisplayName: labResultDetails.testDisplayName,
      testValue: labResultDetails.testValue,
      unitOfMeasure: labResultDetails.unitOfMeasure,
      referencesRange: labResultDetails.referencesRange,
      abnormalFlag: labResultDetails.abnormalFlag,
      testDetailStatus: labResultDetails.testDetailStatus,
      comment: labResultDetails.comment,
    })
    .from(labResultDetails)
    .where(inArray(labResultDetails.groupId, groupIds))
    .orderBy(asc(labResultDetails.groupId), asc(labResultDetails.sortOrder), asc(labResultDetails.id));
}

/** Marks a result reviewed (first time only: the time of the first view stays). True when it changed. */
export async function markReviewed(tx: DbOrTx, scope: PatientScope, labResultId: number, at: Date): Promise<boolean> {
  const rows = await tx
    .update(labResults)
    .set({ isReviewedByPatient: true, reviewedAt: at })
    .where(and(shown(scope), eq(labResults.id, labResultId), eq(labResults.isReviewedByPatient, false)))
    .returning({ id: labResults.id });
  return rows.length > 0;
}

/** How many published results (not withdrawn) the patient has not reviewed. */
export function countNotReviewed(db: DbOrTx, scope: PatientScope) {
  return db
    .select({ n: count() })
    .from(labResults)
    .where(and(shown(scope), eq(labResults.isReviewedByPatient, false)))
    .then((rows) => rows[0]?.n ?? 0);
}

/** What the printout's header needs: the patient's name and home facility, and its default language. */
export function findPrintHeader(db: DbOrTx, scope: PatientScope) {
  return db
    .select({
      firstName: patients.firstName,
      lastName: patients.lastName,
      facilityId: facilities.id,
      facilityName: facilities.name,
      timeZoneId: facilities.timeZoneId,
      facilityLanguage: languages.code,
    })
    .from(patients)
    .innerJoin(facilities, eq(facilities.id, patients.homeFacilityId))
    .leftJoin(languages, eq(languages.id, facilities.defaultLanguageId))
    .where(eq(patients.id, scope.patientId))
    .limit(1)
    .then((rows) => rows[0]);
}

/** The language the user chose for the portal, if any. */
export function findUserLanguage(db: DbOrTx, userId: number) {
  return db
    .select({ language: users.preferredLanguage })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
    .then((rows) => rows[0]?.language ?? null);
}

import { and, count, eq, isNull, not, sql } from 'drizzle-orm';
import type { TestResultGroup, TestResultGroupName } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import { isoInstant, jsonArrayText, jsonObject } from '../../db/json-sql';
import { outerColumn } from '../../db/outer-column';
import { prepared } from '../../db/prepared';
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

// The hot reads are prepared statements (db/prepared.ts): the patient and the record are placeholders, so no SQL is
// built per request. A result comes with its groups (and tests) aggregated as JSON in the same statement.

/** A result's own fields under the API's names (the spec's); startDate is the collection instant. */
const resultFields = {
  labResultId: labResults.id,
  startDate: labResults.collectedAt,
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
const shown = and(
  eq(labResults.patientId, sql.placeholder('patientId')),
  labResults.isPublished,
  isNull(labResults.withdrawnAt),
);

/** The result's groups' ids and names, in their order (the list's). */
const groupNames = sql<TestResultGroupName[]>`coalesce((
  select json_agg(json_build_object(
    'testResultGroupId', ${labResultGroups.id}, 'groupDisplayName', ${labResultGroups.groupDisplayName}
  ) order by ${labResultGroups.sortOrder}, ${labResultGroups.id})
  from ${labResultGroups} where ${labResultGroups.labResultId} = ${outerColumn(labResults.id)}), '[]'::json)`;

/** The tests of the group of the enclosing select, in their order. */
const groupTests = sql`coalesce((
  select json_agg(json_build_object(
    'testResultDetailId', ${labResultDetails.id},
    'testDisplayName', ${labResultDetails.testDisplayName},
    'testValue', ${labResultDetails.testValue},
    'unitOfMeasure', ${labResultDetails.unitOfMeasure},
    'referencesRange', ${labResultDetails.referencesRange},
    'abnormalFlag', ${labResultDetails.abnormalFlag},
    'testDetailStatus', ${labResultDetails.testDetailStatus},
    'comment', ${labResultDetails.comment}
  ) order by ${labResultDetails.sortOrder}, ${labResultDetails.id})
  from ${labResultDetails} where ${labResultDetails.groupId} = ${outerColumn(labResultGroups.id)}), '[]'::json)`;

/** The result's groups with their tests, both in their order (the detail's and the printout's). */
const groupsWithTests = sql<TestResultGroup[]>`coalesce((
  select json_agg(json_build_object(
    'testResultGroupId', ${labResultGroups.id},
    'groupDisplayName', ${labResultGroups.groupDisplayName},
    'testResultDetails', ${groupTests}
  ) order by ${labResultGroups.sortOrder}, ${labResultGroups.id})
  from ${labResultGroups} where ${labResultGroups.labResultId} = ${outerColumn(labResults.id)}), '[]'::json)`;

/**
 * The patient's published results (not withdrawn) with their groups' names, newest collection first (then id), as
 * the JSON text of the list's answer (LabResultListItem[]): the database writes it in the statement that reads it.
 */
export function listPublishedResultsJson(db: DbOrTx, scope: PatientScope): Promise<string> {
  return prepared(db, 'lab_results_published', (db) =>
    db
      .select({
        json: jsonArrayText(
          jsonObject({ ...resultFields, startDate: isoInstant(labResults.collectedAt), testResultGroups: groupNames }),
          sql`${labResults.collectedAt} desc, ${labResults.id} desc`,
        ),
      })
      .from(labResults)
      .where(shown)
      .prepare('lab_results_published'),
  )
    .execute({ patientId: scope.patientId })
    .then((rows) => rows[0]!.json);
}

/**
 * One published result of the patient with its groups and tests, or undefined (another patient's, an unpublished
 * or a withdrawn one).
 */
export function findPublishedResult(db: DbOrTx, scope: PatientScope, labResultId: number) {
  return prepared(db, 'lab_result_published', (db) =>
    db
      .select({ ...resultFields, testResultGroups: groupsWithTests })
      .from(labResults)
      .where(and(shown, eq(labResults.id, sql.placeholder('labResultId'))))
      .limit(1)
      .prepare('lab_result_published'),
  )
    .execute({ patientId: scope.patientId, labResultId })
    .then((rows) => rows[0]);
}

/** A result as findPublishedResult reads it (startDate still a Date). */
export type LabResultRow = NonNullable<Awaited<ReturnType<typeof findPublishedResult>>>;

/** Marks a result reviewed (first time only: the time of the first view stays). True when it changed. */
export async function markReviewed(db: DbOrTx, scope: PatientScope, labResultId: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(labResults)
    .set({ isReviewedByPatient: true, reviewedAt: at })
    .where(
      and(
        eq(labResults.patientId, scope.patientId),
        labResults.isPublished,
        isNull(labResults.withdrawnAt),
        eq(labResults.id, labResultId),
        not(labResults.isReviewedByPatient),
      ),
    )
    .returning({ id: labResults.id });
  return rows.length > 0;
}

/** How many published results (not withdrawn) the patient has not reviewed. */
export function countNotReviewed(db: DbOrTx, scope: PatientScope) {
  return prepared(db, 'lab_results_not_reviewed_count', (db) =>
    db
      .select({ n: count() })
      .from(labResults)
      .where(and(shown, not(labResults.isReviewedByPatient)))
      .prepare('lab_results_not_reviewed_count'),
  )
    .execute({ patientId: scope.patientId })
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

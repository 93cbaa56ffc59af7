import { and, asc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  facilities,
  kioskStaffFacilities,
  patients,
  questionnaireAssignments,
  questionnaireTemplates,
} from '../../db/schema/index';
import type { LocalText } from '../../platform/content/local-text';

/** The only states a patient can still start (assigned: never opened; started: begun, not yet sent). */
const OPEN_STATUSES = ['assigned', 'started'] as const;

/**
 * A questionnaire the kiosk counts: still open, neither the assignment nor its template withdrawn by the facility
 * (withdrawn rows stay in the tables for the audit trail).
 */
function openAssignment(): SQL {
  return and(
    isNull(questionnaireAssignments.withdrawnAt),
    inArray(questionnaireAssignments.status, [...OPEN_STATUSES]),
    isNull(questionnaireTemplates.withdrawnAt),
  )!;
}

export interface StaffFacilityRow {
  facilityId: number;
  shortName: string;
  name: string;
  timeZoneId: string;
  kioskEnabled: boolean;
  /** The staff account's own facility (the others come from kiosk_staff_facilities). */
  isOwn: boolean;
}

/** The facilities a kiosk staff account serves: its own, then those kiosk_staff_facilities adds, by short name. */
export async function findStaffFacilities(
  db: DbOrTx,
  staff: { userId: number; facilityId: number },
): Promise<StaffFacilityRow[]> {
  return db
    .select({
      facilityId: facilities.id,
      shortName: facilities.shortName,
      name: facilities.name,
      timeZoneId: facilities.timeZoneId,
      kioskEnabled: facilities.kioskEnabled,
      isOwn: sql<boolean>`${facilities.id} = ${staff.facilityId}`,
    })
    .from(facilities)
    .where(
      or(
        eq(facilities.id, staff.facilityId),
        inArray(
          facilities.id,
          db
            .select({ id: kioskStaffFacilities.facilityId })
            .from(kioskStaffFacilities)
            .where(eq(kioskStaffFacilities.userId, staff.userId)),
        ),
      ),
    )
    .orderBy(sql`${facilities.id} <> ${staff.facilityId}`, asc(facilities.shortName), asc(facilities.id));
}

export interface DuePatientRow {
  patientId: number;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  mrn: string;
  facilityId: number;
  facilityShortName: string;
  timeZoneId: string;
  /** The titles of the open questionnaires due that day, in assignment order; the template's title as fallback. */
  titles: { title: LocalText | null; fallback: string }[];
  /** The first day any of them may be started. */
  earliestAvailableFrom: string;
}

/**
 * One row per patient of `facilityIds` with open questionnaires due on `dueDate`, in one query (the titles
 * aggregated per patient), by last name, first name, then id.
 */
export async function listDuePatients(db: DbOrTx, facilityIds: number[], dueDate: string): Promise<DuePatientRow[]> {
  if (facilityIds.length === 0) return [];
  return db
    .select({
      patientId: patients.id,
      firstName: patients.firstName,
      lastName: patients.lastName,
      dateOfBirth: patients.dateOfBirth,
      mrn: patients.mrn,
      facilityId: facilities.id,
      facilityShortName: facilities.shortName,
      timeZoneId: facilities.timeZoneId,
      titles: sql<DuePatientRow['titles']>`json_agg(json_build_object(
          'title', ${questionnaireTemplates.definitionTitle},
          'fallback', ${questionnaireTemplates.title}
        ) ORDER BY ${questionnaireAssignments.id})`,
      earliestAvailableFrom: sql<string>`to_char(min(${questionnaireAssignments.availableFrom}), 'YYYY-MM-DD')`,
    })
    .from(questionnaireAssignments)
    .innerJoin(questionnaireTemplates, eq(questionnaireTemplates.id, questionnaireAssignments.templateId))
    .innerJoin(patients, eq(patients.id, questionnaireAssignments.patientId))
    .innerJoin(facilities, eq(facilities.id, patients.homeFacilityId))
    .where(
      and(
        openAssignment(),
        eq(questionnaireAssignments.dueDate, dueDate),
        inArray(patients.homeFacilityId, facilityIds),
      ),
    )
    .groupBy(patients.id, facilities.id)
    .orderBy(asc(patients.lastName), asc(patients.firstName), asc(patients.id));
}

export interface ServedPatientRow {
  patientId: number;
  facilityId: number;
  timeZoneId: string;
}

/** A patient whose home facility is one of `facilityIds`, or null (unknown, or not a patient the staff serves). */
export async function findServedPatient(
  db: DbOrTx,
  patientId: number,
  facilityIds: number[],
): Promise<ServedPatientRow | null> {
  if (facilityIds.length === 0) return null;
  const [row] = await db
    .select({ patientId: patients.id, facilityId: facilities.id, timeZoneId: facilities.timeZoneId })
    .from(patients)
    .innerJoin(facilities, eq(facilities.id, patients.homeFacilityId))
    .where(and(eq(patients.id, patientId), inArray(patients.homeFacilityId, facilityIds)));
  return row ?? null;
}

/**
 * Whether the patient has a questionnaire to start on `today`: open, available from today or earlier, and not yet
 * Missed (due on or after `dueOnOrAfter`).
 */
export async function hasStartableAssignment(
  db: DbOrTx,
  patientId: number,
  today: string,
  dueOnOrAfter: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: questionnaireAssignments.id })
    .from(questionnaireAssignments)
    .innerJoin(questionnaireTemplates, eq(questionnaireTemplates.id, questionnaireAssignments.templateId))
    .where(
      and(
        eq(questionnaireAssignments.patientId, patientId),
        openAssignment(),
        lte(questionnaireAssignments.availableFrom, today),
        gte(questionnaireAssignments.dueDate, dueOnOrAfter),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The facility whose kiosk entry address carries `secret`, or null. */
export async function findFacilityByEntrySecret(db: DbOrTx, secret: string): Promise<number | null> {
  const [row] = await db
    .select({ id: facilities.id })
    .from(facilities)
    .where(eq(facilities.kioskEntrySecret, secret))
    .limit(1);
  return row?.id ?? null;
}

/** A facility's kiosk entry secret (null when it has none yet), or undefined when there is no such facility. */
export async function findEntrySecret(db: DbOrTx, facilityId: number): Promise<string | null | undefined> {
  const [row] = await db
    .select({ secret: facilities.kioskEntrySecret })
    .from(facilities)
    .where(eq(facilities.id, facilityId))
    .limit(1);
  return row ? row.secret : undefined;
}

/** Gives a facility a new kiosk entry secret: the old address stops working at once. */
export async function setEntrySecret(db: DbOrTx, facilityId: number, secret: string): Promise<void> {
  await db.update(facilities).set({ kioskEntrySecret: secret }).where(eq(facilities.id, facilityId));
}

import { and, asc, eq, inArray, isNull, notInArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  externalSystems,
  facilities,
  facilityAliases,
  patientRegistrationDetails,
  patients,
} from '../../db/schema/index';

// What the integration API's patients read and write (module accounts): the patient row, its registration
// details and its external systems.

/** The patient row's fields a facility's system puts. */
export interface PatientRowFields {
  firstName: string;
  middleName: string | null;
  lastName: string;
  suffix: string | null;
  dateOfBirth: string;
  sex: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  country: string | null;
  homePhone: string | null;
  mobilePhone: string | null;
  emailAddress: string | null;
  preferredLanguage: string | null;
  /** Left out: the stored hash stays. */
  ssnHash?: string | null;
}

export interface RegistrationDetailsFields {
  birthCountry: string | null;
  ethnicity: string | null;
  race: string | null;
  religion: string | null;
  primaryLanguage: string | null;
  citizenship: string | null;
  maritalStatus: string | null;
  mothersMaidenName: string | null;
  occupation: string | null;
  preferredCommunication: string | null;
  insuranceNote: string | null;
  advancedDirectiveNote: string | null;
  isClinicalTrial: boolean;
  clinicalTrialId: string | null;
}

export interface ExternalSystemFields {
  externalId: string;
  name: string;
  activeTriggerEventTypes: string[];
  sendSecurelyDisabled: boolean;
}

const patientColumns = {
  id: patients.id,
  userId: patients.userId,
  mrn: patients.mrn,
  firstName: patients.firstName,
  middleName: patients.middleName,
  lastName: patients.lastName,
  suffix: patients.suffix,
  dateOfBirth: patients.dateOfBirth,
  sex: patients.sex,
  address1: patients.address1,
  address2: patients.address2,
  city: patients.city,
  state: patients.state,
  zipCode: patients.zipCode,
  country: patients.country,
  homePhone: patients.homePhone,
  mobilePhone: patients.mobilePhone,
  emailAddress: patients.emailAddress,
  preferredLanguage: patients.preferredLanguage,
  ssnHash: patients.ssnHash,
  homeFacility: facilities.shortName,
};

/** The facility's patient with this MRN, its row locked for the rest of the transaction. */
export function lockPatientByMrn(tx: DbOrTx, facilityId: number, mrn: string) {
  return tx
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.homeFacilityId, facilityId), eq(patients.mrn, mrn)))
    .for('update')
    .limit(1)
    .then((rows) => rows[0]?.id);
}

/** Adds the patient; undefined when another request added this MRN first. */
export async function insertPatient(
  tx: DbOrTx,
  facilityId: number,
  mrn: string,
  fields: PatientRowFields,
): Promise<number | undefined> {
  const [row] = await tx
    .insert(patients)
    .values({ ...fields, homeFacilityId: facilityId, mrn, updatedAt: new Date() })
    .onConflictDoNothing()
    .returning({ id: patients.id });
  return row?.id;
}

/** Replaces the record's fields; the account link (user_id) stays, and the SSN hash unless `fields` has one. */
export async function updatePatient(tx: DbOrTx, patientId: number, fields: PatientRowFields): Promise<void> {
  await tx
    .update(patients)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(patients.id, patientId));
}

export function findPatientRow(db: DbOrTx, patientId: number) {
  return db
    .select(patientColumns)
    .from(patients)
    .innerJoin(facilities, eq(facilities.id, patients.homeFacilityId))
    .where(eq(patients.id, patientId))
    .limit(1)
    .then((rows) => rows[0]);
}

export function findRegistrationDetails(db: DbOrTx, patientId: number) {
  return db
    .select({
      birthCountry: patientRegistrationDetails.birthCountry,
      ethnicity: patientRegistrationDetails.ethnicity,
      race: patientRegistrationDetails.race,
      religion: patientRegistrationDetails.religion,
      primaryLanguage: patientRegistrationDetails.primaryLanguage,
      citizenship: patientRegistrationDetails.citizenship,
      maritalStatus: patientRegistrationDetails.maritalStatus,
      mothersMaidenName: patientRegistrationDetails.mothersMaidenName,
      occupation: patientRegistrationDetails.occupation,
      preferredCommunication: patientRegistrationDetails.preferredCommunication,
      insuranceNote: patientRegistrationDetails.insuranceNote,
      advancedDirectiveNote: patientRegistrationDetails.advancedDirectiveNote,
      isClinicalTrial: patientRegistrationDetails.isClinicalTrial,
      clinicalTrialId: patientRegistrationDetails.clinicalTrialId,
    })
    .from(patientRegistrationDetails)
    .where(eq(patientRegistrationDetails.patientId, patientId))
    .limit(1)
    .then((rows): RegistrationDetailsFields | undefined => rows[0]);
}

/** Writes the patient's registration details, or removes them (null). */
export async function putRegistrationDetails(
  tx: DbOrTx,
  patientId: number,
  details: RegistrationDetailsFields | null,
): Promise<void> {
  if (!details) {
    await tx.delete(patientRegistrationDetails).where(eq(patientRegistrationDetails.patientId, patientId));
    return;
  }
  const values = { ...details, updatedAt: new Date() };
  await tx
    .insert(patientRegistrationDetails)
    .values({ patientId, ...values })
    .onConflictDoUpdate({ target: patientRegistrationDetails.patientId, set: values });
}

export function findExternalSystemsOf(db: DbOrTx, patientId: number) {
  return db
    .select({
      externalSystemId: externalSystems.id,
      externalId: externalSystems.externalId,
      name: externalSystems.name,
      activeTriggerEventTypes: externalSystems.activeTriggerEventTypes,
      sendSecurelyDisabled: externalSystems.sendSecurelyDisabled,
    })
    .from(externalSystems)
    .where(eq(externalSystems.patientId, patientId))
    .orderBy(asc(externalSystems.id));
}

/**
 * Makes the patient's external systems exactly `systems`: a system the facility still names keeps its portal id
 * (matched by its externalId), the others go, new ones are added.
 */
export async function replaceExternalSystems(
  tx: DbOrTx,
  patientId: number,
  systems: ExternalSystemFields[],
): Promise<void> {
  const keep = systems.map((s) => s.externalId);
  await tx
    .delete(externalSystems)
    .where(
      and(
        eq(externalSystems.patientId, patientId),
        keep.length > 0
          ? or(isNull(externalSystems.externalId), notInArray(externalSystems.externalId, keep))
          : undefined,
      ),
    );
  if (systems.length === 0) return;
  const existing = await tx
    .select({ id: externalSystems.id, externalId: externalSystems.externalId })
    .from(externalSystems)
    .where(and(eq(externalSystems.patientId, patientId), inArray(externalSystems.externalId, keep)));
  const idOf = new Map(existing.map((row) => [row.externalId, row.id]));
  for (const system of systems) {
    const id = idOf.get(system.externalId);
    if (id === undefined) {
      await tx.insert(externalSystems).values({ patientId, ...system });
    } else {
      await tx
        .update(externalSystems)
        .set({
          name: system.name,
          activeTriggerEventTypes: system.activeTriggerEventTypes,
          sendSecurelyDisabled: system.sendSecurelyDisabled,
        })
        .where(eq(externalSystems.id, id));
    }
  }
}

/** The names a facility goes by: its id, short name and host aliases (lower case). */
export async function facilityNames(db: DbOrTx, facilityId: number): Promise<string[]> {
  const rows = await db
    .select({ shortName: facilities.shortName, alias: facilityAliases.alias })
    .from(facilities)
    .leftJoin(facilityAliases, eq(facilityAliases.facilityId, facilities.id))
    .where(eq(facilities.id, facilityId));
  const names = new Set([String(facilityId)]);
  for (const row of rows) {
    names.add(row.shortName.toLowerCase());
    if (row.alias) names.add(row.alias.toLowerCase());
  }
  return [...names];
}

import { count, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import {
  capabilityProfiles,
  externalSystems,
  facilities,
  facilityAliases,
  kioskStaffFacilities,
  patients,
  personalContacts,
  users,
} from '../db/schema/index';

// The demo's own fixtures, which no intake service writes: facilities and their aliases, users,
// patients, personal contacts, capability profiles, external systems and the facilities kiosk staff serve.
// Clinical data goes through the modules' *.intake.ts services. This file is the demo's only door to the
// database layer.

export type { CapabilityAudience } from '../db/schema/index';
export { PREFERRED_COMMUNICATION_IDS, RELATIONSHIP_IDS } from '../db/seed/lookups';

export type NewFacility = typeof facilities.$inferInsert;
export type NewUser = typeof users.$inferInsert;
export type NewPatient = typeof patients.$inferInsert;
export type NewPersonalContact = typeof personalContacts.$inferInsert;
export type NewCapabilityProfile = typeof capabilityProfiles.$inferInsert;
export type NewExternalSystem = typeof externalSystems.$inferInsert;

/** Whether any facility exists (the demo is seeded only into an empty database). */
export async function hasFacilities(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(facilities);
  return (row?.n ?? 0) > 0;
}

export async function insertFacility(tx: Tx, row: NewFacility): Promise<number> {
  const [inserted] = await tx.insert(facilities).values(row).returning({ id: facilities.id });
  if (!inserted) throw new Error('Seeding a demo facility failed');
  return inserted.id;
}

export async function insertFacilityAliases(tx: Tx, rows: { alias: string; facilityId: number }[]): Promise<void> {
  await tx.insert(facilityAliases).values(rows);
}

/** Adds users; returns their ids and usernames. */
export function insertUsers(tx: Tx, rows: NewUser[]) {
  return tx.insert(users).values(rows).returning({ id: users.id, username: users.username });
}

/** Adds patients; returns their ids in the order given. */
export function insertPatients(tx: Tx, rows: NewPatient[]) {
  return tx.insert(patients).values(rows).returning({ id: patients.id });
}

/** Adds personal contacts; returns their ids in the order given. */
export function insertPersonalContacts(tx: Tx, rows: NewPersonalContact[]) {
  return tx.insert(personalContacts).values(rows).returning({ id: personalContacts.id });
}

export async function insertCapabilityProfiles(tx: Tx, rows: NewCapabilityProfile[]): Promise<void> {
  await tx.insert(capabilityProfiles).values(rows);
}

/** Facilities a kiosk staff account serves besides its own. */
export async function insertKioskStaffFacilities(
  tx: Tx,
  rows: { userId: number; facilityId: number }[],
): Promise<void> {
  await tx.insert(kioskStaffFacilities).values(rows);
}

/**
 * A patient's external system under the facility's identifier: added, or its name and events set again when the
 * patient has it already (a seed run again changes nothing). Its id.
 */
export async function putExternalSystem(tx: Tx, row: NewExternalSystem & { externalId: string }): Promise<number> {
  const [stored] = await tx
    .insert(externalSystems)
    .values(row)
    .onConflictDoUpdate({
      target: [externalSystems.patientId, externalSystems.externalId],
      targetWhere: isNotNull(externalSystems.externalId),
      set: { name: row.name, activeTriggerEventTypes: row.activeTriggerEventTypes ?? [] },
    })
    .returning({ id: externalSystems.id });
  return stored!.id;
}

export async function findPatientIdByMrn(tx: Tx, mrn: string): Promise<number | undefined> {
  const [row] = await tx.select({ id: patients.id }).from(patients).where(eq(patients.mrn, mrn));
  return row?.id;
}

/** What a demo document shows of its patient. */
export async function findDemoPatient(tx: Tx, patientId: number) {
  const [row] = await tx
    .select({
      firstName: patients.firstName,
      lastName: patients.lastName,
      mrn: patients.mrn,
      dateOfBirth: patients.dateOfBirth,
    })
    .from(patients)
    .where(eq(patients.id, patientId));
  return row;
}

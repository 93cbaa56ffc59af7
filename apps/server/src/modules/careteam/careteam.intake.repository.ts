import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { careProviders, careTeamMembers, facilityContacts, profileImages } from '../../db/schema/index';

// The writes of careteam.intake.ts: care providers and their photos, care teams, facility contacts.

export type NewCareProvider = typeof careProviders.$inferInsert;
export type NewProfileImage = typeof profileImages.$inferInsert;
export type NewCareTeamMember = typeof careTeamMembers.$inferInsert;
export type NewFacilityContact = typeof facilityContacts.$inferInsert;

export async function insertCareProvider(tx: Tx, row: NewCareProvider): Promise<number> {
  const [inserted] = await tx.insert(careProviders).values(row).returning({ id: careProviders.id });
  if (!inserted) throw new Error('Adding a care provider returned no row');
  return inserted.id;
}

/** Adds or replaces images by file name. */
export async function upsertProfileImages(tx: Tx, rows: NewProfileImage[]): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(profileImages)
    .values(rows)
    .onConflictDoUpdate({
      target: profileImages.fileName,
      set: { contentType: sql`excluded.content_type`, data: sql`excluded.data` },
    });
}

/** Replaces the members of a patient's care team. */
export async function replaceCareTeam(tx: Tx, patientId: number, rows: NewCareTeamMember[]): Promise<void> {
  await tx.delete(careTeamMembers).where(eq(careTeamMembers.patientId, patientId));
  if (rows.length > 0) await tx.insert(careTeamMembers).values(rows);
}

/** Replaces a facility's contact list. */
export async function replaceFacilityContacts(tx: Tx, facilityId: number, rows: NewFacilityContact[]): Promise<void> {
  await tx.delete(facilityContacts).where(eq(facilityContacts.facilityId, facilityId));
  if (rows.length > 0) await tx.insert(facilityContacts).values(rows);
}

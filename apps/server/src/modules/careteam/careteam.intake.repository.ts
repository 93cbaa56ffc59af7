import { and, eq, inArray, isNull, notExists, notInArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { careProviders, careTeamMembers, facilityContacts, profileImages } from '../../db/schema/index';
import type { KeyedTable } from '../../platform/intake/keyed-records';

// The rows of careteam.intake.ts: care providers (kept by the intake engine) and their photos, care teams, facility
// contacts.

/** Where the intake engine keeps a care provider: one row per facility and facility identifier. */
export const careProviderTable: KeyedTable<'facilityId'> = {
  name: 'care provider',
  table: careProviders,
  owner: 'facilityId',
  reads: { photoFilename: careProviders.photoFilename, photoThumbnailFilename: careProviders.photoThumbnailFilename },
};

export type NewProfileImage = typeof profileImages.$inferInsert;
export type NewCareTeamMember = typeof careTeamMembers.$inferInsert;
export type NewFacilityContact = typeof facilityContacts.$inferInsert;

/** The ids of a facility's providers (not withdrawn) by their identifiers. */
export function findActiveCareProviderIds(tx: Tx, facilityId: number, externalIds: string[]) {
  if (externalIds.length === 0) return Promise.resolve([]);
  return tx
    .select({ id: careProviders.id, externalId: careProviders.externalId })
    .from(careProviders)
    .where(
      and(
        eq(careProviders.facilityId, facilityId),
        inArray(careProviders.externalId, externalIds),
        isNull(careProviders.withdrawnAt),
      ),
    );
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

/** Removes images of these names that no provider names any more. */
export async function deleteUnusedProfileImages(tx: Tx, fileNames: string[]): Promise<void> {
  if (fileNames.length === 0) return;
  await tx.delete(profileImages).where(
    and(
      inArray(profileImages.fileName, fileNames),
      notExists(
        tx
          .select({ one: sql`1` })
          .from(careProviders)
          .where(
            or(
              eq(careProviders.photoFilename, profileImages.fileName),
              eq(careProviders.photoThumbnailFilename, profileImages.fileName),
            ),
          ),
      ),
    ),
  );
}

/** The members of a patient's care team. */
export function listCareTeamMembers(tx: Tx, patientId: number) {
  return tx
    .select({
      careProviderId: careTeamMembers.careProviderId,
      isSecureMessageRecipient: careTeamMembers.isSecureMessageRecipient,
    })
    .from(careTeamMembers)
    .where(eq(careTeamMembers.patientId, patientId));
}

/**
 * Sets the members of a patient's care team: those not in `rows` leave, the others are added or updated in
 * place (a member who stays keeps its id).
 */
export async function replaceCareTeam(tx: Tx, patientId: number, rows: NewCareTeamMember[]): Promise<void> {
  const keep = rows.map((row) => row.careProviderId);
  await tx
    .delete(careTeamMembers)
    .where(
      keep.length > 0
        ? and(eq(careTeamMembers.patientId, patientId), notInArray(careTeamMembers.careProviderId, keep))
        : eq(careTeamMembers.patientId, patientId),
    );
  if (rows.length === 0) return;
  await tx
    .insert(careTeamMembers)
    .values(rows)
    .onConflictDoUpdate({
      target: [careTeamMembers.patientId, careTeamMembers.careProviderId],
      set: { isSecureMessageRecipient: sql`excluded.is_secure_message_recipient` },
    });
}

/** Replaces a facility's contact list. */
export async function replaceFacilityContacts(tx: Tx, facilityId: number, rows: NewFacilityContact[]): Promise<void> {
  await tx.delete(facilityContacts).where(eq(facilityContacts.facilityId, facilityId));
  if (rows.length > 0) await tx.insert(facilityContacts).values(rows);
}

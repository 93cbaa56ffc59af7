import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { careProviders, careTeamMembers, facilities, facilityContacts, profileImages } from '../../db/schema/index';
import type { PatientScope } from '../../platform/access/patient-scope';

/** The care team of a patient (withdrawn providers left out), by last then first name of the provider (any case). */
export function listCareTeam(db: DbOrTx, scope: PatientScope) {
  return prepared(db, 'care_team_of_patient', (db) =>
    db
      .select({
        careTeamId: careTeamMembers.id,
        patientId: careTeamMembers.patientId,
        careProviderId: careProviders.id,
        firstName: careProviders.firstName,
        lastName: careProviders.lastName,
        suffix: careProviders.suffix,
        publicEmail: careProviders.publicEmail,
        address1: careProviders.address1,
        address2: careProviders.address2,
        address3: careProviders.address3,
        city: careProviders.city,
        state: careProviders.state,
        country: careProviders.country,
        zipCode: careProviders.zipCode,
        publicPhone: careProviders.publicPhone,
        publicPhoneExt: careProviders.publicPhoneExt,
        fax: careProviders.fax,
        institution: careProviders.institution,
        careProviderTitleValue: careProviders.titleValue,
        careProviderTitle: careProviders.title,
        photoFilename: careProviders.photoFilename,
        photoThumbnailFilename: careProviders.photoThumbnailFilename,
        preferredSecureMessageIfSystemId: careProviders.preferredSecureMessageSystemId,
        secureMessageRecipientForPatient: careTeamMembers.isSecureMessageRecipient,
      })
      .from(careTeamMembers)
      .innerJoin(careProviders, eq(careProviders.id, careTeamMembers.careProviderId))
      .where(and(eq(careTeamMembers.patientId, sql.placeholder('patientId')), isNull(careProviders.withdrawnAt)))
      .orderBy(
        asc(sql`lower(${careProviders.lastName})`),
        asc(sql`lower(${careProviders.firstName})`),
        asc(careTeamMembers.id),
      )
      .prepare('care_team_of_patient'),
  ).execute({ patientId: scope.patientId });
}

/** A provider's photo by its file name (the dashboard's cards ask for each): a prepared statement. */
export function findProfileImage(db: DbOrTx, fileName: string) {
  return prepared(db, 'profile_image_by_name', (db) =>
    db
      .select({ contentType: profileImages.contentType, data: profileImages.data })
      .from(profileImages)
      .where(eq(profileImages.fileName, sql.placeholder('fileName')))
      .limit(1)
      .prepare('profile_image_by_name'),
  )
    .execute({ fileName })
    .then((rows) => rows[0]);
}

export async function facilityExists(db: DbOrTx, facilityId: number): Promise<boolean> {
  const rows = await db.select({ id: facilities.id }).from(facilities).where(eq(facilities.id, facilityId)).limit(1);
  return rows.length > 0;
}

/** A facility's Contact Us list, in its sort order. */
export function listFacilityContacts(db: DbOrTx, facilityId: number) {
  return db
    .select({
      contactName: facilityContacts.contactName,
      address1: facilityContacts.address1,
      address2: facilityContacts.address2,
      city: facilityContacts.city,
      state: facilityContacts.state,
      zipCode: facilityContacts.zipCode,
      country: facilityContacts.country,
      phone: facilityContacts.phone,
      fax: facilityContacts.fax,
      email: facilityContacts.email,
      sortOrder: facilityContacts.sortOrder,
    })
    .from(facilityContacts)
    .where(eq(facilityContacts.facilityId, facilityId))
    .orderBy(asc(facilityContacts.sortOrder), asc(facilityContacts.id));
}

import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { facilities, languages, patients, personalContacts, users } from '../../db/schema/index';

// The reads of secure-messages.notices.ts: who is told that a new message is waiting.

export interface NoticeRecipient {
  email: string;
  firstName: string;
  /** The language the recipient reads the portal in (a locale, or a language code), by the portal's usual order. */
  language: string | null;
  /** An authorised representative of the patient rather than the patient. */
  forRepresentative: boolean;
  facilityId: number;
  portalName: string;
}

const facilityLanguages = alias(languages, 'facility_languages');
const contactLanguages = alias(languages, 'contact_languages');

/**
 * The patient's own account and every active authorised representative's (a contact still on the list, with the
 * access switched on), each with a confirmed email address: one query. Languages: the account's own choice, then
 * the patient's (or the contact's communication language), then the facility's default.
 */
export function findNoticeRecipients(db: DbOrTx, patientId: number): Promise<NoticeRecipient[]> {
  const patientsOwn = db
    .select({
      email: sql<string>`${users.email}`.as('email'),
      firstName: users.firstName,
      language: sql<
        string | null
      >`coalesce(${users.preferredLanguage}, ${patients.preferredLanguage}, ${facilityLanguages.code})`.as('language'),
      forRepresentative: sql<boolean>`false`.as('for_representative'),
      facilityId: facilities.id,
      portalName: facilities.portalName,
    })
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .innerJoin(facilities, eq(facilities.id, patients.homeFacilityId))
    .leftJoin(facilityLanguages, eq(facilityLanguages.id, facilities.defaultLanguageId))
    .where(and(eq(patients.id, patientId), isNotNull(users.email), eq(users.isEmailConfirmed, true)));
  const representatives = db
    .select({
      email: sql<string>`${users.email}`.as('email'),
      firstName: users.firstName,
      language: sql<
        string | null
      >`coalesce(${users.preferredLanguage}, ${contactLanguages.code}, ${facilityLanguages.code})`.as('language'),
      forRepresentative: sql<boolean>`true`.as('for_representative'),
      facilityId: facilities.id,
      portalName: facilities.portalName,
    })
    .from(personalContacts)
    .innerJoin(users, eq(users.id, personalContacts.authorizedRepresentativeUserId))
    .innerJoin(patients, eq(patients.id, personalContacts.patientId))
    .innerJoin(facilities, eq(facilities.id, patients.homeFacilityId))
    .leftJoin(facilityLanguages, eq(facilityLanguages.id, facilities.defaultLanguageId))
    .leftJoin(contactLanguages, eq(contactLanguages.id, personalContacts.communicationLanguageId))
    .where(
      and(
        eq(personalContacts.patientId, patientId),
        eq(personalContacts.isActive, true),
        eq(personalContacts.isAuthorizedRepresentativeActive, true),
        isNotNull(users.email),
        eq(users.isEmailConfirmed, true),
      ),
    );
  return patientsOwn.unionAll(representatives);
}
